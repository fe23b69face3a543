"""Tournaments on the server: created, registered for, started, and each round's games
opened as ordinary tables, recorded at their end and published after each round."""
