"""Dummbot's familiar effects table (§3.4): the starter content and the load checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tavola.games.seasons.catalogue import base_catalogue
from tavola.games.seasons.errors import DataInvalid
from tavola.games.seasons.familiars import (
    FamiliarEffect,
    effect_for,
    load_familiar_effects,
)

BASE_FAMILIARS = [c.id for c in base_catalogue() if c.type == "familiar"]
FIGRIM = "base_11"


def test_starter_content_is_the_13_base_familiars_without_effect() -> None:
    """(§3.4) Each base familiar: unconfirmed, mode none, on_summon, no ops."""
    effects = load_familiar_effects()
    assert sorted(effects) == sorted(BASE_FAMILIARS)
    assert len(effects) == 13
    for effect in effects.values():
        assert (effect.status, effect.mode, effect.triggers, effect.ops) == (
            "unconfirmed",
            "none",
            ("on_summon",),
            (),
        )
        assert not effect.recurring
        assert not effect.has_effect


def test_familiar_absent_from_the_file_has_no_effect() -> None:
    """(§3.4) Familiar absent from the file = mode none (and unconfirmed, for R29's warning)."""
    effect = effect_for({}, "base_38")
    assert (effect.card_id, effect.mode, effect.status, effect.ops) == (
        "base_38",
        "none",
        "unconfirmed",
        (),
    )


def _record(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "card_id": FIGRIM,
        "status": "user",
        "mode": "normal",
        "triggers": ["on_summon", "each_season_change"],
        "ops": [{"op": "human_gives_crystals", "n": 1}],
        "note": "scenario 32",
    }
    record.update(changes)
    return record


def _load(tmp_path: Path, records: list[Any]) -> dict[str, FamiliarEffect]:
    path = tmp_path / "familiar_effects.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    return load_familiar_effects(path)


def test_configured_figrim_loads(tmp_path: Path) -> None:
    """(§3.4, scenario 32) Figrim: normal mode, on summon and each season change, the human
    gives up to 1 crystal."""
    effect = _load(tmp_path, [_record()])[FIGRIM]
    assert effect.ops == (("human_gives_crystals", 1),)
    assert effect.recurring
    assert effect.has_effect
    assert effect == FamiliarEffect(
        card_id=FIGRIM,
        status="user",
        mode="normal",
        triggers=("on_summon", "each_season_change"),
        ops=(("human_gives_crystals", 1),),
        note="scenario 32",
    )
    assert effect.to_data() == _record()


def test_every_op_within_its_range_loads(tmp_path: Path) -> None:
    """(§3.4) Each op of the table at its bounds; note is optional."""
    ops: list[dict[str, Any]] = [
        {"op": "dummbot_gain_crystals", "n": 99},
        {"op": "dummbot_draw_to_hand", "n": 5},
        {"op": "dummbot_summon_from_deck", "n": 3},
        {"op": "human_gives_crystals", "n": 1},
        {"op": "human_loses_crystals", "n": 99},
        {"op": "instruction", "text": "x" * 200},
    ]
    record = _record(mode="special", triggers=["on_summon"], ops=ops)
    del record["note"]
    effect = _load(tmp_path, [record])[FIGRIM]
    assert [op for op, _ in effect.ops] == [op["op"] for op in ops]
    assert effect.note == ""


def test_normal_mode_without_ops_loads(tmp_path: Path) -> None:
    """(§3.4) mode normal with no ops: the engine shows "apply the normal effect"."""
    effect = _load(tmp_path, [_record(ops=[])])[FIGRIM]
    assert (effect.mode, effect.ops) == ("normal", ())


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"mode": "none", "triggers": ["on_summon"]}, 'mode "none" takes no ops'),
        ({"mode": "none", "ops": []}, 'each_season_change needs a mode other than "none"'),
        ({"ops": [{"op": "steal_cards", "n": 1}]}, "ops[0]: unknown op 'steal_cards'"),
        (
            {"ops": [{"op": "dummbot_gain_crystals", "n": 0}]},
            "ops[0]: dummbot_gain_crystals needs n from 1 to 99, not 0",
        ),
        (
            {"ops": [{"op": "human_loses_crystals", "n": 100}]},
            "ops[0]: human_loses_crystals needs n from 1 to 99, not 100",
        ),
        (
            {"ops": [{"op": "dummbot_draw_to_hand", "n": 6}]},
            "ops[0]: dummbot_draw_to_hand needs n from 1 to 5, not 6",
        ),
        (
            {"ops": [{"op": "dummbot_summon_from_deck", "n": 4}]},
            "ops[0]: dummbot_summon_from_deck needs n from 1 to 3, not 4",
        ),
        (
            {"ops": [{"op": "human_gives_crystals", "n": True}]},
            "ops[0]: human_gives_crystals needs n from 1 to 99, not True",
        ),
        (
            {"ops": [{"op": "instruction", "text": "x" * 201}]},
            "ops[0]: the instruction text must have 1 to 200 characters",
        ),
        (
            {"ops": [{"op": "human_gives_crystals"}]},
            'ops[0]: human_gives_crystals takes exactly "op" and "n"',
        ),
        ({"card_id": "base_99"}, "card_id 'base_99' is not in the card catalogue"),
        ({"card_id": "base_22"}, "card_id base_22 (Runic Cube of Eolis) is not a familiar"),
        ({"status": "maybe"}, "status must be one of unconfirmed, confirmed, user"),
        ({"mode": "always"}, "mode must be one of none, normal, special"),
        (
            {"triggers": ["each_season_change"]},
            'triggers must be ["on_summon"] or ["on_summon", "each_season_change"]',
        ),
        ({"colour": "red"}, "unknown field(s) colour"),
    ],
)
def test_bad_entries_are_refused(tmp_path: Path, changes: dict[str, Any], problem: str) -> None:
    """(§3.4) Validation: mode none ⇒ no ops; each_season_change needs a mode; unknown op or
    out-of-range n → DATA_INVALID naming the record and field."""
    record = _record(**changes)
    card_id = record["card_id"]
    with pytest.raises(DataInvalid) as caught:
        _load(tmp_path, [record])
    assert (
        str(caught.value) == f"DATA_INVALID: familiar_effects.json: record 1 ({card_id}): {problem}"
    )


def test_missing_field_is_refused(tmp_path: Path) -> None:
    record = _record()
    del record["triggers"]
    with pytest.raises(DataInvalid) as caught:
        _load(tmp_path, [record])
    assert caught.value.problems == [f"record 1 ({FIGRIM}): missing field(s) triggers"]


def test_second_record_for_a_familiar_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataInvalid) as caught:
        _load(tmp_path, [_record(), _record()])
    assert caught.value.problems == [f"record 2 ({FIGRIM}): card_id {FIGRIM} has a second record"]


def test_several_problems_one_line_each(tmp_path: Path) -> None:
    """(§3.4) Every problem of the file, one DATA_INVALID line each."""
    with pytest.raises(DataInvalid) as caught:
        _load(tmp_path, [_record(status="maybe"), "not a record", _record(card_id="base_10")])
    assert str(caught.value).splitlines() == [
        "DATA_INVALID: familiar_effects.json: record 1 (base_11): status must be one of "
        "unconfirmed, confirmed, user",
        "DATA_INVALID: familiar_effects.json: record 2: must be an object",
    ]


def test_file_that_is_not_a_list_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "familiar_effects.json"
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(DataInvalid) as caught:
        load_familiar_effects(path)
    assert caught.value.problems == ["the file must hold a list of familiar records"]
