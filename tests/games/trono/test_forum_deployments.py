"""Issue 19, point 3: a copied post's deployments entered as the forum writes them beside the
three actions ("Ardengo Fiammavecchia (Baratheon), Alvise (azione 1)"), read by the server;
a name no character has is recorded void with its reason (DECISIONS 22, 33)."""

from __future__ import annotations

from typing import Any

from tavola.core import Action
from tavola.games.trono.characters import starter_catalogue
from tavola.games.trono.forum_deploy import parse_forum_deploy

from .tables import REF, g4, refused

CATALOGUE = starter_catalogue()


def read(text: str, owned: list[str] | None = None) -> list[dict[str, Any]]:
    return parse_forum_deploy(text, CATALOGUE, owned)


def test_a_target_and_an_action_in_parentheses():
    assert read("Ardengo Fiammavecchia (Baratheon), Alvise Guadalupo (azione 1)") == [
        {"character": "ardengo_fiammavecchia", "target": "baratheon"},
        {"character": "alvise_guadalupo", "slot": 1},
    ]


def test_a_verb_first_su_for_the_target_and_one_a_line():
    assert read("Schiero Zaira delle Dune su Tyrell\nFrate Anselmo Quieto") == [
        {"character": "zaira_delle_dune", "target": "tyrell"},
        {"character": "anselmo_quieto"},
    ]


def test_a_first_name_alone_names_the_character_that_has_it():
    assert read("Ardengo (tutti); Sibilla (seconda azione)") == [
        {"character": "ardengo_fiammavecchia", "target": "all"},
        {"character": "sibilla_tramontana", "slot": 2},
    ]


def test_english_words_and_the_throne():
    assert read("Deploying Alvise (action 3), Ardengo on the Throne") == [
        {"character": "alvise_guadalupo", "slot": 3},
        {"character": "ardengo_fiammavecchia", "target": "trono"},
    ]


def test_an_original_house_name_is_its_house():
    assert read("Bruno Balestra (Casa Aurimonte)") == [
        {"character": "bruno_balestra", "target": "lannister"}
    ]


def test_an_unknown_name_is_kept_as_written():
    assert read("Pippo (Stark)") == [{"character": "Pippo", "target": "stark"}]


def test_nothing_written_is_no_deployment():
    assert read("  ") == []


def record(table: Any, house: str, deploy_text: Any) -> Any:
    args = {
        "team": house,
        "turn": table.state.turn,
        "author": f"{house}1",
        "actions": [{"kind": "defend"}, {"kind": "tax"}, {"kind": "rally"}],
        "deploy_text": deploy_text,
    }
    return table.act(REF, Action("record_post", **args))


def test_a_copied_post_seals_the_deployments_its_forum_text_names():
    table = g4(greyjoy={"characters": ["nerea_salsedine"]})
    record(table, "greyjoy", "Nerea Salsedine (Stark)")
    sealed = table.state.posts["3"]
    assert sealed.deploy == [{"character": "nerea_salsedine", "target": "stark"}]
    assert sealed.void == []


def test_a_copied_deployment_of_a_character_not_owned_is_void_and_the_post_stands():
    table = g4(greyjoy={"characters": ["nerea_salsedine"]})
    record(table, "greyjoy", "Pippo (Stark), Nerea (Tyrell)")
    sealed = table.state.posts["3"]
    assert sealed.deploy == [{"character": "nerea_salsedine", "target": "tyrell"}]
    assert [(v["part"], v["code"]) for v in sealed.void] == [("deploy", "E_DEPLOY_NOT_OWNED")]
    assert [a["kind"] for a in sealed.actions] == ["defend", "tax", "rally"]


def test_deployments_not_written_as_text_are_refused_and_nothing_is_sealed():
    table = g4()
    refusal = refused("E_DEPLOY_TEXT", record, table, "greyjoy", ["Nerea"])
    assert refusal.message_it == (
        "Gli schieramenti si scrivono come testo, al massimo di 2000 caratteri."
    )
    assert table.state.posts == {}


def test_deployments_longer_than_a_post_are_refused():
    refused("E_DEPLOY_TEXT", record, g4(), "greyjoy", "Nerea (Stark), " * 200)


def test_two_deployments_joined_by_e_are_both_read():
    assert read("Ardengo su Baratheon e Alvise sull'azione 2") == [
        {"character": "ardengo_fiammavecchia", "target": "baratheon"},
        {"character": "alvise_guadalupo", "slot": 2},
    ]


def test_words_that_are_neither_a_target_nor_an_action_are_kept_as_a_deployment():
    assert read("Nerea (Stark, con gioia)") == [
        {"character": "nerea_salsedine", "target": "stark"},
        {"character": "con gioia"},
    ]
