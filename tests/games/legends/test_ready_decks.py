"""R142, R146: the ready-made decks a tournament offers (a person's one click, a bot's
registration when the organiser gives none) are legal under the tournament's deck rules,
whatever their size and copies."""

from __future__ import annotations

import pytest

from tavola.features.tournaments.format import Entrant
from tavola.games.legends.tournament import (
    LegendsTournamentOptions,
    check_entrant,
    ready_registration,
    registration_choices,
)


@pytest.mark.parametrize(
    "rules", [{}, {"deck_size": 6}, {"deck_size": 60, "max_copies": 4}, {"max_copies": 1}]
)
def test_r146_every_ready_made_deck_is_legal_under_the_tournaments_rules(rules):
    options = LegendsTournamentOptions(**rules)
    for number in range(4):
        bot = Entrant(
            name="Bot", kind="reference", registration=ready_registration(options, number)
        )
        kept = check_entrant(bot, options)
        assert len(kept.registration["deck"]) == options.deck_size


def test_a_ready_made_deck_is_offered_by_its_name_in_the_readers_language():
    options = LegendsTournamentOptions(deck_size=6)
    italian = registration_choices(options, "it")["ready"]
    english = registration_choices(options, "en")["ready"]
    assert italian[0]["name"] == "Luce dell'Alba" and english[0]["name"] == "Light of Dawn"
    assert italian[0]["deck"] == english[0]["deck"]


def test_no_ready_made_deck_when_the_legal_cards_cannot_fill_the_deck():
    options = LegendsTournamentOptions(deck_size=1000, max_copies=1)
    assert registration_choices(options, "en")["ready"] == []
    assert ready_registration(options, 0) == {}
