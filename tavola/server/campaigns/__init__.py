"""Campaigns on the server, for any game with the `Campaigns` capability: the store's
campaign, its party's seats and links, the choices between games, each game opened as a
table and recorded at its end. Decisions: tavola/server/DECISIONS.md, "Campaigns"."""
