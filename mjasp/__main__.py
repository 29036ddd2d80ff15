"""``python -m mjasp`` runs the command line."""

from mjasp.cli import main

if __name__ == "__main__":
    main()
