"""The scenario runner: scenarios as data, each passing or failing with a clear detail."""

import copy
import re
import tomllib
from pathlib import Path

import pytest

from tavola.core.scenario import run_file, run_scenario, scenario_files
from tavola.core.scenario_checks import MISSING, lookup
from tavola.features import features

features()  # the features' scenario kinds (a tournament's, a campaign's), as the CLI loads them


def _character(card_id: str, hp: int) -> dict:
    return {
        "card_id": card_id,
        "name": card_id,
        "type": "character",
        "rarity": "C",
        "series": "X",
        "alignment": "true_neutral",
        "sub_type": "balanced",
        "hp": hp,
        "str": 10,
        "mp": 10,
        "def": 10,
    }


CLASH = {
    "title": "clash",
    "game": "legends",
    "seed": 46,
    "expect_events": [{"type": "clash_won", "winner": "P1", "cards": 2, "reference": "hp"}],
    "config": {
        "mode": "simplified",
        "players": [{"name": "A", "age": 10}, {"name": "B", "age": 20}],
        "catalog": ["starter_S1", _character("X-C1", 300), _character("X-C2", 250)],
    },
    "setup": {
        "turn_order": ["P1", "P2"],
        "piles": {"P1": ["X-C1", "S1-003"], "P2": ["X-C2", "S1-003"]},
    },
    "step": [{"seat": "P1", "action": "flip"}, {"seat": "P2", "action": "flip"}],
    "expect": {
        "last_clash.winner": "P1",
        "referee.pile_cards.P1": ["S1-003", "X-C1", "X-C2"],
        "seats.P2.pile_size": 1,
        "pot": [],
    },
}


def _scenario(**changes) -> dict:
    data = copy.deepcopy(CLASH)
    data.update(changes)
    return data


def test_passing_scenario_passes():
    result = run_scenario(CLASH, "src")
    assert result.passed, result.detail
    assert result.line() == "PASS src — clash"


def test_wrong_expected_value_fails_naming_path_and_both_values():
    result = run_scenario(_scenario(expect={"seats.P2.pile_size": 7}), "src")
    assert not result.passed
    assert "seats.P2.pile_size" in result.detail
    assert "7" in result.detail
    assert "got 1" in result.detail
    assert result.line().startswith("FAIL src — clash: ")


def test_path_missing_from_view_fails():
    result = run_scenario(_scenario(expect={"seats.P9.pile_size": 1}), "src")
    assert not result.passed
    assert "seats.P9.pile_size" in result.detail
    assert "not in the referee view" in result.detail


def test_step_expected_refused_but_accepted_fails():
    steps = [{"seat": "P1", "action": "flip", "refused": "already_submitted"}]
    result = run_scenario(_scenario(step=steps, expect={}, expect_events=[]), "src")
    assert not result.passed
    assert "step 1" in result.detail
    assert "accepted, expected already_submitted" in result.detail


def test_step_refused_with_expected_code_passes():
    steps = [
        {"seat": "P1", "action": "flip"},
        {"seat": "P1", "action": "flip", "refused": "already_submitted"},
        {"seat": "P2", "action": "flip"},
    ]
    result = run_scenario(_scenario(step=steps), "src")
    assert result.passed, result.detail


def test_step_refused_with_another_code_fails_naming_both_codes():
    steps = [
        {"seat": "P1", "action": "flip"},
        {"seat": "P1", "action": "flip", "refused": "wrong_phase"},
    ]
    result = run_scenario(_scenario(step=steps, expect={}, expect_events=[]), "src")
    assert not result.passed
    assert "step 2" in result.detail
    assert "already_submitted" in result.detail
    assert "wrong_phase" in result.detail


def test_unexpected_refusal_fails():
    steps = [{"seat": "P1", "action": "flip"}, {"seat": "P1", "action": "flip"}]
    result = run_scenario(_scenario(step=steps, expect={}, expect_events=[]), "src")
    assert not result.passed
    assert "step 2" in result.detail
    assert "refused already_submitted" in result.detail


def test_step_without_seat_fails():
    result = run_scenario(_scenario(step=[{"action": "flip"}]), "src")
    assert not result.passed
    assert "step 1: needs 'seat' and 'action'" in result.detail


