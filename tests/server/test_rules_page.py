"""A game's rules told for players (issue 31): the text rendered with an anchor for each rule
number, the page `/rules/<game>` and its text `/api/rules/<game>?lang=`, and the rule a
refusal or an event applies, carried to the browser."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from tavola.core import Event, IllegalAction, game_names, get_game, registry
from tavola.core.capabilities import GameInfo
from tavola.core.declaration import declaration_problems
from tavola.core.rules_files import rules_problems
from tavola.core.table import events_digest
from tavola.server.refusal import Refusal
from tavola.server.rules_text import render, rule_numbers

from .api_helpers import running

TEXT = """# The rules of Test

How a game goes.

## Playing

### R34 · Protected mains

Only once the guards fall.

### R30–R33 · End of turn

### R12, R14 · Drawing

### BP1–BP2, S3 · Mixed
"""


@pytest.fixture
def client(tmp_path):
    with running(f"sqlite:///{tmp_path / 'tavola.db'}") as client:
        yield client


# -- the text --------------------------------------------------------------------------------


def test_a_single_rule_heading_is_its_anchor():
    page = render(TEXT)
    assert '<h3 id="R34">R34 · Protected mains' in page.html


def test_a_range_anchors_every_number_in_it():
    page = render(TEXT)
    assert '<span class="rule-anchor" id="R31"></span>' in page.html
    assert '<span class="rule-anchor" id="R32"></span>' in page.html
    assert '<span class="rule-anchor" id="R33"></span><h3 id="R30">' in page.html


def test_a_list_anchors_each_of_its_numbers_and_ranges():
    page = render(TEXT)
    assert '<span class="rule-anchor" id="R14"></span><h3 id="R12">' in page.html
    assert page.rules == ("R34", "R30", "R31", "R32", "R33", "R12", "R14", "BP1", "BP2", "S3")
    assert rule_numbers("R30–R33 · End") == ["R30", "R31", "R32", "R33"]
    assert rule_numbers("Round end") == []


def test_the_title_and_the_sections_are_taken_apart():
    page = render(TEXT)
    assert page.title == "The rules of Test"
    assert "<h1" not in page.html
    assert [(s.id, s.title) for s in page.sections] == [("s-playing", "Playing")]
    assert '<h2 id="s-playing">Playing</h2>' in page.html


def test_html_in_the_text_is_shown_as_text_and_scripts_are_not_links():
    page = render(
        "# <b>Rules</b>\n\n<script>alert(1)</script>\n\n"
        "## <img src=x onerror=alert(1)>\n\n### R1 · <i>x</i>\n\n[go](javascript:alert(1))\n"
    )
    assert "<script>" not in page.html and "&lt;script&gt;" in page.html
    assert "<img" not in page.html and "<i>" not in page.html
    assert 'href="javascript' not in page.html
    assert page.title == "<b>Rules</b>"  # plain text: the page puts it in as text


# -- the page and its text -------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "title"), [("it", "il regolamento"), ("en", "the rules")])
def test_the_rules_of_legends_come_in_each_of_its_languages(client, lang, title):
    response = client.get("/api/rules/legends", params={"lang": lang})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["lang"] == lang and title in body["title"]
    assert body["languages"] == ["it", "en"]
    assert '<h3 id="R34">' in body["html"]
    assert body["sections"] and all(s["id"] and s["title"] for s in body["sections"])
    page = client.get("/rules/legends", params={"lang": lang})
    assert page.status_code == 200
    assert '<script type="module" src="/js/rules.js">' in page.text


def test_without_a_language_the_rules_come_in_the_games_first(client):
    assert client.get("/api/rules/legends").json()["lang"] == "it"


def test_the_catalogue_names_the_languages_of_each_games_rules(client):
    entries = {e["name"]: e for e in client.get("/api/catalog").json()}
    assert entries["legends"]["rules"] == ["it", "en"]


@pytest.mark.parametrize("path", ["/rules/nothing", "/api/rules/nothing"])
def test_an_unknown_game_has_no_rules_page(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response.json()["code"] == "no_such_game"
    assert response.json()["message"] and response.json()["message_it"]


@pytest.mark.parametrize("path", ["/rules/legends", "/api/rules/legends"])
@pytest.mark.parametrize("lang", ["fr", "ja", "../it"])
def test_a_language_the_rules_are_not_written_in_is_not_found(client, path, lang):
    response = client.get(path, params={"lang": lang})
    assert response.status_code == 404
    assert response.json()["code"] == "no_such_rules"
    assert "it, en" in response.json()["message"]


@dataclass(frozen=True)
class RulesOnly:
    """A registered game with nothing but its declaration: all the routes read."""

    name: str
    info: GameInfo


def register(monkeypatch, folder):
    info = replace(get_game("legends").info, name="ruled", rules=folder)
    game_names()  # the registry loaded first: the test's game is added, then taken away
    monkeypatch.setitem(registry._games, "ruled", RulesOnly("ruled", info))
    return info


def test_a_game_without_rules_files_has_no_rules_page(client, tmp_path, monkeypatch):
    register(monkeypatch, tmp_path / "missing")
    for path in ("/rules/ruled", "/api/rules/ruled"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.json()["code"] == "no_such_rules"


def test_a_games_rules_are_served_rendered_and_escaped(client, tmp_path, monkeypatch):
    (tmp_path / "en.md").write_text(TEXT + "\n<script>alert(1)</script>\n")
    register(monkeypatch, tmp_path)
    body = client.get("/api/rules/ruled", params={"lang": "en"}).json()
    assert body["languages"] == ["en"]
    assert "&lt;script&gt;" in body["html"] and "<script>" not in body["html"]
    assert client.get("/api/rules/ruled", params={"lang": "it"}).status_code == 404


def test_registration_refuses_rules_in_an_undeclared_language_or_without_a_title(tmp_path):
    (tmp_path / "fr.md").write_text("# Règles\n")
    (tmp_path / "en.md").write_text("No title\n")
    info = replace(get_game("legends").info, rules=tmp_path)
    problems = rules_problems(info)
    assert any("fr.md" in p and "does not declare" in p for p in problems)
    assert any("en.md" in p and "title" in p for p in problems)


def test_every_game_as_registered_has_sound_rules_files():
    for name in game_names():
        assert not [p for p in declaration_problems(get_game(name)) if "rules" in p]


# -- the rule a refusal and an event apply -----------------------------------------------------


def test_a_refusal_carries_the_rule_it_applies():
    refused = Refusal.of(422, IllegalAction("main_protected", "No.", rule="R34"))
    assert refused.to_json()["rule"] == "R34"
    assert "rule" not in Refusal.of(422, IllegalAction("x", "No.")).to_json()


def test_an_event_carries_its_rule_to_the_browser_but_not_into_the_digest():
    told = Event("attack_declared", {"seat": "P1"}, rule="R38")
    plain = Event("attack_declared", {"seat": "P1"})
    assert told.to_json()["rule"] == "R38" and "rule" not in plain.to_json()
    assert Event.from_record(told.to_record()).rule == "R38"
    assert told == plain
    assert events_digest([told]) == events_digest([plain])
