"""Issue 27, point 5: a team's whole forum post pasted as written (headings, orders,
deployments and condition in any order, BBCode and quotes) is read into the very post the
team page builds, judged by the same A6 walk, and every part sealing will void is listed
at once before sealing, named as what it is ("l'attacco di Greyjoy al Trono"), never by a
code; "Tutto in regola" only when nothing will be void."""

from __future__ import annotations

from typing import Any

import pytest

from tavola.core import Action, IllegalAction
from tavola.games.trono.characters import starter_catalogue
from tavola.games.trono.forum_post import MAX_POST_TEXT, parse_forum_post, strip_bbcode
from tavola.games.trono.game import TronoGame
from tavola.games.trono.void_words import PostProblem

from .tables import REF, g4, refused

CATALOGUE = starter_catalogue()

# Greyjoy's post as a team writes it on the forum: the referee's opening quoted, the
# characters first, BBCode around the orders.
GREYJOY_POST = """[quote="Arbitra"]Si apre il turno 1. [quote]Vecchia citazione[/quote]
Scadenza: martedì alle 19:50.[/quote]
[b]Personaggi[/b]
Nerea (Stark)

[b][u]Azioni[/u][/b]
1. Attacca (Trono)
2. [color=red]Difendi[/color]
3. Assolda (Gemma Tagliaborse)

Condizione di abbandono: nessuna"""

# The post the team page builds for the same choices (team.js, actionOf).
GREYJOY_PAGE = {
    "actions": [
        {"kind": "attack", "target": "trono"},
        {"kind": "defend"},
        {"kind": "hire", "character": "gemma_tagliaborse"},
    ],
    "deploy": [{"character": "nerea_salsedine", "target": "stark"}],
}

# Stark (on the Throne) breaking every rule a post can: an attack on the Throne from the
# Throne, an enlist from a seat, another house's character, a fourth action, a character
# not owned, a condition above its soldiers, and a greeting nothing reads.
STARK_POST = """Ciao arbitri, ecco il nostro post.
Azioni: Attacca il Trono, Arruola, Assolda Nerea Salsedine, Tassa
Schieriamo Ilario Sottovoce su Tyrell
Condizione di abbandono: 25 soldati"""

STARK_PROBLEMS_IT = [
    "Azione 4 in più, la tassa di Stark, sarà nulla: un post contiene esattamente 3 azioni "
    "(ricevute: 4).",
    "Azione 1, l'attacco di Stark al Trono, sarà nulla: chi siede sul Trono o sulla Torre "
    "non può attaccare «Trono».",
    "Azione 2, l'arruolamento di Stark, sarà nulla: Stark siede su un seggio e non può arruolare.",
    "Azione 3, l'ingaggio di Nerea Salsedine, sarà nulla: Nerea Salsedine appartiene a "
    "un'altra casata.",
    "Schieramento di Ilario Sottovoce su Tyrell, sarà nullo: Ilario Sottovoce non era "
    "posseduto a inizio turno.",
    "Condizione di abbandono a 25 soldati, sarà nulla: la condizione di abbandono 25 deve "
    "essere tra 0 e 20.",
    "Riga non letta, non farà parte del post: «Ciao arbitri, ecco il nostro post.»",
]


def pasted(house: str, text: str, **extra: Any) -> Action:
    args = {"team": house, "turn": 1, "author": f"{house}1", "post_text": text}
    return Action("record_post", **args, **extra)


def checked(table: Any, action: Action) -> list[IllegalAction]:
    return TronoGame().check(table.state, REF, action)


# -- reading ---------------------------------------------------------------------------------


def test_a_forum_post_reads_into_the_post_the_team_page_builds():
    read = parse_forum_post(GREYJOY_POST, CATALOGUE, ["nerea_salsedine"])
    assert read.args() == GREYJOY_PAGE
    assert read.unread == []


