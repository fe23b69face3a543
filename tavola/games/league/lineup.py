"""Lineup rules R1–R6 as a pure validator: a raw lineup (a preset id, or `{team, gimmick,
deck}` as the app stores it) becomes a `Lineup`, or every problem is listed with the spec's
code in rule order (the first one is what a refusal reports). The roster pages and the
`tavola league ... validate` commands use `lineup_problems`; the engine `validate_lineup`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tavola.core import IllegalAction

from .config import LeagueConfig
from .content import Content
from .content_model import GIMMICKS, LegendDef, Lineup, TeamEntry
from .messages import refuse, text

MAX_ENTRIES = 100
"""Bounds on what a submitted lineup may list, so that a hostile one costs nothing."""
MAX_DECK = 400


@dataclass(frozen=True, slots=True)
class LineupProblem:
    code: str
    params: Mapping[str, Any]
    field: str = ""
    """Where in the lineup: `team`, `team.3`, `team.3.abilities.1`, `gimmick`, `deck`,
    `deck.12` (an index of the lineup as submitted)."""

    def message(self, lang: str) -> str:
        return text(lang, f"error.{self.code}", **self.params)

    def refusal(self) -> IllegalAction:
        return refuse(self.code, **self.params)


def eff_cost(legend: LegendDef, gimmick: str, config: LeagueConfig) -> int:
    """F3: Brackish lake lowers every legend's cost by 1 (by `brackish_reduction`), never
    below 1."""
    if gimmick == "brackish_lake":
        return max(1, legend.cost - config.brackish_reduction)
    return legend.cost


def team_cost(lineup: Lineup, content: Content, config: LeagueConfig) -> int:
    """R3: the sum of effective costs with the lineup's own gimmick."""
    return sum(eff_cost(content.legends[e.legend_id], lineup.gimmick, config) for e in lineup.team)