def test_expected_events_in_order_pass():
    events = ["flip_submitted", "cards_flipped", {"type": "clash_won", "winner": "P1"}]
    result = run_scenario(_scenario(expect_events=events), "src")
    assert result.passed, result.detail


def test_expected_events_in_wrong_order_fail():
    events = [{"type": "clash_won", "winner": "P1"}, "cards_flipped"]
    result = run_scenario(_scenario(expect_events=events), "src")
    assert not result.passed
    assert "cards_flipped" in result.detail
    assert "in order" in result.detail


def test_expected_event_with_wrong_data_fails():
    result = run_scenario(_scenario(expect_events=[{"type": "clash_won", "winner": "P2"}]), "src")
    assert not result.passed
    assert "clash_won" in result.detail


def test_nested_expect_tables_and_dotted_keys_mean_the_same():
    nested = {"seats": {"P2": {"pile_size": 1}}, "last_clash": {"winner": "P1"}}
    dotted = {"seats.P2.pile_size": 1, "last_clash.winner": "P1"}
    assert run_scenario(_scenario(expect=nested), "src").passed
    assert run_scenario(_scenario(expect=dotted), "src").passed


def test_nested_expect_tables_fail_like_dotted_keys():
    nested = run_scenario(_scenario(expect={"seats": {"P2": {"pile_size": 5}}}), "src")
    dotted = run_scenario(_scenario(expect={"seats.P2.pile_size": 5}), "src")
    assert not nested.passed
    assert nested.detail == dotted.detail


def test_unknown_top_level_key_fails():
    result = run_scenario(_scenario(expected={"pot": []}), "src")
    assert not result.passed
    assert "unknown keys ['expected']" in result.detail


def test_missing_game_fails():
    data = _scenario()
    del data["game"]
    result = run_scenario(data, "src")
    assert not result.passed
    assert "missing 'game'" in result.detail


def test_unknown_game_fails_cleanly():
    result = run_scenario(_scenario(game="nope"), "src")
    assert not result.passed
    assert "unknown_game" in result.detail


def test_bad_config_fails_cleanly():
    result = run_scenario(_scenario(config={"mode": "simplified"}), "src")
    assert not result.passed
    assert "players" in result.detail


def test_untitled_scenario_is_named_untitled():
    data = _scenario()
    del data["title"]
    assert run_scenario(data, "src").title == "(untitled)"


def test_step_action_without_type_fails_cleanly():
    result = run_scenario(_scenario(step=[{"seat": "P1", "action": {"k": 3}}]), "src")
    assert not result.passed
    assert "type" in result.detail


def test_empty_expect_table_for_missing_path_fails():
    result = run_scenario(_scenario(expect={"no_such_entry": {}}), "src")
    assert not result.passed


def test_expected_integer_does_not_match_a_boolean():
    result = run_scenario(_scenario(expect={"seats.P1.out": 0}), "src")
    assert not result.passed


def test_lookup_follows_dotted_mapping_keys():
    assert lookup({"a": {"b": {"c": 3}}}, "a.b.c") == 3


def test_lookup_indexes_lists_with_numeric_parts():
    data = {"a": [{"b": "x"}, {"b": "y"}]}
    assert lookup(data, "a.1.b") == "y"
    assert lookup(data, "a.0.b") == "x"
    assert lookup(data, "a.-1.b") == "y"


def test_lookup_of_absent_path_is_missing():
    data = {"a": [1, 2]}
    assert lookup(data, "a.2") is MISSING
    assert lookup(data, "a.x") is MISSING
    assert lookup(data, "b") is MISSING
    assert lookup(data, "a.0.c") is MISSING


def test_lookup_finds_falsy_values():
    assert lookup({"a": {"b": None}}, "a.b") is None
    assert lookup({"a": [0]}, "a.0") == 0


def test_lookup_with_non_ascii_digit_is_missing():
    assert lookup({"a": [1, 2]}, "a.²") is MISSING


