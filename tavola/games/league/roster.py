"""The roster app's side of the game (`Lineups`): the catalogue a lineup is built from
(the starter set, which is every player's collection: R6), and a lineup's check with every
problem of R1–R5 (`lineup.py`'s, unchanged), each with its place and its sentence in
Japanese, English and Italian, and a summary of the figures the rules limit. Saved lineups
are checked against the default rules (`LeagueConfig()`), as tables play them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from tavola.core.capabilities import LineupCheck, LineupIssue

from .config import LeagueConfig
from .content import Content, starter
from .content_model import ATTRIBUTES, GIMMICKS, LegendDef
from .lineup import LineupProblem, Malformed, eff_cost, lineup_problems, team_entries
from .messages import text

LANGUAGES = ("ja", "en", "it")
CLIP = 40
"""Characters of a client's own id or key quoted in a sentence."""


def lineup_catalog(lang: str) -> dict[str, Any]:
    """Everything the roster page builds a lineup from, named in `lang`."""
    content, config = starter(), LeagueConfig()
    return {
        "lang": lang,
        "attributes": [{"id": a, "name": text(lang, f"word.attribute.{a}")} for a in ATTRIBUTES],
        "legends": [_legend(legend, lang, config) for legend in content.legends.values()],
        "abilities": [
            {
                "id": a.ability_id,
                "name": a.names.get(lang),
                "attribute": a.attribute,
                "slots": a.slots,
                "text": a.texts.get(lang),
            }
            for a in content.abilities.values()
        ],
        "cards": [
            {
                "id": c.card_id,
                "name": c.names.get(lang),
                "kind": c.kind,
                "kind_name": text(lang, f"word.kind.{c.kind}"),
                "cost": c.cost,
                "role": c.role,
                "role_name": text(lang, f"word.role.{c.role}"),
                "window": c.window,
                "text": c.texts.get(lang),
            }
            for c in content.cards.values()
        ],
        "gimmicks": [_gimmick(g, lang, config) for g in GIMMICKS],
        "limits": _limits(config),
        "presets": [
            {"id": p.preset_id, "name": p.names.get(lang), "lineup": p.lineup.to_json()}
            for p in content.presets.values()
        ],
    }


def check_lineup(body: Any) -> LineupCheck:
    """Every problem of `body` (a lineup `{team, gimmick, deck}` or a preset id) at once;
    the lineup spelled out when there is none."""
    content, config = starter(), LeagueConfig()
    try:
        lineup, problems = lineup_problems(body, content, config)
    except Malformed as exc:
        return LineupCheck((_malformed(exc),), _summary(None, content, config))
    issues = tuple(_issue(p) for p in problems)
    raw = body
    if isinstance(body, str):
        preset = content.presets.get(body)
        raw = preset.lineup.to_json() if preset is not None else None
    summary = _summary(raw if isinstance(raw, Mapping) else None, content, config)
    kept = lineup.to_json() if lineup is not None and not issues else None
    return LineupCheck(issues, summary, kept)


def _legend(legend: LegendDef, lang: str, config: LeagueConfig) -> dict[str, Any]:
    return {
        "id": legend.legend_id,
        "name": legend.names.get(lang),
        "attribute": legend.attribute,
        "cost": legend.cost,
        "dv": legend.dv,
        "ability_slots": config.ability_slots,
        "default_abilities": list(legend.default_abilities),
    }


def _gimmick(gimmick: str, lang: str, config: LeagueConfig) -> dict[str, Any]:
    """A gimmick stage with what it changes: `cost_change` to each legend's cost (never
    below 1), `die_change` to each roll, `draw_change` to each draw instruction."""
    amounts = {
        "galaxy": config.galaxy_bonus,
        "brackish_lake": config.brackish_reduction,
        "purgatory": config.purgatory_extra,
    }
    name = (
        text(lang, "roster.no_gimmick")
        if gimmick == "none"
        else text(lang, f"word.gimmick.{gimmick}")
    )
    return {
        "id": gimmick,
        "name": name,
        "text": text(lang, f"roster.gimmick.{gimmick}", n=amounts.get(gimmick, 0)),
        "cost_change": -config.brackish_reduction if gimmick == "brackish_lake" else 0,
        "die_change": config.galaxy_bonus if gimmick == "galaxy" else 0,
        "draw_change": config.purgatory_extra if gimmick == "purgatory" else 0,
    }


def _limits(config: LeagueConfig) -> dict[str, Any]:
    return {
        "team_size": config.team_size,
        "team_cost_cap": config.team_cost_cap,
        "ability_slots": config.ability_slots,
        "deck_min": config.deck_min,
        "deck_max": config.deck_max,
        "copies_max": config.copies_max,
    }


def _summary(
    raw: Mapping[str, Any] | None, content: Content, config: LeagueConfig
) -> dict[str, Any]:
    """The lineup's figures beside the limits the rules set them (None: a body that is no
    lineup); ids the game does not know count for nothing (their problems say so)."""
    summary: dict[str, Any] = {
        "team_size": None,
        "team_size_required": config.team_size,
        "gimmick": None,
        "cost_printed": None,
        "cost_total": None,
        "cost_cap": config.team_cost_cap,
        "slots_used": [],
        "slots_max": config.ability_slots,
        "deck_size": None,
        "deck_min": config.deck_min,
        "deck_max": config.deck_max,
        "copies_max": config.copies_max,
        "copies_over": [],
    }
    if raw is None:
        return summary
    entries = team_entries(raw["team"], content)
    gimmick = raw.get("gimmick", "none")
    known_gimmick = gimmick if gimmick in GIMMICKS else None
    legends = [content.legends[e.legend_id] for e in entries if e.legend_id in content.legends]
    deck = [c for c in raw["deck"] if c in content.cards]
    by_name = Counter(content.cards[c].name for c in deck)
    first = {content.cards[c].name: c for c in reversed(deck)}
    summary.update(
        team_size=len(entries),
        gimmick=known_gimmick,
        cost_printed=sum(legend.cost for legend in legends),
        cost_total=sum(eff_cost(legend, known_gimmick or "none", config) for legend in legends),
        slots_used=[
            sum(content.abilities[a].slots for a in e.abilities if a in content.abilities)
            for e in entries
        ],
        deck_size=len(raw["deck"]),
        copies_over=[
            {"card": first[name], "n": n} for name, n in by_name.items() if n > config.copies_max
        ],
    )
    return summary


def _issue(problem: LineupProblem) -> LineupIssue:
    params = {k: _clip(v) if k == "id" else v for k, v in problem.params.items()}
    texts = {lang: text(lang, f"error.{problem.code}", **params) for lang in LANGUAGES}
    return LineupIssue(problem.code, problem.field, texts)


def _malformed(exc: Malformed) -> LineupIssue:
    """A body that is no lineup at all: what it should have been, in words."""
    if exc.field in ("lineup", "team", "gimmick", "deck"):
        key, field = exc.field, exc.field
    else:  # a key a lineup does not have
        key, field = "extra", _clip(exc.field)
    texts = {lang: text(lang, f"roster.malformed.{key}", field=field) for lang in LANGUAGES}
    return LineupIssue("MALFORMED_LINEUP", field, texts)


def _clip(value: Any) -> str:
    said = str(value)
    return said if len(said) <= CLIP else said[: CLIP - 1] + "…"
