"""Pictures of the value types (SVG, PNG)."""