class Malformed(Exception):
    """The lineup's shape is wrong (`MALFORMED_ACTION`)."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


def _shape(raw: Any, content: Content) -> tuple[list[Any], str, list[Any]]:
    if not isinstance(raw, Mapping):
        raise Malformed("lineup", "must be a preset id or a table {team, gimmick, deck}")
    extra = sorted(set(raw) - {"team", "gimmick", "deck"})
    if extra:
        raise Malformed(extra[0], "is not a field of a lineup")
    team, deck = raw.get("team"), raw.get("deck")
    if not isinstance(team, list) or len(team) > MAX_ENTRIES:
        raise Malformed("team", f"must be a list of at most {MAX_ENTRIES} legends")
    if not isinstance(deck, list) or len(deck) > MAX_DECK:
        raise Malformed("deck", f"must be a list of at most {MAX_DECK} card ids")
    for entry in team:
        if isinstance(entry, str):
            continue
        abilities = entry.get("abilities", []) if isinstance(entry, Mapping) else None
        if (
            not isinstance(entry, Mapping)
            or not isinstance(entry.get("legend_id"), str)
            or not isinstance(abilities, list)
            or len(abilities) > 10
            or not all(isinstance(a, str) for a in abilities)
            or set(entry) - {"legend_id", "abilities"}
        ):
            raise Malformed("team", "each entry is {legend_id, abilities} or a legend id")
    if not all(isinstance(card, str) for card in deck):
        raise Malformed("deck", "must list card ids")
    gimmick = raw.get("gimmick", "none")
    if not isinstance(gimmick, str):
        raise Malformed("gimmick", "must be a gimmick stage id")
    return team, gimmick, deck


def team_entries(team: list[Any], content: Content) -> list[TeamEntry]:
    """A bare legend id stands for that legend with its default loadout."""
    entries = []
    for entry in team:
        if isinstance(entry, str):
            known = content.legends.get(entry)
            entries.append(TeamEntry(entry, known.default_abilities if known else ()))
        else:
            entries.append(TeamEntry(entry["legend_id"], tuple(entry.get("abilities", []))))
    return entries


def lineup_problems(
    raw: Any, content: Content, config: LeagueConfig
) -> tuple[Lineup | None, list[LineupProblem]]:
    """The lineup and every problem (R1–R5), unknown ids first; `Malformed` for a shape
    that is not a lineup at all."""
    if isinstance(raw, str):
        preset = content.presets.get(raw)
        if preset is None:
            return None, [LineupProblem("UNKNOWN_PRESET", {"id": raw})]
        raw = preset.lineup.to_json()
    team, gimmick, deck = _shape(raw, content)
    entries = team_entries(team, content)
    problems: list[LineupProblem] = []
    # R5: unknown ids, in the order legends, abilities, cards, gimmick.
    for i, entry in enumerate(entries):
        if entry.legend_id not in content.legends:
            problems.append(LineupProblem("UNKNOWN_LEGEND", {"id": entry.legend_id}, f"team.{i}"))
    for i, entry in enumerate(entries):
        for j, ability in enumerate(entry.abilities):
            if ability not in content.abilities:
                where = f"team.{i}.abilities.{j}"
                problems.append(LineupProblem("UNKNOWN_ABILITY", {"id": ability}, where))
    first = {card: k for k, card in reversed(list(enumerate(deck)))}
    for card in dict.fromkeys(deck):
        if card not in content.cards:
            problems.append(LineupProblem("UNKNOWN_CARD", {"id": card}, f"deck.{first[card]}"))
    if gimmick not in GIMMICKS:
        problems.append(LineupProblem("UNKNOWN_GIMMICK", {"id": gimmick}, "gimmick"))
    if problems:
        return None, problems
    lineup = Lineup(tuple(entries), gimmick, tuple(deck))
    problems += rule_problems(lineup, content, config)
    return lineup, problems


def rule_problems(lineup: Lineup, content: Content, config: LeagueConfig) -> list[LineupProblem]:
    """R1–R5 on a lineup of known ids, in rule order."""
    problems: list[LineupProblem] = []
    names = {e.legend_id: content.legends[e.legend_id].names for e in lineup.team}
    if len(lineup.team) != config.team_size:  # R1
        problems.append(
            LineupProblem("TEAM_SIZE", {"size": config.team_size, "n": len(lineup.team)}, "team")
        )
    counts = Counter(e.legend_id for e in lineup.team)
    for legend_id, n in counts.items():  # R2, pointing at the second one
        if n > 1:
            second = [i for i, e in enumerate(lineup.team) if e.legend_id == legend_id][1]
            problems.append(
                LineupProblem(
                    "DUPLICATE_LEGEND", {"legend": names[legend_id], "n": n}, f"team.{second}"
                )
            )
    total = team_cost(lineup, content, config)
    if total > config.team_cost_cap:  # R3
        problems.append(
            LineupProblem(
                "TEAM_COST_EXCEEDED", {"total": total, "cap": config.team_cost_cap}, "team"
            )
        )
    for i, entry in enumerate(lineup.team):  # R4
        problems += _loadout_problems(entry, f"team.{i}", content, config)
    size = len(lineup.deck)  # R5
    if size < config.deck_min:
        problems.append(
            LineupProblem("DECK_TOO_SMALL", {"n": size, "min": config.deck_min}, "deck")
        )
    if size > config.deck_max:
        problems.append(
            LineupProblem("DECK_TOO_LARGE", {"n": size, "max": config.deck_max}, "deck")
        )
    by_name = Counter(content.cards[c].name for c in lineup.deck)
    said = {content.cards[c].name: content.cards[c].names for c in lineup.deck}
    for name, n in by_name.items():
        if n > config.copies_max:
            # The copy past the limit is the one pointed at.
            copies = [k for k, c in enumerate(lineup.deck) if content.cards[c].name == name]
            problems.append(
                LineupProblem(
                    "TOO_MANY_COPIES",
                    {"card": said[name], "n": n, "max": config.copies_max},
                    f"deck.{copies[config.copies_max]}",
                )
            )
    return problems


def _loadout_problems(
    entry: TeamEntry, where: str, content: Content, config: LeagueConfig
) -> list[LineupProblem]:
    """R4 for one legend: each ability's attribute, no ability twice, the slots."""
    problems: list[LineupProblem] = []
    legend = content.legends[entry.legend_id]
    for j, ability_id in enumerate(entry.abilities):
        ability = content.abilities[ability_id]
        if ability.attribute != legend.attribute:
            problems.append(
                LineupProblem(
                    "ABILITY_ATTRIBUTE_MISMATCH",
                    {"ability": ability.names, "legend": legend.names},
                    f"{where}.abilities.{j}",
                )
            )
    for ability_id, n in Counter(entry.abilities).items():
        if n > 1:
            second = [j for j, a in enumerate(entry.abilities) if a == ability_id][1]
            problems.append(
                LineupProblem(
                    "DUPLICATE_ABILITY",
                    {
                        "ability": content.abilities[ability_id].names,
                        "legend": legend.names,
                        "n": n,
                    },
                    f"{where}.abilities.{second}",
                )
            )
    slots = sum(content.abilities[a].slots for a in entry.abilities)
    if slots > config.ability_slots:
        problems.append(
            LineupProblem(
                "ABILITY_SLOTS_EXCEEDED",
                {"legend": legend.names, "slots": slots, "max": config.ability_slots},
                f"{where}.abilities",
            )
        )
    return problems


def validate_lineup(raw: Any, content: Content, config: LeagueConfig) -> Lineup:
    """The lineup, or `IllegalAction` with the first problem's code (§6 `submit_lineup`)."""
    try:
        lineup, problems = lineup_problems(raw, content, config)
    except Malformed as exc:
        raise refuse("MALFORMED_ACTION", field=exc.field, reason=exc.reason) from None
    if problems:
        raise problems[0].refusal()
    assert lineup is not None
    return lineup
