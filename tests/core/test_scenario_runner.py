"""The scenario runner: scenarios as data, each passing or failing with a clear detail."""

import copy

from tavola.core.scenario import MISSING, lookup, run_file, run_scenario, scenario_files


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
