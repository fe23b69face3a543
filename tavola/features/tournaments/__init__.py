"""Tournaments: entrants registered, rounds paired, tables opened and results recorded to
standings, for any game with the `TournamentRules` capability. The format itself (pairing,
standings, the record of results) is plain data in `format`; `feature` declares the rest
to the platform."""
