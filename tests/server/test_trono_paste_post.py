"""Issue 27, point 5, on the server: a referee's check of a team's whole forum post pasted as
written lists every part sealing will void, each named, in the asker's language, with
nothing written; a clean post checks clean; what cannot be a pasted post is a 4xx in
Italian and English, never a 5xx."""

from __future__ import annotations

from typing import Any

from .test_trono_workflow import FIRST, Season, client, clock, season

__all__ = ["client", "clock"]

POST = """[quote="Arbitra Uno"]Si apre il turno 1.[/quote]
Ciao arbitri!
[b]Personaggi[/b]
Nerea (Stark)
[b]Azioni[/b]
1. Attacca (Trono)
2. Attacca il Trono
3. Attacca (Trono)
Condizione di abbandono: 10 soldati"""


def pasted(game: Season, house: str, text: str, **extra: Any) -> dict[str, Any]:
    return {
        "type": "record_post",
        "team": house,
        "author": game.user(house),
        "turn": 1,
        "post_text": text,
        **extra,
    }


def off_seat(game: Season) -> tuple[str, str]:
    """A house off the seats, and the one on the Throne its attacks on "Trono" hit."""
    seats = game.view(FIRST)["view"]["seats"]
    house = next(h for h in sorted(game.houses) if h not in seats.values())
    return house, seats["throne"]


def test_the_check_of_a_pasted_post_lists_every_void_part_named_and_writes_nothing(
    client,
    clock,
):
    game = season(client, clock)
    clock.set("2026-10-27 10:00")
    house, throne = off_seat(game)
    name, sitting = house.capitalize(), throne.capitalize()
    before = game.view(FIRST)["version"]
    answer = game.check(FIRST, pasted(game, house, POST), lang="it")
    assert answer.status_code == 200, answer.text
    problems = answer.json()["problems"]
    assert all(p["void"] is True for p in problems)
    assert [p["part"] for p in problems] == ["slot", "deploy", "abandon", "line"]
    assert [p["text"] for p in problems] == [
        f"Azione 3, l'attacco di {name} al Trono, sarà nulla: {sitting} verrebbe attaccata "
        "3 volte.",
        "Schieramento di Nerea Salsedine su Stark, sarà nullo: Nerea Salsedine non era "
        "posseduta a inizio turno.",
        f"Condizione di abbandono a 10 soldati, sarà nulla: {name} non siede su un seggio e "
        "non può indicare condizioni di abbandono.",
        "Riga non letta, non farà parte del post: «Ciao arbitri!»",
    ]
    english = game.check(FIRST, pasted(game, house, POST), lang="en").json()["problems"]
    assert english[0]["text"].startswith(f"Action 3, {name}'s attack on the Throne, will be void")
    assert game.view(FIRST)["version"] == before  # a check writes nothing
    assert game.view(game.member(house))["view"]["team"]["post"] is None


def test_a_clean_pasted_post_checks_clean_and_seals_as_the_team_page_would(
    client,
    clock,
):
    game = season(client, clock)
    clock.set("2026-10-27 10:00")
    house, _ = off_seat(game)
    text = "Azioni:\n1. Attacca il Trono\n2. Difendi\n3. Tassa\nPersonaggi: nessuno"
    assert game.check(FIRST, pasted(game, house, text)).json()["problems"] == []
    game.ok(FIRST, pasted(game, house, text, posted_at="2026-10-27 09:58"))
    sealed = game.view(game.member(house))["view"]["team"]["post"]
    assert sealed["actions"] == [
        {"kind": "attack", "target": "trono"},
        {"kind": "defend"},
        {"kind": "tax"},
    ]
    assert sealed["deploy"] == [] and sealed["void"] == []


def test_what_cannot_be_a_pasted_post_is_refused_in_words_never_a_5xx(
    client,
    clock,
):
    game = season(client, clock)
    clock.set("2026-10-27 10:00")
    house, _ = off_seat(game)
    cases = [
        (pasted(game, house, "x" * 6001), "E_POST_TEXT"),
        (pasted(game, house, ["Tassa"]), "E_POST_TEXT"),
        (pasted(game, house, "Tassa", actions=[{"kind": "tax"}]), "E_POST_TEXT_WITH"),
    ]
    for action, code in cases:
        refused = game.act(FIRST, action)
        assert refused.status_code == 422, refused.text
        body = refused.json()
        assert body["code"] == code and body["message_it"] and body["message"]
        assert body["message_it"] != body["message"]
        told = game.check(FIRST, action, lang="it").json()["problems"]
        assert [p["code"] for p in told] == [code]
