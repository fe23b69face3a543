"""The nine alignments of Part 6, their two sub-types each, and the side they belong to."""

from __future__ import annotations

from typing import Literal

Side = Literal["good", "neutral", "evil"]

Alignment = Literal[
    "lawful_good",
    "humanitarian_good",
    "chaotic_good",
    "lawful_neutral",
    "true_neutral",
    "chaotic_neutral",
    "lawful_evil",
    "subversive_evil",
    "chaotic_evil",
]

SubType = Literal[
    "pure",
    "compassionate",
    "altruist",
    "pacifist",
    "rebel",
    "free_spirit",
    "traditionalist",
    "judge",
    "balanced",
    "independent",
    "individualist",
    "unpredictable",
    "dominator",
    "schemer",
    "egoist",
    "cynic",
    "anarchist",
    "sadist",
]

ALIGNMENTS: dict[str, tuple[Side, tuple[str, str]]] = {
    "lawful_good": ("good", ("pure", "compassionate")),
    "humanitarian_good": ("good", ("altruist", "pacifist")),
    "chaotic_good": ("good", ("rebel", "free_spirit")),
    "lawful_neutral": ("neutral", ("traditionalist", "judge")),
    "true_neutral": ("neutral", ("balanced", "independent")),
    "chaotic_neutral": ("neutral", ("individualist", "unpredictable")),
    "lawful_evil": ("evil", ("dominator", "schemer")),
    "subversive_evil": ("evil", ("egoist", "cynic")),
    "chaotic_evil": ("evil", ("anarchist", "sadist")),
}


def side_of(alignment: str) -> Side:
    return ALIGNMENTS[alignment][0]


def permits(permission: Side, card_side: Side) -> bool:
    """Whether a seat with this permission may use a card of this side (§3.6)."""
    return permission == "neutral" or card_side in (permission, "neutral")
