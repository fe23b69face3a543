"""Rules of the battle engine that no §12 scenario names (the scenarios under
scenarios/league/ cover the others)."""

from tavola.core import Action, IllegalAction, Viewer

from .engine_support import entry, table


def test_r7_a_turn_runs_its_phases_in_order():
    t = table({"dice_script": [5, 3]})
    for seat in ("0", "1"):
        t.act(seat, Action("keep_die"))
    phases = [t.view(Viewer.referee())["phase"]]
    t.act("0", Action("designate_legend", legend="L01"))
    phases.append(t.view(Viewer.referee())["phase"])
    t.act("1", Action("designate_legend", legend="L09"))
    phases.append(t.view(Viewer.referee())["phase"])
    assert phases == ["TACTIC", "TACTIC", "BATTLE"]
    types = [e.type for e in t.events]
    order = [
        "TURN_STARTED",
        "DICE_ROLLED",
        "ROLES_DECIDED",
        "COST_GAINED",
        "CARDS_DRAWN",
        "TACTIC_STEP_ENDED",
        "LEGEND_ENTERED",
    ]
    positions = [types.index(kind, types.index("TURN_STARTED")) for kind in order]
    assert positions == sorted(positions)


def test_r8_r23_the_attacker_acts_completely_before_the_defender():
    t = table({"start": "tactic", "attacker": 1, "seats": {"1": {"hand": ["C27"]}}})
    assert t.to_act == {"1"}
    t.act("1", Action("use_support", card="C27"))
    assert t.to_act == {"1"}
    t.act("1", Action("designate_legend", legend="L09"))
    assert t.to_act == {"0"}


def test_r9_roles_hold_for_the_whole_turn():
    t = entry("L05", "L12")
    t.act("0", Action("declare_attack"))
    t.act("1", Action("declare_block"))
    types = [e.type for e in t.events]
    assert "ROLES_DECIDED" not in types[: types.index("TURN_ENDED")]


def test_r29_designation_deducts_nothing_until_entry():
    t = table({"start": "tactic", "attacker": 0, "pools": [8, 8]})
    t.act("0", Action("designate_legend", legend="L07"))
    assert t.view(Viewer.referee())["seats"]["0"]["pool"] == 8
    t.act("1", Action("designate_legend", legend="L09"))
    assert t.view(Viewer.referee())["seats"]["0"]["pool"] == 2


def test_r32_r48_the_open_window_asks_the_attacker_then_the_defender():
    t = entry("L05", "L13", seats={"0": {"zone": ["C01"]}, "1": {"zone": ["C03"]}})
    view = t.view(Viewer.referee())
    assert (view["window"], view["window_seat"]) == ("open", "0")
    t.act("0", Action("pass"))
    assert t.view(Viewer.referee())["window_seat"] == "1"
    t.act("1", Action("pass"))
    assert t.view(Viewer.referee())["stage"] == "attack_decision"


def test_r35_on_attack_abilities_resolve_before_the_attack_window():
    t = entry("L04", "L13", seats={"1": {"zone": ["C06"]}})
    t.act("1", Action("pass"))
    t.act("0", Action("declare_attack"))
    said = [(e.type, e.data.get("ability")) for e in t.events]
    assert said.index(("ABILITY_TRIGGERED", "A07")) > said.index(("ATTACK_DECLARED", None))
    view = t.view(Viewer.referee())
    assert view["modifiers"]["dv_mod"][0] == 1100  # A01 +300 on entry, A07 +800 on attack
    assert (view["window"], view["window_seat"]) == ("attack", "1")


def test_r41_no_block_no_exit_phase():
    t = entry("L05", "L13")
    t.act("0", Action("declare_attack"))
    t.act("1", Action("declare_no_block"))
    assert "LEGEND_EXITED" not in [e.type for e in t.events]


def test_r49_a_player_with_face_down_cards_is_asked_even_if_none_fits():
    t = entry("L05", "L13", seats={"1": {"zone": ["C08"]}})
    view = t.view(Viewer.referee())
    assert (view["window"], view["window_seat"]) == ("open", "1")
    assert t.game.legal_actions(t.state, "1") == [Action("pass"), Action("concede")]


def test_r55_a_modifier_used_before_designation_applies_to_the_legend_that_enters():
    t = table({"start": "tactic", "attacker": 0, "seats": {"0": {"hand": ["C27"]}}})
    t.act("0", Action("use_support", card="C27"))
    t.act("0", Action("designate_legend", legend="L01"))
    t.act("1", Action("designate_legend", legend="L09"))
    assert t.view(Viewer.referee())["effective_dv"][0] == 1000 + 600 + 300


def test_r59_break_sends_a_face_down_card_to_the_discard_unresolved():
    t = table(
        {
            "start": "tactic",
            "attacker": 1,
            "seats": {"0": {"zone": ["C05", "C01"]}, "1": {"hand": ["C26"]}},
        }
    )
    t.act("1", Action("use_support", card="C26", target=1))
    view = t.view(Viewer.referee())["seats"]["0"]
    assert [c["card_id"] for c in view["discard"]] == ["C01"] and view["zone_count"] == 1
    assert [e.data["card_id"] for e in t.events if e.type == "CARD_DESTROYED"] == ["C01"]


def test_r60_salvage_cannot_take_the_card_being_resolved():
    t = table(
        {"start": "tactic", "attacker": 0, "seats": {"0": {"hand": ["C25"], "discard": ["C10"]}}}
    )
    targets = {
        a.args.get("target") for a in t.game.legal_actions(t.state, "0") if a.type == "use_support"
    }
    assert targets == {"0-40"}
    t.act("0", Action("use_support", card="C25", target="C10"))
    seat = t.view(Viewer.referee())["seats"]["0"]
    assert [c["card_id"] for c in seat["hand"]] == ["C10"]
    assert [c["card_id"] for c in seat["discard"]] == ["C25"]


def test_r60_a_salvaged_card_is_known_to_the_opponent():
    t = table(
        {"start": "tactic", "attacker": 0, "seats": {"0": {"hand": ["C25"], "discard": ["C10"]}}}
    )
    t.act("0", Action("use_support", card="C25", target="C10"))
    assert t.view(Viewer.seat("1"))["seats"]["0"]["known_hand"] == [
        {"card": "0-40", "card_id": "C10"}
    ]


def test_r26_setting_is_free_and_face_down():
    t = table(
        {"start": "tactic", "attacker": 0, "pools": [3, 3], "seats": {"0": {"hand": ["C10"]}}}
    )
    t.act("0", Action("set_tactic", card="C10"))
    assert t.view(Viewer.referee())["seats"]["0"]["pool"] == 3
    assert t.view(Viewer.seat("1"))["seats"]["0"]["zone"] == [{"set_turn": 1}]


def test_refusal_leaves_the_state_unchanged_and_names_the_field():
    t = table({"start": "tactic", "attacker": 0})
    before = t.hash
    try:
        t.act("0", Action("designate_legend", legend="L01", extra=1))
    except IllegalAction as refused:
        assert (refused.code, refused.message) == ("MALFORMED_ACTION", "extra: unexpected argument")
    assert t.hash == before
