"""Saved lineups: the lineups an account keeps per game (a team, a deck...), for any game
that offers the `Lineups` capability, and that game's catalogue and check over HTTP for the
pages that build them. The shapes: tavola/server/DECISIONS.md, "Saved lineups"."""
