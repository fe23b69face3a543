"""Legends' browser words as a first-time player reads them: each thing named one way per
language (the log's words), counts in proper plurals, the attacker's reinforcement named
for what it is."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

LEGENDS = Path(__file__).resolve().parents[2] / "tavola" / "games" / "legends"
SHELL = Path(__file__).resolve().parents[2] / "tavola" / "web" / "i18n"
LANGS = ("it", "en")


def web(lang: str) -> dict[str, str]:
    return dict(json.loads((LEGENDS / "web" / "i18n" / f"{lang}.json").read_text("utf-8")))


def narration(lang: str) -> dict[str, object]:
    return tomllib.loads((LEGENDS / "i18n" / f"{lang}.toml").read_text("utf-8"))


def words(table: dict[str, object]) -> dict[str, str]:
    """Every string of a TOML catalogue, by its dotted key."""
    flat: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            flat |= {f"{key}.{k}": v for k, v in words(value).items()}
        elif isinstance(value, str):
            flat[key] = value
    return flat


def test_r45_the_attackers_reinforcement_is_named_for_the_attack():
    assert web("en")["verb.reinforce"] == "Join the attack"
    assert web("it")["verb.reinforce"] == "Rinforza l'attacco"
    for lang in LANGS:
        assert "difes" not in web(lang)["prompt.reinforce.1"].lower()
        assert "defen" not in web(lang)["prompt.reinforce.1"].lower()


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_names_mp_as_the_log_does(lang):
    told = words(narration(lang))
    mp = next(v for k, v in told.items() if k.endswith(".mp") or k == "mp")
    assert web(lang)["stat.mp"] == mp
    shown = " ".join(web(lang).values())
    assert not re.search(r"\bPM\b", shown) if mp != "PM" else True


@pytest.mark.parametrize("lang", LANGS)
def test_enchantgineering_is_one_word_everywhere(lang):
    told = words(narration(lang))
    term = next(v for k, v in told.items() if k.endswith("enchantgineering"))
    assert web(lang)["type.enchantgineering"] == term
    assert web(lang)["play.egs"] == term
    assert "Incantegneria" not in " ".join(web(lang).values())


@pytest.mark.parametrize("lang", LANGS)
def test_counts_have_a_form_for_one_and_for_many_and_no_bracketed_plural(lang):
    for catalogue in (web(lang), json.loads((SHELL / f"{lang}.json").read_text("utf-8"))):
        for key, text in catalogue.items():
            assert not re.search(r"\w\((s|i|e)\)|\w/(e|i)\b", text), (key, text)
    for key in web(lang):
        if key.endswith(".one"):
            assert key.removesuffix(".one") + ".other" in web(lang), key


@pytest.mark.parametrize("lang", LANGS)
def test_seats_and_sides_have_readable_names(lang):
    shown = web(lang)
    assert shown["seat.name.boss"] == "Boss"
    assert {shown["play.team.good"], shown["play.team.evil"]} == (
        {"Buoni", "Malvagi"} if lang == "it" else {"Good side", "Evil side"}
    )
    shell = json.loads((SHELL / f"{lang}.json").read_text("utf-8"))
    assert shell["seat.name.bot"] == "Bot {n}"
