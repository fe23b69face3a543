"""The public page's words and the forum exports (issue 19, point 4): announcements — the
turn opened with its Rome deadline, who stepped down from a seat and who climbed it,
eliminations, winners —, public standings, and the BBCode texts: the public post and one
private message per team, none holding what §8 keeps from its readers."""

from __future__ import annotations

import re
from typing import Any

from tavola.core import Table, Viewer
from tavola.games.trono.exports import exports_for
from tavola.games.trono.state import catalogue_of

from .tables import draw, g4, post
from .test_italian_texts import english_words

PRIVATE = {  # words only a team's report says
    "it": ["Rapporto per", "Soldati arruolati", "Prima: soldati", "Personaggi:", "Slot"],
    "en": ["Report for", "Soldiers enlisted", "Before: soldiers", "Characters:", "Slot"],
}


def stark_steps_down() -> Table:
    """Example A with a departure threshold of 18 (R51): Stark leaves the Throne, Tyrell
    climbs it; Greyjoy hires a character, which stays its own secret."""
    table = g4()
    post(table, "stark", [("attack", "all"), "defend", "defend"], abandon=18)
    post(table, "tyrell", [("attack", "stark"), ("attack", "stark"), "tax"])
    post(table, "greyjoy", [("hire", "ilario_sottovoce"), ("attack", "trono"), "rally"])
    post(table, "lannister", [("attack", "greyjoy"), "defend", "tax"])
    draw(table)
    assert table.state.throne == "tyrell"
    return table


def lannister_falls() -> Table:
    """S14: Lannister, with 3 soldiers, is eliminated in turn 1."""
    table = g4(throne="tyrell", lannister={"soldiers": 3})
    post(table, "lannister", ["enlist", "defend", "tax"])
    post(table, "tyrell", [("attack", "lannister"), ("attack", "lannister"), "tax"])
    post(table, "stark", ["tax"] * 3)
    post(table, "greyjoy", ["tax"] * 3)
    draw(table)
    return table


def texts(table: Table, viewer: Viewer, lang: str = "it") -> dict[str, Any]:
    return {text.name: text for text in exports_for(table.state, viewer, lang)}


def board(table: Table, lang: str = "it") -> dict[str, Any]:
    return dict(table.view(Viewer.public())["board"][lang])


def test_seat_change_is_announced_as_stepping_down_and_climbing():
    table = stark_steps_down()
    post_it = texts(table, Viewer.public())["public"].text
    post_en = texts(table, Viewer.public(), "en")["public"].text
    assert "Stark scende dal Trono, sale Tyrell." in post_it
    assert "Stark steps down from the Throne, Tyrell climbs it." in post_en


def test_the_public_page_announces_the_results_and_the_open_turn_newest_first():
    blocks = board(stark_steps_down())["announcements"]
    assert [b["title"] for b in blocks] == ["Turno 2 aperto", "Risultati del turno 1"]
    assert blocks[1]["lines"] == ["Stark scende dal Trono, sale Tyrell."]


def test_a_kept_seat_is_announced_as_kept():
    blocks = board(lannister_falls(), "en")["announcements"]
    assert "Tyrell keeps the Throne." in blocks[-1]["lines"]


def test_an_elimination_is_announced_and_the_eliminated_rank_last():
    table = lannister_falls()
    page = board(table)
    assert "Lannister è eliminata." in page["announcements"][-1]["lines"]
    rows = page["standings"]["rows"]
    assert [r["house"] for r in rows] == ["Tyrell", "Stark", "Greyjoy", "Lannister"]
    assert rows[0]["seat"] == "sul Trono"
    assert (rows[-1]["out"], rows[-1]["status"]) == (True, "eliminata al turno 1")


def test_the_open_turn_shows_its_deadline_in_rome_time():
    table = g4("calendar", config={"min_submission_window_hours": 0})
    opened = board(table)["announcements"][0]
    assert opened["title"] == "Turno 1 aperto"
    assert re.fullmatch(
        r"Scadenza dei post: \w+ \d+ \w+ 2025, 19:50 \(ora di Roma\)\.", opened["lines"][0]
    )


def test_the_winners_are_announced_first_at_the_end():
    table = g4(config={"max_turns": 1})
    for house in ("stark", "tyrell", "greyjoy", "lannister"):
        post(table, house, ["tax", "tax", "rally"])
    draw(table)
    first = board(table, "en")["announcements"][0]
    assert first["title"] == "The game is over."
    assert any(line.startswith("King: ") for line in first["lines"])


def test_the_public_standings_hold_no_parameter_until_revealed():
    rows = board(stark_steps_down())["standings"]["rows"]
    assert all(r["params"] is None for r in rows)


