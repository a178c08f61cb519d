"""Rules objects: one module per family of games."""