def test_pasted_and_built_on_the_page_the_post_is_sealed_the_same():
    team_page = g4(greyjoy={"characters": ["nerea_salsedine"]})
    team_page.act("player:greyjoy1", Action("submit_post", team="greyjoy", turn=1, **GREYJOY_PAGE))
    forum = g4(greyjoy={"characters": ["nerea_salsedine"]})
    assert checked(forum, pasted("greyjoy", GREYJOY_POST)) == []  # "Tutto in regola"
    forum.act(REF, pasted("greyjoy", GREYJOY_POST))
    built, copied = team_page.state.posts["3"], forum.state.posts["3"]
    assert (copied.actions, copied.deploy, copied.abandon_threshold) == (
        built.actions,
        built.deploy,
        built.abandon_threshold,
    )
    assert copied.void == []


def test_quotes_are_dropped_and_bbcode_tags_leave_their_words():
    text = (
        '[quote="A"]x [quote]y[/quote] z[/quote]Ciao [b]Tassa[/b][list][*]Raduna[*]Difendi[/list]'
    )
    lines = [line for line in strip_bbcode(text).split("\n") if line]
    assert lines == ["Ciao Tassa", "Raduna", "Difendi"]


def test_english_headings_sections_in_any_order_and_actions_on_one_line():
    text = (
        "Abandonment condition: 12 soldiers\n"
        "Characters: Ardengo on Baratheon, Alvise (action 2)\n"
        "Actions: attack Lannister, defend and tax"
    )
    read = parse_forum_post(text, CATALOGUE)
    assert read.args() == {
        "actions": [{"kind": "attack", "target": "lannister"}, {"kind": "defend"}, {"kind": "tax"}],
        "deploy": [
            {"character": "ardengo_fiammavecchia", "target": "baratheon"},
            {"character": "alvise_guadalupo", "slot": 2},
        ],
        "abandon_threshold": 12,
    }


def test_numbered_actions_keep_their_numbers_order_and_verbs_read_as_orders():
    text = (
        "Azione 3: raduniamo\nAzione 1: attacchiamo la casata Tyrell\n"
        "Azione 2: assoldiamo Frate Anselmo\nSchiero Sibilla sulla seconda azione"
    )
    read = parse_forum_post(text, CATALOGUE)
    assert read.actions == [
        {"kind": "attack", "target": "tyrell"},
        {"kind": "hire", "character": "anselmo_quieto"},
        {"kind": "rally"},
    ]
    assert read.deploy == [{"character": "sibilla_tramontana", "slot": 2}]


def test_what_nothing_reads_is_kept_as_written():
    text = "1. Spiare (Stark)\n2. Tassa\n3. Assolda Pippo\n4. Attacca la Torre\nBuona fortuna!"
    read = parse_forum_post(text, CATALOGUE)
    assert read.actions == [
        {"kind": "Spiare (Stark)"},  # an unknown order: void, as written
        {"kind": "tax"},
        {"kind": "hire", "character": "Pippo"},
        {"kind": "attack", "target": "Torre"},
    ]
    assert read.unread == ["Buona fortuna!"]


def test_a_line_far_too_long_is_not_read_and_the_post_is_bounded():
    read = parse_forum_post("Tassa " + "(" * 400, CATALOGUE)
    assert read.actions == [] and len(read.unread) == 1
    table = g4()
    refusal = refused("E_POST_TEXT", table.act, REF, pasted("greyjoy", "x" * (MAX_POST_TEXT + 1)))
    assert refusal.message_it == (
        f"Un post del forum si incolla come testo, al massimo di {MAX_POST_TEXT} caratteri."
    )


def test_a_pasted_post_takes_no_actions_beside_it():
    table = g4()
    refusal = refused(
        "E_POST_TEXT_WITH", table.act, REF, pasted("greyjoy", "Tassa", actions=[{"kind": "tax"}])
    )
    assert "azioni, schieramenti e condizione" in refusal.message_it
    assert "actions, deployments and condition" in refusal.message


# -- the check: every void part, named -------------------------------------------------------


