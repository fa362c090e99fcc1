"""Stand-in for vertexai (palm-2, not rendered)."""