def test_scenario_files_finds_toml_recursively_in_sorted_order(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "deep").mkdir(parents=True)
    for name in ("b/z.toml", "b/a.toml", "a/deep/m.toml", "top.toml", "notes.txt"):
        (tmp_path / name).write_text("")
    found = scenario_files([tmp_path])
    assert found == [
        tmp_path / "a" / "deep" / "m.toml",
        tmp_path / "b" / "a.toml",
        tmp_path / "b" / "z.toml",
        tmp_path / "top.toml",
    ]


def test_scenario_files_keeps_named_files_as_given(tmp_path):
    named = tmp_path / "one.toml"
    assert scenario_files([named, str(named)]) == [named, named]


def test_run_file_on_invalid_toml_fails_cleanly(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('title = "x"\ngame = \n')
    result = run_file(path)
    assert not result.passed
    assert result.source == str(path)
    assert result.title == "(unreadable)"
    assert result.detail


def test_run_file_on_missing_file_fails_cleanly(tmp_path):
    result = run_file(tmp_path / "absent.toml")
    assert not result.passed
    assert result.title == "(unreadable)"


def test_run_file_runs_a_toml_scenario(tmp_path):
    path = tmp_path / "clash.toml"
    path.write_text(
        'title = "from file"\ngame = "legends"\nseed = 46\n'
        "[config]\n"
        'mode = "simplified"\n'
        "players = [{ age = 10 }, { age = 20 }]\n"
        'deck_source = "starter"\n'
        "[[step]]\n"
        'seat = "P2"\n'
        'action = { type = "cut_deck", k = 10 }\n'
        "[expect]\n"
        '"seats.P1.pile_size" = 30\n'
        'phase = "simplified_flip"\n'
    )
    result = run_file(path)
    assert result.passed, result.detail
    assert result.title == "from file"


# -- checks in the middle of the steps ---------------------------------------------------------

P1_FLIPS = {"seat": "P1", "action": "flip"}
P2_FLIPS = {"seat": "P2", "action": "flip"}


def _with_steps(*steps, **changes) -> dict:
    """CLASH with these steps and no final checks unless `changes` add them."""
    return _scenario(**{"step": list(steps), "expect": {}, "expect_events": [], **changes})


def _failure(data: dict) -> str:
    result = run_scenario(data, "src")
    assert not result.passed
    return result.line()


def test_a_step_expect_is_checked_right_after_that_step():
    first = {**P1_FLIPS, "expect": {"clash.submitted": ["P1"], "seats.P1.pile_size": 2}}
    assert run_scenario(_with_steps(first, P2_FLIPS), "src").passed


def test_a_failing_step_expect_names_the_step_path_and_values():
    first = {**P1_FLIPS, "expect": {"clash.submitted": ["P1", "P2"]}}
    line = _failure(_with_steps(first, P2_FLIPS))
    assert line.startswith("FAIL src — clash: step 1: clash.submitted: expected ['P1', 'P2']")
    assert "got ['P1']" in line


def test_a_step_expect_accepts_nested_tables():
    first = {**P1_FLIPS, "expect": {"clash": {"submitted": ["P1"]}}}
    assert run_scenario(_with_steps(first), "src").passed


def test_a_step_of_checks_alone_plays_nothing():
    check = {"expect": {"clash.submitted": []}}
    assert run_scenario(_with_steps(check, P1_FLIPS, P2_FLIPS), "src").passed


def test_a_step_of_checks_alone_fails_like_any_step():
    line = _failure(_with_steps(P1_FLIPS, {"expect": {"clash.submitted": []}}))
    assert "step 2: clash.submitted: expected []" in line


def test_a_step_with_neither_action_nor_check_fails():
    assert "step 1: neither an action nor a check" in _failure(_with_steps({}))


def test_a_step_with_an_unknown_key_fails():
    line = _failure(_with_steps({**P1_FLIPS, "expect_legl": ["flip"]}))
    assert "step 1: unknown keys ['expect_legl']" in line


def test_refused_without_an_action_fails():
    line = _failure(_with_steps({"seat": "P1", "refused": "x", "expect": {"phase": "x"}}))
    assert "step 1: 'refused' and 'expect_action' need an action" in line


def test_a_step_with_both_action_and_bot_fails():
    line = _failure(_with_steps({**P1_FLIPS, "by": "reference"}))
    assert "step 1: 'action' or 'by', not both" in line


def test_a_step_checks_the_unchanged_table_after_a_refusal():
    again = {**P1_FLIPS, "refused": "already_submitted", "expect": {"clash.submitted": ["P1"]}}
    assert run_scenario(_with_steps(P1_FLIPS, again), "src").passed


# -- whose view ------------------------------------------------------------------------------


def test_view_names_the_seat_whose_view_the_final_expect_reads():
    assert run_scenario(_scenario(view="P2", expect={"viewer": "P2"}), "src").passed


def test_a_path_the_seat_does_not_see_fails_naming_the_view():
    line = _failure(_scenario(view="P2", expect={"referee.pile_cards.P1": ["S1-003"]}))
    assert "referee.pile_cards.P1: not in P2's view" in line


def test_view_public_and_referee_read_those_views():
    assert run_scenario(_scenario(view="public", expect={"viewer": "public"}), "src").passed
    assert run_scenario(_scenario(view="referee"), "src").passed
    line = _failure(_scenario(view="public", expect={"referee.pile_cards.P1": []}))
    assert "not in the public view" in line


def test_view_team_reads_a_team_of_the_game():
    assert run_scenario(_scenario(view="team:P1", expect={"pot": []}), "src").passed
    line = _failure(_scenario(view="team:P1", expect={"referee.deck": []}))
    assert "not in team:P1's view" in line


def test_a_view_naming_no_seat_or_team_fails():
    assert "view 'P9': not a seat of this table" in _failure(_scenario(view="P9"))
    assert "view 'team:Z': no such team" in _failure(_scenario(view="team:Z"))


def test_a_step_view_overrides_the_scenario_view_for_that_step():
    first = {**P1_FLIPS, "view": "referee", "expect": {"referee.pile_cards.P2": ["X-C2", "S1-003"]}}
    data = _with_steps(first, P2_FLIPS, view="P2", expect={"viewer": "P2"})
    assert run_scenario(data, "src").passed


def test_a_step_reads_the_scenario_view_by_default():
    first = {**P1_FLIPS, "expect": {"viewer": "P1"}}
    line = _failure(_with_steps(first, view="P2"))
    assert "step 1: viewer: expected 'P1', got 'P2'" in line


# -- legal actions ---------------------------------------------------------------------------

CUT = {
    "title": "cut",
    "game": "legends",
    "seed": 46,
    "config": {
        "mode": "simplified",
        "players": [{"age": 10}, {"age": 20}],
        "deck_source": "starter",
    },
}


def test_expect_legal_finds_an_action_by_its_fields():
    check = {"seat": "P2", "expect_legal": [{"type": "cut_deck", "k": 10}, "cut_deck"]}
    assert run_scenario({**CUT, "step": [check]}, "src").passed


def test_expect_legal_fails_when_no_legal_action_matches():
    check = {"seat": "P2", "expect_legal": [{"type": "cut_deck", "k": 999}]}
    line = _failure({**CUT, "step": [check]})
    assert "step 1: {'type': 'cut_deck', 'k': 999} is not among P2's legal actions" in line


def test_a_long_list_of_legal_actions_is_cut_short_in_the_failure_line():
    check = {"seat": "P2", "expect_legal": ["flip"]}
    line = _failure({**CUT, "step": [check]})
    assert "{'type': 'cut_deck', 'k': 7}, …] (60 in all)" in line
    assert "'k': 8}" not in line


def test_expect_not_legal_passes_when_no_legal_action_matches():
    check = {"seat": "P2", "expect_not_legal": [{"type": "cut_deck", "k": 999}, "flip"]}
    assert run_scenario({**CUT, "step": [check]}, "src").passed


def test_expect_not_legal_fails_naming_the_legal_action():
    check = {"seat": "P2", "expect_not_legal": [{"type": "cut_deck", "k": 10}]}
    line = _failure({**CUT, "step": [check]})
    assert (
        "step 1: {'type': 'cut_deck', 'k': 10} is legal for P2: {'type': 'cut_deck', 'k': 10}"
        in line
    )


def test_expect_legal_after_a_step_reads_the_seat_that_acted():
    first = {**P1_FLIPS, "expect_not_legal": ["flip"], "expect_only_legal": []}
    assert run_scenario(_with_steps(first, P2_FLIPS), "src").passed
    line = _failure(_with_steps({**P1_FLIPS, "expect_legal": ["flip"]}))
    assert "step 1: 'flip' is not among P1's legal actions: []" in line


def test_expect_only_legal_passes_when_the_entries_describe_every_legal_action():
    assert run_scenario(_with_steps({"seat": "P2", "expect_only_legal": ["flip"]}), "src").passed


def test_expect_only_legal_fails_on_a_legal_action_no_entry_describes():
    check = {"seat": "P2", "expect_only_legal": [{"type": "cut_deck", "k": 10}]}
    line = _failure({**CUT, "step": [check]})
    assert "step 1: {'type': 'cut_deck'} is legal for P2, expected only" in line


def test_expect_only_legal_fails_on_an_entry_no_legal_action_matches():
    line = _failure(_with_steps({"seat": "P2", "expect_only_legal": ["flip", "concede"]}))
    assert "step 1: 'concede' is not among P2's legal actions" in line


def test_expect_only_legal_empty_means_nothing_is_legal():
    line = _failure(_with_steps({"seat": "P2", "expect_only_legal": []}))
    assert "step 1: {'type': 'flip'} is legal for P2, expected only []" in line


def test_legal_checks_at_the_end_read_the_scenario_seat():
    assert run_scenario(_scenario(seat="P1", expect_legal=["flip"]), "src").passed
    line = _failure(_scenario(seat="P1", expect_not_legal=["flip"]))
    assert line.endswith("'flip' is legal for P1: {'type': 'flip'}")


def test_legal_checks_without_a_seat_fail():
    line = _failure(_with_steps({"expect_legal": ["flip"]}))
    assert "step 1: ['expect_legal'] need a 'seat'" in line
    assert "need a 'seat'" in _failure(_scenario(expect_not_legal=["flip"]))


def test_legal_checks_for_a_seat_not_at_the_table_fail():
    line = _failure(_with_steps({"seat": "P9", "expect_not_legal": ["flip"]}))
    assert "step 1: seat 'P9': not a seat of this table" in line


def test_a_legal_entry_without_a_type_fails():
    line = _failure(_with_steps({"seat": "P1", "expect_legal": [{"k": 1}]}))
    assert "expect_legal entries are type names or tables with 'type'" in line


# -- events ----------------------------------------------------------------------------------


def test_step_expect_events_read_that_steps_events_only():
    second = {**P2_FLIPS, "expect_events": ["flip_submitted", "clash_won"]}
    assert run_scenario(_with_steps(P1_FLIPS, second), "src").passed
    first = {**P1_FLIPS, "expect_events": ["clash_won"]}
    line = _failure(_with_steps(first, P2_FLIPS))
    assert "step 1: expected event 'clash_won' not found (in order) in the referee view" in line


def test_expect_no_events_passes_when_the_step_produced_none_of_them():
    first = {**P1_FLIPS, "expect_no_events": ["cards_flipped", "clash_won"]}
    assert run_scenario(_with_steps(first, P2_FLIPS), "src").passed


def test_expect_no_events_fails_naming_the_event_that_happened():
    second = {**P2_FLIPS, "expect_no_events": ["clash_won"]}
    line = _failure(_with_steps(P1_FLIPS, second))
    assert "step 2: event 'clash_won' happened in the referee view: clash_won {" in line
    assert "'winner': 'P1'" in line


def test_expect_no_events_with_fields_matches_those_fields_only():
    assert run_scenario(
        _scenario(expect_no_events=[{"type": "clash_won", "winner": "P2"}]), "src"
    ).passed
    line = _failure(_scenario(expect_no_events=[{"type": "clash_won", "winner": "P1"}]))
    assert "event {'type': 'clash_won', 'winner': 'P1'} happened" in line


def test_event_checks_need_an_accepted_action():
    line = _failure(_with_steps({"expect_no_events": ["clash_won"]}))
    assert "step 1: ['expect_no_events'] need an action the game accepts" in line
    refused = {**P1_FLIPS, "refused": "already_submitted", "expect_events": ["flip_submitted"]}
    line = _failure(_with_steps(P1_FLIPS, refused))
    assert "step 2: ['expect_events'] need an action the game accepts" in line


DRAW = {
    "title": "draw",
    "game": "legends",
    "seed": 1,
    "config": {
        "mode": "classic",
        "players": [
            {"name": "P", "age": 10, "main_card_id": "S1-001"},
            {"name": "D", "age": 20, "main_card_id": "S1-002"},
        ],
    },
    "setup": {"turn_order": ["P1", "P2"], "deck": ["S1-003"]},
    "step": [{"seat": "P1", "action": "end_turn"}],
}


def test_events_are_read_as_the_view_sees_them():
    seen = {"type": "card_drawn", "seat": "P2"}
    drawn = {"type": "card_drawn", "card_id": "S1-003"}
    data = {**DRAW, "view": "P1", "expect_events": [seen], "expect_no_events": [drawn]}
    assert run_scenario(data, "src").passed
    line = _failure({**DRAW, "expect_no_events": [drawn]})
    assert "event {'type': 'card_drawn', 'card_id': 'S1-003'} happened in the referee view" in line


# -- absent, null and hidden values ----------------------------------------------------------


def test_expect_absent_passes_for_a_path_the_view_lacks():
    assert run_scenario(
        _scenario(view="P2", expect={}, expect_absent=["referee", "seats.P9"]), "src"
    ).passed


def test_expect_absent_fails_on_a_present_path_even_when_null():
    line = _failure(_scenario(expect_absent=["referee.pile_cards.P1"]))
    assert "referee.pile_cards.P1: expected absent from the referee view, got [" in line
    assert "got None" in _failure(_scenario(expect_absent=["war_seats"]))


def test_expect_absent_in_a_step_names_the_step():
    first = {**P1_FLIPS, "view": "P1", "expect_absent": ["clash.submitted"]}
    assert "step 1: clash.submitted: expected absent from P1's view" in _failure(_with_steps(first))


def test_expect_null_passes_for_a_null_value():
    first = {**P1_FLIPS, "expect_null": ["last_clash", "war_seats"]}
    assert run_scenario(_with_steps(first, P2_FLIPS, expect_null=["war_seats"]), "src").passed


def test_expect_null_fails_on_a_value_or_a_missing_path():
    assert "last_clash: expected null, got {" in _failure(_scenario(expect_null=["last_clash"]))
    assert "nope: not in the referee view" in _failure(_scenario(expect_null=["nope"]))


def test_expect_hidden_passes_when_the_text_is_nowhere_in_the_view():
    first = {**P1_FLIPS, "view": "P2", "expect_hidden": ["X-C1", "X-C2"]}
    assert run_scenario(_with_steps(first), "src").passed


def test_expect_hidden_fails_showing_where_the_text_is():
    first = {**P1_FLIPS, "expect_hidden": ["X-C1"]}
    line = _failure(_with_steps(first))
    assert "step 1: 'X-C1' is in the referee view: …" in line
    assert '"X-C1"' in line


def test_expect_hidden_entries_are_non_empty_strings():
    assert "non-empty strings" in _failure(_scenario(expect_hidden=[""]))
    assert "non-empty strings" in _failure(_scenario(expect_hidden=[3]))


def test_a_check_that_is_not_a_list_fails():
    assert "expect_absent must be a list" in _failure(_scenario(expect_absent="pot"))


DOCS = Path(__file__).resolve().parents[2] / "docs" / "scenarios.md"
EXAMPLES = re.findall(r"```toml\n(.*?)```", DOCS.read_text(), re.S)


def test_the_documentation_has_examples():
    assert len(EXAMPLES) == DOCS.read_text().count("```toml")
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_the_examples_of_the_documentation_pass(number):
    result = run_scenario(tomllib.loads(EXAMPLES[number]), f"docs example {number + 1}")
    assert result.passed, result.line()
