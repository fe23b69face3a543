"""Invariants of the simplified mode across random play (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tavola.core import Rng, Table

options = st.fixed_dictionaries(
    {
        "special_card_value": st.sampled_from(["zero", "reflip"]),
        "switch_applies": st.sampled_from(["current", "next"]),
        "war_participants": st.sampled_from(["all", "tied_only"]),
        "shuffle_winnings": st.booleans(),
        "max_clashes": st.integers(min_value=1, max_value=80),
    }
)


def cards_in_play(state):
    held = [i for pile in (state.strappa.piles.values() if state.strappa else []) for i in pile]
    clash = state.strappa.clash if state.strappa else None
    flipped = [i for cards in (clash.flipped.values() if clash else []) for i in cards]
    return sorted(held + flipped + state.strappa.pot + state.set_aside + state.deck)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**31),
    players=st.integers(min_value=2, max_value=8),
    options=options,
)
def test_no_card_is_ever_created_or_lost(seed, players, options):
    config = {
        "mode": "simplified",
        "deck_source": "starter",
        "players": [{"age": 10 + 3 * i} for i in range(players)],
        "simplified": options,
    }
    table = Table("legends", config, seed)
    every_card = sorted(table.state.instances)
    rng = Rng(seed)
    while table.to_act:
        seat = sorted(table.to_act)[0]
        table.act(seat, rng.choice(table.game.legal_actions(table.state, seat)))
        assert cards_in_play(table.state) == every_card
    outcome = table.outcome
    assert outcome is not None
    assert set(outcome.placements) == set(table.state.seats)
    assert all(outcome.placements[w] == 1 for w in outcome.winners)
    assert outcome.draw == (len(outcome.winners) > 1)
