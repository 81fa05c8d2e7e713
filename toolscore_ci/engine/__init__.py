"""The claim engine: an index of what ran (built once per trace), the claims where they are
reported, and a registry of named checks that judge each claim against the index."""
