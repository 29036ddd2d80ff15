"""What a win is worth: ``mjasp.score`` and random winning situations."""
