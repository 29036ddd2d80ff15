"""``python -m mjasp`` runs the command line."""

from mjasp.cli import main

main()
