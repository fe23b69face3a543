"""Posts copied from the forum (issue 19, DECISIONS 22): sealed as written, each invalid part
void with its reason in the team's report, the rest standing; and the problems a team is told
before sealing its own post."""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Viewer
from tavola.games.trono.forum_report import team_report_lines
from tavola.games.trono.forum_words import with_names
from tavola.games.trono.posts import post_problems
from tavola.games.trono.state import catalogue_of

from .tables import REF, D, close, draw, g4, post, refused, report, team


def record(table: Any, house: str, actions: list[Any], **extra: Any) -> Any:
    """The referee copies `house`'s forum post, author its first member."""
    args = {"team": house, "turn": table.state.turn, "actions": actions, "author": f"{house}1"}
    return table.act(REF, Action("record_post", **{"deploy": [], **args, **extra}))


def italian_report(table: Any, house: str) -> list[str]:
    view = table.view(Viewer.seat(f"player:{house}1"))
    return team_report_lines(with_names(view, catalogue_of(table.state.config)), "it")


def test_forum_attack_without_target_is_void_and_the_rest_of_the_post_stands():
    table = g4()
    record(table, "greyjoy", [{"kind": "attack"}, {"kind": "tax"}, {"kind": "rally"}])
    sealed = table.state.posts["3"]
    assert sealed.actions[0] == {"kind": "void", "written": {"kind": "attack"}}
    assert [v["code"] for v in sealed.void] == ["E_TARGET_REQUIRED"]
    close(table)
    draw(table)
    greyjoy = team(table, "greyjoy")
    # CA 12, 64, 71: slot 1 void, tax v(64) = 3, rally v(71) = 3
    assert (greyjoy.chests, greyjoy.banners) == (8, 3)
    assert greyjoy.turns_without_attack == 1  # a void attack is no attack (R39)
    assert report(table, "greyjoy")["void"][0]["part"] == "slot"


def test_forum_third_attack_on_one_house_is_void_r49():
    table = g4()
    stark = {"kind": "attack", "target": "stark"}
    record(table, "tyrell", [stark, stark, stark])
    assert [a["kind"] for a in table.state.posts["2"].actions] == ["attack", "attack", "void"]
    assert table.state.posts["2"].void[0]["params"]["n"] == 3
    close(table)
    draw(table)
    assert report(table, "stark")["A"] == 4 + 1  # FI 88, 23: the third attack hits nothing


def test_forum_fourth_action_is_void_and_the_first_three_stand():
    table = g4()
    actions = [{"kind": "tax"}, {"kind": "tax"}, {"kind": "rally"}, {"kind": "tax"}]
    record(table, "lannister", actions)
    sealed = table.state.posts["4"]
    assert [a["kind"] for a in sealed.actions] == ["tax", "tax", "rally"]
    assert sealed.void[0]["part"] == "action" and sealed.void[0]["index"] == 4
    close(table)
    draw(table)
    lannister = team(table, "lannister")
    assert (lannister.chests, lannister.banners) == (5 + 2 + 0, 4)  # MI 47, 03, 82


def test_void_parts_and_their_reasons_are_in_the_teams_italian_report():
    table = g4()
    record(
        table,
        "lannister",
        [{"kind": "attack"}, {"kind": "tax"}, {"kind": "rally"}, {"kind": "tax"}],
        abandon_threshold=3,
    )
    close(table)
    draw(table)
    lines = italian_report(table, "lannister")
    assert "Azione 1: Attacca — nulla: un attacco richiede un bersaglio" in lines
    assert any(
        line.startswith("Azione 4 in più, Tassa — nulla: Un post contiene") for line in lines
    )
    assert any("Condizione di abbandono 3 — nulla: Lannister non siede" in line for line in lines)


def test_a_missing_action_of_a_forum_post_is_void():
    table = g4()
    record(table, "greyjoy", [{"kind": "tax"}])
    assert [a["kind"] for a in table.state.posts["3"].actions] == ["tax", "void", "void"]
    assert {v["code"] for v in table.state.posts["3"].void} == {"E_ACTION_COUNT"}


def test_a_late_or_second_forum_post_is_refused_whole():
    table = g4()
    record(table, "greyjoy", [{"kind": "tax"}] * 3)
    refused("E_ALREADY_SUBMITTED", record, table, "greyjoy", [{"kind": "rally"}] * 3)
    refused(
        "E_NOT_MEMBER",
        table.act,
        REF,
        Action("record_post", team="tyrell", turn=1, actions=[], author="greyjoy1"),
    )


def test_a_teams_own_post_is_still_refused_whole_at_the_first_problem_a6():
    table = g4()
    refused("E_TARGET_REQUIRED", post, table, "greyjoy", ["attack", "tax", "rally"])
    refused("E_ACTION_COUNT", post, table, "greyjoy", ["tax"] * 4)


def test_post_problems_lists_every_problem_in_order_and_in_words():
    table = g4()
    args = {
        "team": "greyjoy",
        "turn": 1,
        "actions": [
            {"kind": "attack"},
            {"kind": "hire", "character": "ottone_il_cupo"},
            {"kind": "tax"},
        ],
        "deploy": [{"character": "ilario_sottovoce", "target": "stark"}],
        "abandon_threshold": 2,
    }
    problems = post_problems(table.state, "greyjoy1", args, table.state.now)
    assert [p.code for p in problems] == [
        "E_TARGET_REQUIRED",
        "E_HIRE_WRONG_HOUSE",
        "E_DEPLOY_NOT_OWNED",
        "E_ABANDON_NOT_SEATED",
    ]
    assert problems[1].message("it") == "Azione 2: Ottone il Cupo appartiene a un'altra casata."
    assert problems[2].message("en") == "Ilario Sottovoce was not owned at the turn's opening."
    valid = {**args, "actions": [{"kind": "tax"}] * 3, "deploy": [], "abandon_threshold": None}
    assert post_problems(table.state, "greyjoy1", valid, table.state.now) == []


def test_post_problems_reports_a_post_that_cannot_be_sent_at_all():
    table = g4()
    post(table, "greyjoy", ["tax"] * 3)
    args = {"team": "greyjoy", "turn": 1, "actions": [{"kind": "tax"}] * 3}
    (problem,) = post_problems(table.state, "greyjoy1", args, table.state.now)
    assert problem.code == "E_ALREADY_SUBMITTED"
    assert problem.message("it") == "Greyjoy ha già inviato il suo post sigillato per questo turno."


def test_a_forum_deployment_on_a_void_slot_is_void_too():
    table = g4(lannister={"characters": ["sibilla_tramontana"]})
    record(
        table,
        "lannister",
        [{"kind": "attack"}, {"kind": "tax"}, {"kind": "rally"}],
        deploy=[{"character": "sibilla_tramontana", "slot": 1}],
    )
    sealed = table.state.posts["4"]
    assert sealed.deploy == []
    assert [v["code"] for v in sealed.void] == ["E_TARGET_REQUIRED", "E_DEPLOY_PARAM"]
    close(table)
    draw(table, D)
    assert report(table, "lannister")["deployments"] == []
