"""Stand-in for gymnasium (see spaces.py)."""