def test_with_reveal_all_at_end_the_final_standings_show_the_parameters():
    table = g4(config={"max_turns": 1, "reveal_all_at_end": True})
    for house in ("stark", "tyrell", "greyjoy", "lannister"):
        post(table, house, ["tax", "tax", "rally"])
    draw(table)
    rows = board(table)["standings"]["rows"]
    ranking = table.state.result["ranking"]  # type: ignore[index]
    assert [r["house"].lower() for r in rows] == ranking
    assert all(r["params"].startswith("soldati ") for r in rows)


def test_the_referees_get_one_private_message_per_team():
    table = stark_steps_down()
    found = texts(table, Viewer.referee())
    assert sorted(found) == ["pm-greyjoy", "pm-lannister", "pm-stark", "pm-tyrell", "public"]
    for house in ("stark", "tyrell", "greyjoy", "lannister"):
        message = found[f"pm-{house}"].text
        others = {"stark", "tyrell", "greyjoy", "lannister"} - {house}
        assert f"Rapporto per {house.capitalize()} — turno 1" in message
        assert not any(f"Rapporto per {o.capitalize()}" in message for o in others)


def test_a_team_member_gets_its_own_message_only():
    table = stark_steps_down()
    assert sorted(texts(table, Viewer.seat("player:greyjoy1"))) == ["pm-greyjoy", "public"]


def test_the_public_gets_the_public_post_only():
    assert list(texts(stark_steps_down(), Viewer.public())) == ["public"]


def test_a_private_message_is_bbcode_with_a_heading_lists_and_plain_numbers():
    """Issue 27: bold only what matters, so no figure is bold by itself."""
    message = texts(stark_steps_down(), Viewer.referee())["pm-greyjoy"].text
    lines = message.splitlines()
    assert lines[0] == "[size=150][b]Messaggio privato per Greyjoy — turno 1[/b][/size]"
    assert lines[1].startswith("Da inviare a: greyjoy1")
    assert "[list]" in lines and "[/list]" in lines
    assert all(
        line.startswith("[*]") for line in lines[lines.index("[list]") + 1 : lines.index("[/list]")]
    )
    assert re.search(r"casse \d+", message)
    assert not re.search(r"\[b\]\d+\[/b\]", message)


def test_dates_and_times_are_not_split_by_bold():
    table = g4("calendar", config={"min_submission_window_hours": 0})
    text = texts(table, Viewer.public())["public"].text
    assert "[*]Scadenza dei post: martedì 4 marzo 2025, 19:50 (ora di Roma)." in text


def test_the_public_post_is_bbcode_with_a_heading_and_lists():
    text = texts(stark_steps_down(), Viewer.public())["public"].text
    assert text.startswith("[size=150][b]Gioco del Trono — annunci[/b][/size]\n")
    assert (
        "[b]Risultati del turno 1[/b]\n[list]\n[*]Stark scende dal Trono, sale Tyrell.\n[/list]"
        in text
    )
    assert "[b]Classifica pubblica[/b]" in text


def test_the_public_post_holds_nothing_private():
    table = stark_steps_down()
    hired = catalogue_of(table.state.config)["ilario_sottovoce"].name
    assert hired in texts(table, Viewer.referee())["pm-greyjoy"].text  # the secret exists
    for lang in ("it", "en"):
        public = texts(table, Viewer.public(), lang)["public"].text
        page = str(board(table, lang))
        for private in [*PRIVATE[lang], hired]:
            assert private not in public and private not in page, private


def test_no_raw_ids_or_structures_in_any_export():
    table = stark_steps_down()
    for lang in ("it", "en"):
        for text in texts(table, Viewer.referee(), lang).values():
            assert not re.search(r"[{}]|\b\w+_\w+\b|\bNone\b", text.text), text.text


def test_the_italian_exports_have_no_english_word():
    english = english_words()
    table = stark_steps_down()
    for text in texts(table, Viewer.referee(), "it").values():
        plain = re.sub(r"\[/?[a-z*]+(=\d+)?\]", " ", text.text + " " + text.title)
        plain = re.sub(r"\b[A-Z]{2}(?: \d\d){5}\b", "", plain)  # a wheel's numbers (TO, …)
        words = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ']+", plain)}
        houses = {"stark", "tyrell", "greyjoy", "lannister"}
        assert not (words & english) - houses, sorted((words & english) - houses)


def test_exports_name_their_files_for_the_turn():
    found = texts(stark_steps_down(), Viewer.referee(), "en")
    assert found["public"].filename == "trono-turn-1-public-post"
    assert found["pm-stark"].filename == "trono-turn-1-pm-stark"
