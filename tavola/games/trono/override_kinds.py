"""Which referee overrides there are (R66) and which of them the public board shows: the
ones that concern a team's own figures or characters stay between the team and the
referees (§8)."""

from __future__ import annotations

KINDS = (
    "adjust_parameter",
    "grant_character",
    "revoke_character",
    "set_charges",
    "set_seat",
    "move_player",
    "remove_player",
    "disqualify_team",
    "assign_house",
    "reschedule_turn",
    "correct_draw",
    "end_game",
)
"""Every override, in the order a referee reaches for them (the console's menu too)."""
TEAM_ONLY = frozenset({"adjust_parameter", "grant_character", "revoke_character", "set_charges"})
PUBLIC_OVERRIDES = frozenset(KINDS) - TEAM_ONLY
NOT_OVERRIDABLE = frozenset(
    {"accept_late_post", "reopen_post", "edit_post", "revoke_post", "reveal_preferences"}
)
"""R67: a late or reopened post, a sealed post's edit or revocation, revealed preferences."""
