"""Timed battles (§5.13, R110–R114, R116) and the platform's `timeout` action (A16).
R115 is the simplified mode's."""

from tavola.core import Action, Table

from .battle_tables import (
    END_TURN,
    POTION,
    attack,
    battle,
    ch,
    char,
    events,
    fight,
    hand,
    on,
    refused,
    types,
)

S = char("X-S", 300, 50, 0, 10)
X = char("X-X", 300, 30, 0, 60)
TIMERS = {"turn_s": 60}


def timeout(table, seat):
    """The platform's timeout for the seat's pending decision."""
    action = table.game.timeout_action(table.state, seat)
    table.act(seat, action)
    return action


def test_r110_a_timeout_for_a_decision_no_longer_pending_is_stale():
    # SC40's second timeout.
    table = battle({"P1": {}, "P2": {}}, deck=[POTION] * 3, timers=TIMERS)
    first = timeout(table, "P1")
    assert refused(table, "P1", first) == "stale_timeout"
    assert refused(table, "P2", Action("timeout", decision_id="nonsense")) == "stale_timeout"


def test_r110_clocks_name_the_pending_decision():
    table = battle({"P1": {}, "P2": {}}, timers=TIMERS)
    clocks = table.game.clocks(table.state)
    assert set(clocks) == {"P1"}
    assert clocks["P1"].seconds == 60


def test_r111_the_turn_clock_runs_only_in_the_main_phase():
    timers = {"turn_s": 60, "response_s": 9, "counter_s": 20}
    table = battle(
        {"P1": {"table": [on("X-S", "A")], "hand": [POTION]}, "P2": {"table": [on("X-X", "Y")]}},
        cards=[S, X],
        timers=timers,
    )
    clock = table.game.clocks(table.state)["P1"]
    assert (clock.kind, clock.seconds) == ("turn", 60)
    table.act("P1", attack("A", target="Y"))
    clock = table.game.clocks(table.state)["P1"]  # P1 holds priority in the window
    assert (clock.kind, clock.seconds) == ("response", 9)
    table.act("P1", Action("pass"))
    table.act("P1", END_TURN)
    clock = table.game.clocks(table.state)["P2"]
    assert (clock.kind, clock.seconds) == ("counter", 20)


def test_r111_turn_timeout_ends_the_turn_and_counters_still_happen():
    # SC40: P1 attacks a character of P2, then times out in its main phase.
    table = battle(
        {"P1": {"table": [on("X-S", "A"), on("X-S", "B")]}, "P2": {"table": [on("X-X", "Y")]}},
        cards=[S, X],
        deck=[POTION] * 3,
        timers=TIMERS,
    )
    fight(table, "P1", attack("A", target="Y"))
    count = len(table.events)
    timeout(table, "P1")
    assert types(table, count)[:3] == ["timeout", "main_phase_ended", "counter_started"]
    assert hand(table, "P1") == []  # no forgo draws for B
    assert ch(table, "B").forwent is False
    assert table.to_act == {"P2"}


def test_r112_defence_setup_timeout_readies_with_no_stat_stated():
    # With defence_stat_rule = choice and no stat stated, the higher of DEF and MP counts.
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-T", "T")]}},
        cards=[S, char("X-T", 300, 10, 70, 40)],
        defence_stat_rule="choice",
        timers=TIMERS,
    )
    table.act("P1", attack("A", target="T"))
    assert table.state.phase == "defence_setup"
    timeout(table, "P2")
    assert events(table, "defence_ready") == [{"seat": "P2", "stat": None}]
    while table.state.phase == "window":
        (seat,) = table.to_act
        table.act(seat, Action("pass"))
    resolved = events(table, "attack_resolved")[0]
    assert (resolved["D_val"], resolved["result"]) == (70, "parried")


def test_r112_priority_timeout_passes():
    # SC41: P2 holds priority in a window.
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-X", "Y")], "hand": [POTION]}},
        cards=[S, X],
        timers=TIMERS,
    )
    table.act("P1", attack("A", target="Y"))
    table.act("P2", Action("defence_ready"))
    table.act("P1", Action("pass"))
    assert table.to_act == {"P2"}
    count = len(table.events)
    timeout(table, "P2")
    assert events(table, "priority_passed", count) == [{"seat": "P2", "auto": False}]
    assert events(table, "attack_resolved")[0]["result"] == "parried"


