"""The games of the platform; each registers itself through the `tavola.games` entry points."""
