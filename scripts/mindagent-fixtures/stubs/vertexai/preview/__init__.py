"""Stand-in for vertexai.preview."""
