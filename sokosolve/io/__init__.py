"""Paths and streams: finding level files and reading them, and the formats results are
written in.

Rule: io imports the level, the replay check and the result types only.
"""