def test_r113_counter_timeout_ends_the_counter_phase():
    table = battle(
        {"P1": {"table": [on("X-S", "A")]}, "P2": {"table": [on("X-X", "Y")]}},
        cards=[S, X],
        deck=[POTION] * 3,
        timers=TIMERS,
    )
    fight(table, "P1", attack("A", target="Y"))
    table.act("P1", END_TURN)
    assert table.state.phase == "counter"
    timeout(table, "P2")
    assert events(table, "counter_ended") == [{"seat": "P2"}]
    assert table.state.battle.active_seat == "P2"


def setup_table(seed=5, **options):
    config = {
        "mode": "classic",
        "players": [
            {"age": 10, "contribution": ["S1-012", "S1-015", "S1-011"]},
            {"age": 20, "contribution": ["S1-009", "S1-011", "S1-016"]},
        ],
        "timers": {"setup_s": 30},
        **options,
    }
    return Table("legends", config, seed)


def test_r114_main_choice_timeout_picks_a_legal_main():
    config = {
        "mode": "classic",
        "sides": "good_vs_evil",
        "players": [
            {"age": 10, "team": "good", "contribution": [POTION] * 4},
            {"age": 20, "team": "evil", "main_card_id": "S1-017", "contribution": [POTION] * 4},
        ],
        "timers": {"setup_s": 30},
    }
    table = Table("legends", config, 1)
    assert table.to_act == {"P1"}
    timeout(table, "P1")
    main = table.state.catalog[table.state.instances["mP1"]]
    assert main.type == "character"
    assert main.side in ("good", "neutral")
    assert "mains_revealed" in types(table)


def test_r114_cut_timeout_cuts_at_a_legal_point():
    table = setup_table()
    table.act("P1", Action("choose_main", card_id="S1-012"))
    table.act("P2", Action("choose_main", card_id="S1-015"))
    size = len(table.state.deck)
    timeout(table, "P2")
    (cut,) = events(table, "deck_cut")
    assert cut["seat"] == "P2" and 1 <= cut["k"] <= size - 1


def test_r114_formation_timeout_places_nothing_beyond_the_main():
    table = setup_table()
    table.act("P1", Action("choose_main", card_id="S1-012"))
    table.act("P2", Action("choose_main", card_id="S1-015"))
    table.act("P2", Action("cut_deck", k=1))
    assert len(hand(table, "P1")) == 3  # three neutral characters it could place
    timeout(table, "P1")
    table.act("P2", Action("place_initial", iids=[]))
    assert table.state.seats["P1"].table == ["mP1"]


def test_r116_autopilot_after_k_timeouts_in_a_row():
    # SC70: autopilot_after = 2.
    table = battle(
        {"P1": {}, "P2": {}}, deck=[POTION] * 6, timers={"turn_s": 60, "autopilot_after": 2}
    )
    timeout(table, "P1")
    timeout(table, "P2")
    assert "autopilot_on" not in types(table)
    timeout(table, "P1")
    assert events(table, "autopilot_on") == [{"seat": "P1"}]
    assert table.state.seats["P1"].autopilot is True


def test_r116_a_seat_on_autopilot_gets_it_back_by_acting():
    table = battle(
        {"P1": {}, "P2": {}}, deck=[POTION] * 6, timers={"turn_s": 60, "autopilot_after": 1}
    )
    timeout(table, "P1")
    table.act("P2", END_TURN)
    assert table.state.seats["P1"].autopilot is True
    table.act("P1", Action("autopilot", action={"type": "end_turn"}))
    assert table.state.seats["P1"].autopilot is True  # the bot's move keeps the autopilot
    table.act("P2", END_TURN)
    table.act("P1", END_TURN)
    assert table.state.seats["P1"].autopilot is False
    assert events(table, "autopilot_off") == [{"seat": "P1"}]


def test_a16_timeout_reports_itself_then_the_forced_actions_events():
    table = battle({"P1": {}, "P2": {}}, deck=[POTION] * 3, timers=TIMERS)
    decision = table.game.timeout_action(table.state, "P1").get("decision_id")
    count = len(table.events)
    timeout(table, "P1")
    assert events(table, "timeout", count) == [{"seat": "P1", "decision_id": decision}]
    assert types(table, count)[1] == "main_phase_ended"