def test_every_kind_of_void_part_is_listed_at_once_and_named_as_what_it_is():
    table = g4()
    problems = checked(table, pasted("stark", STARK_POST))
    assert all(isinstance(p, PostProblem) and p.void for p in problems)
    assert [p.message_it for p in problems] == STARK_PROBLEMS_IT
    assert [p.part for p in problems if isinstance(p, PostProblem)] == [
        "action",
        "slot",
        "slot",
        "slot",
        "deploy",
        "abandon",
        "line",
    ]
    english = [p.message for p in problems]
    assert english[1].startswith("Action 1, Stark's attack on the Throne, will be void: ")
    assert english[4].startswith("Deployment of Ilario Sottovoce on Tyrell, will be void: ")
    for problem in problems:  # no code and no id where a person reads
        assert "E_" not in problem.message_it and "_" not in problem.message_it


def test_the_attack_limit_names_the_attack_and_the_house_it_would_hit_a_third_time():
    table = g4()
    text = "Attacca il Trono\nAttacca (Stark)\nAttacca Stark"
    (problem,) = checked(table, pasted("greyjoy", text))
    assert problem.message_it == (
        "Azione 3, l'attacco di Greyjoy a Stark, sarà nulla: Stark verrebbe attaccata 3 volte."
    )


def test_a_void_deployment_alone_is_not_all_in_order():
    table = g4()
    text = "Difendi, Tassa, Raduna\nPersonaggi: Brina Valdinebbia (azione 1)"
    (problem,) = checked(table, pasted("greyjoy", text))
    assert problem.message_it == (
        "Schieramento di Brina Valdinebbia sull'azione 1, sarà nullo: Brina Valdinebbia non "
        "era posseduta a inizio turno."
    )


def test_a_missing_action_is_named_missing():
    table = g4()
    (problem,) = checked(table, pasted("greyjoy", "Tassa, Raduna"))
    assert problem.message_it == (
        "Manca l'azione 3: un post contiene esattamente 3 azioni (ricevute: 2)."
    )


def test_sealed_as_written_the_void_parts_and_the_unread_line_reach_the_teams_report():
    table = g4()
    table.act(REF, pasted("stark", STARK_POST))
    sealed = table.state.posts["1"]
    assert [a["kind"] for a in sealed.actions] == ["void", "void", "void"]
    assert sealed.void[-1] == {
        "part": "line",
        "index": 1,
        "written": "Ciao arbitri, ecco il nostro post.",
        "code": "E_POST_LINE_UNREAD",
        "params": {"line": "Ciao arbitri, ecco il nostro post."},
    }
    from .tables import close, draw
    from .test_forum_posts import italian_report

    close(table)
    draw(table)
    lines = italian_report(table, "stark")
    assert "Riga del post non letta: «Ciao arbitri, ecco il nostro post.» — non ne fa parte" in (
        lines
    )


def test_a_whole_post_refusal_is_still_the_refusal_not_a_void_part():
    table = g4()
    table.act(REF, pasted("greyjoy", "Tassa, Tassa, Raduna"))
    (problem,) = checked(table, pasted("greyjoy", "Difendi, Tassa, Raduna"))
    assert problem.code == "E_ALREADY_SUBMITTED" and not isinstance(problem, PostProblem)


def test_the_team_pages_check_names_the_parts_too_without_calling_them_void():
    table = g4()
    action = Action(
        "submit_post",
        team="greyjoy",
        turn=1,
        actions=[{"kind": "attack"}, {"kind": "tax"}, {"kind": "rally"}],
        deploy=[{"character": "ilario_sottovoce", "target": "stark"}],
    )
    problems = TronoGame().check(table.state, "player:greyjoy1", action)
    assert [p.message_it for p in problems] == [
        "Azione 1, l'attacco di Greyjoy senza bersaglio: un attacco richiede un bersaglio.",
        "Schieramento di Ilario Sottovoce su Stark: Ilario Sottovoce non era posseduto a "
        "inizio turno.",
    ]


@pytest.mark.parametrize(
    "line",
    ["Condizione di abbandono: 12", "Abbandono: 12 soldati", "Scendiamo sotto i 12 soldati"],
)
def test_the_abandonment_condition_as_teams_write_it(line: str):
    assert parse_forum_post(f"Tassa, Tassa, Raduna\n{line}", CATALOGUE).abandon_threshold == 12
