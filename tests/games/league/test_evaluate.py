"""League's evaluation for the search bots: the battle still ahead this turn is foreseen
(`forecast`), so that a designation, a card set face down or an attack is worth what it
will do once the legends are revealed."""

from tavola.core import Action
from tavola.games.league.evaluate import LETHAL, evaluate
from tavola.games.league.forecast import Battle, battle

from .engine_support import entry, table


def test_e3_forecast_a_bigger_blocker_sends_the_attacker_to_the_rest_room():
    """L02 (1500 + A01 300) against L13 (2500): blocked, A02 pierces for 400, L02 exits."""
    assert battle(entry("L02", "L13").state) == Battle(400, (0, 0), ("L02", None))


def test_forecast_an_unblocked_hit_deals_the_attackers_dv_and_its_bonus():
    """L07 (3500) against L09 (1000): basic's rule declines the block, A03 adds 800."""
    assert battle(entry("L07", "L09").state) == Battle(4300, (0, 0), (None, None))


def test_forecast_plays_a_face_down_card_its_owner_can_pay_for():
    """C02 (+1200 in window `open`, cost 4) lifts L04 past L13: the hit grows by 1200."""
    bare = battle(entry("L04", "L13").state)
    armed = battle(entry("L04", "L13", seats={"0": {"zone": ["C02"]}}).state)
    assert bare is not None and armed is not None
    assert armed.damage == bare.damage + 1200


def test_forecast_leaves_a_card_its_owner_cannot_pay_for():
    """With pool 5, L04's entry (3) leaves 2: C02 (cost 4) stays face down."""
    armed = battle(entry("L04", "L13", pools=[5, 12], seats={"0": {"zone": ["C02"]}}).state)
    assert armed == battle(entry("L04", "L13", pools=[5, 12]).state)


def test_r27_a_designation_is_worth_the_legend_it_sends():
    """Attacking with pool 12 into a waiting room of weak legends: sending L07 (through,
    4300 damage) is worth more than sending L01 (blocked, to the rest room)."""
    setup = {"start": "tactic", "attacker": 0, "seats": {"1": {"waiting": ["L09", "L10"]}}}
    worth = {}
    for legend in ("L01", "L07"):
        t = table(setup)
        t.act("0", Action("designate_legend", legend=legend))
        worth[legend] = evaluate(t.state, "0")
    assert worth["L07"] > worth["L01"]


def test_v1_a_foreseen_lethal_hit_is_nearly_won_for_the_attacker():
    t = entry("L07", "L09", seats={"1": {"life": 4000}})
    assert evaluate(t.state, "0") == LETHAL
    assert evaluate(t.state, "1") == -LETHAL
