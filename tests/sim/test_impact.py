"""A card's impact is measured on the cards chance dealt each seat, not on those it
played (issue 32: the side that wins plays more of its cards, so "played" credited every
card with its side's wins)."""

from tavola.sim.balance import analyse
from tavola.sim.report import exposure_words
from tavola.sim.runner import simulate
from tavola.sim.spec import build_spec


def classic_rows():
    spec = build_spec(
        "legends", ["reference", "reference"], 3, {"mode": "classic", "max_rounds": 15}, rotate=True
    )
    result = simulate(spec, 16, workers=1)
    return [{k: str(v) for k, v in row.items()} for row in result.rows]


def pooled(balance):
    return sum(c.rate.wins for c in balance.cards) / sum(c.rate.n for c in balance.cards)


def test_a_battle_row_says_what_each_seat_was_dealt_and_impact_is_measured_on_it():
    rows = classic_rows()
    for row in rows:
        for seat in ("P1", "P2"):
            dealt = row[f"dealt_{seat}"].split()
            # the opening hand (five cards) and the main: copies of one card share a cell
            assert 1 <= len(dealt) <= 6
    dealt = analyse(rows)
    assert dealt.exposed
    played = analyse([{k: v for k, v in row.items() if not k.startswith("dealt_")} for row in rows])
    assert not played.exposed
    base = dealt.baseline.p
    # Every seat is dealt alike, so the cards' pooled win rate is the baseline's; the cards
    # played lean towards the winners.
    assert abs(pooled(dealt) - base) < 0.03
    assert pooled(played) > base + 0.05


def test_the_report_defines_the_measure_it_used():
    assert "dealt" in exposure_words(True, "card") and "chance" in exposure_words(True, "card")
    assert "leans towards winners" in exposure_words(False, "card")
