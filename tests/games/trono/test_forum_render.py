"""The report renderer: forum text from views, with its words in i18n/it.toml and en.toml."""

import re
from pathlib import Path

from tavola.games.trono.forum_orders import action_text
from tavola.games.trono.forum_report import team_report_lines
from tavola.games.trono.forum_words import local_time
from tavola.games.trono.messages import MESSAGES

VIEW = {"teams": {"stark": {"display_name": "Stark"}}}


def test_italian_and_english_catalogues_have_the_same_keys():
    assert MESSAGES.missing_keys() == {"it": set(), "en": set()}


def test_every_forum_text_the_renderer_names_is_in_both_catalogues():
    folder = Path(action_text.__code__.co_filename).parent
    source = "".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("forum_*.py")))
    keys = set(re.findall(r"\bt\(\s*lang,\s*\"([a-z_.]+)\"", source))
    assert "report.title" in keys  # the scan finds the keys at all
    for lang in ("it", "en"):
        assert sorted(k for k in keys if not MESSAGES.has(f"forum.{k}", lang)) == [], lang


def test_deadline_instants_read_as_local_time_in_each_language():
    """R22, R24: the deadline 19:50 Rome, in winter (18:50Z) and in summer (17:50Z)."""
    assert local_time("2025-03-04T18:50:00.000Z", lang="it") == (
        "martedì 4 marzo 2025, 19:50 (ora di Roma)"
    )
    assert local_time("2025-04-01T17:50:00.000Z", lang="en") == (
        "Tuesday 1 April 2025, 19:50 (Rome time)"
    )


def test_another_time_zone_is_named_by_its_city():
    assert local_time("2025-03-04T18:50:00.000Z", "America/New_York", "it") == (
        "martedì 4 marzo 2025, 13:50 (ora di New York)"
    )
    assert local_time("2025-03-04T18:50:00.000Z", "America/New_York", "en") == (
        "Tuesday 4 March 2025, 13:50 (New York time)"
    )


def test_actions_read_as_the_team_page_writes_them():
    """Issue 27: "Attacca il Trono", never "attacca(trono)"."""
    attack_all = {"kind": "attack", "target": "all"}
    assert action_text("it", VIEW, attack_all) == "Attacca tutti fuori dai seggi"
    assert action_text("en", VIEW, attack_all) == "Attack everyone off the seats"
    assert action_text("it", VIEW, {"kind": "attack", "target": "trono"}) == "Attacca il Trono"
    assert action_text("en", VIEW, {"kind": "attack", "target": "trono"}) == "Attack the Throne"
    assert action_text("it", VIEW, {"kind": "attack", "target": "stark"}) == "Attacca Stark"
    assert action_text("it", VIEW, {"kind": "hire", "character": "x"}) == "Assolda x"
    assert action_text("en", VIEW, {"kind": "tax"}) == "Tax"


def test_a_report_names_each_deployment_its_target_slot_outcome_and_charge():
    """§8: each deployment and its outcome, charge spent or given back (R30)."""
    deployment = {"character": "alvise_guadalupo", "target": "stark", "slot": 1}
    report = {
        "turn": 1,
        "draw_date": "2025-03-04",
        "posted": True,
        "deployments": [{**deployment, "outcome": "failure", "charge": "returned"}],
    }
    view = {**VIEW, "my_team": "tully", "phase": "over", "team": {"reports": [report]}}
    lines = team_report_lines(view, "it")
    assert lines[0] == "Rapporto per Tully — turno 1 (estrazione del 4 marzo 2025)"
    assert "Schierato alvise_guadalupo → Stark (azione 1): fallito, carica restituita" in lines
    english = team_report_lines(view, "en")
    assert "Deployed alvise_guadalupo → Stark (action 1): failure, charge given back" in english
