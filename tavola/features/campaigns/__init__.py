"""Campaigns: a party's series of games of one game, the game's own state kept from
each to the next, for any game with the `Campaigns` capability; `feature` declares it to
the platform. Decisions: tavola/server/DECISIONS.md, "Campaigns"."""
