"""The balance report of a run folder: report.md and report.html with PNG charts beside them.

Both files are made from the same tables, so they always agree; every number comes from
games.csv (run.json and cards.json only add the setting and the card names).
"""

from __future__ import annotations

import html
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tavola.core import get_game
from tavola.core.capabilities import ReportWords

from . import charts
from .balance import Balance, CardImpact, Spread, analyse, quantile
from .output import CARDS_JSON, RUN_JSON, read_json, read_rows
from .report_run import RunFacts, player_rows, run_facts, stopped_note
from .rows import extractor_for
from .stats import Rate

REPORT_MD = "report.md"
REPORT_HTML = "report.html"


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def pp(x: float) -> str:
    """A difference of rates, in percentage points."""
    return f"{100 * x:+.1f} pp"


def interval(low: float, high: float, fmt: Any = pct) -> str:
    return f"[{fmt(low)}, {fmt(high)}]"


def rate_cells(rate: Rate) -> list[str]:
    return [str(rate.n), str(rate.wins), pct(rate.p), interval(*rate.interval)]


@dataclass(slots=True)
class Section:
    title: str
    text: str = ""
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    image: str | None = None


def card_label(names: Mapping[str, Mapping[str, str]], card_id: str) -> str:
    """ "Italian name (English name)" from the catalogue the games showed, else the id."""
    entry = names.get(card_id) or {}
    italian, english = entry.get("it"), entry.get("en")
    if not italian:
        return card_id
    return f"{italian} ({english})" if english and english != italian else italian


def seat_label(words: ReportWords, seat: str) -> str:
    """The seat as the game names it in reports ("Player 1"), else its id."""
    return words.seat_names.get(seat, seat)


def _setting(run: Mapping[str, Any], balance: Balance) -> str:
    if not run:
        return f"{balance.games} games."
    options = run.get("options") or {}
    config = run.get("config") or {}
    mode = get_game(str(run["game"])).info.mode_of(options, config) or "default"
    parts = [
        f"{balance.games} games of **{run.get('game', '?')}**, mode {mode}",
        *([f"sides {sides}"] if (sides := config.get("sides") or options.get("sides")) else []),
        f"bots {', '.join(run.get('bots', []))}" + (" (rotated)" if run.get("rotate") else ""),
        f"seed {run.get('seed')}",
    ]
    if run.get("catalogue"):
        parts.insert(1, f"catalogue {run['catalogue']}")
    text = "; ".join(parts) + "."
    if not run.get("rotate") and len(set(run.get("bots", []))) > 1:
        text += (
            " The bots kept their seats (no --rotate): seat and bot figures are the same"
            " games seen twice, and a card's figure carries its seat's and bot's."
        )
    return text


def build_sections(
    balance: Balance,
    names: Mapping[str, Mapping[str, str]],
    run: Mapping[str, Any],
    folder: Path,
    words: ReportWords,
    facts: RunFacts | None = None,
) -> list[Section]:
    facts = facts or RunFacts()
    sections = [setting_section(balance, run, facts)]
    if not facts.solo:  # one seat: no seat or bot to set against another
        sections += win_rate_sections(balance, folder, words)
    sections += [group_section(balance, group, words) for group in words.groups]
    first = first_player_section(balance, words, facts)
    if first is not None:
        sections.append(first)
    shapes = distributions(balance, folder, words)
    if facts.solo:  # the score a player sets out to beat is the news: it leads
        sections += shapes
    sections += length_sections(balance, folder, words)
    if not facts.solo:
        sections += shapes
    impact = impact_sections(balance, names, folder, words)
    sections += [s for s in impact if s.rows]  # a game whose players play no cards: no table
    return sections


def setting_section(balance: Balance, run: Mapping[str, Any], facts: RunFacts) -> Section:
    base = balance.baseline
    if facts.solo:
        won = (
            f" The seat won {base.wins} of {base.n} games ({pct(base.p)},"
            f" 95% CI {interval(*base.interval)}); draws: {balance.draws}."
        )
    else:
        won = (
            f" Baseline win rate of a seat: {pct(base.p)} ({base.wins} wins in {base.n}"
            f" seat-games); draws: {balance.draws}. A seat wins when it is among the"
            " winners of a game that is not a draw."
        )
    if facts.referees:
        won += (
            f" The referee's seat ({', '.join(sorted(facts.referees))}) is no player's: it"
            " is left out of every win rate."
        )
    note = stopped_note(facts)
    return Section("Setting", (f"{note} " if note else "") + _setting(run, balance) + won)


def win_rate_sections(balance: Balance, folder: Path, words: ReportWords) -> list[Section]:
    image = charts.win_rates(balance, folder, words.seat_names)
    return [
        Section(
            "Win rate by seat position",
            header=["seat", "games", "wins", "win rate", "95% CI"],
            rows=[[seat_label(words, s), *rate_cells(r)] for s, r in balance.by_seat.items()],
            image=image,
        ),
        Section(
            "Win rate by bot",
            header=["bot", "seat-games", "wins", "win rate", "95% CI"],
            rows=[[b, *rate_cells(r)] for b, r in balance.by_bot.items()],
        ),
    ]


def first_player_section(balance: Balance, words: ReportWords, facts: RunFacts) -> Section | None:
    """The first seat's win rate against the baseline, when it tells something: not for a
    game that names no first seat (or has one seat), and not when the bots kept their
    seats, where it is the win rate of the bot that sat there."""
    first, base = balance.first, balance.baseline
    if facts.solo or not first.n:
        return None
    title = "First-player advantage"
    if not facts.first_is_fair:
        if len(facts.first_bots) == 1:
            (bot,) = facts.first_bots
            why = f"The first seat was always played by the same bot ({bot})"
        else:
            why = "Each bot kept its seat, so who went first was also which bot went first"
        return Section(
            title,
            text=f"{why}: its win rate is that bot's strength as much as the first"
            " move's, so no advantage is shown. Run with --rotate (each bot at every seat)"
            " to measure it.",
        )
    diff, low, high = first.minus(base.p)
    who = ", ".join(f"{seat_label(words, s)}: {n}" for s, n in balance.first_by_seat.items())
    return Section(
        title,
        text=f"{words.first[0].upper()}{words.first[1:]} ({who}), against the baseline.",
        header=["games", "first wins", "win rate", "95% CI", "baseline", "advantage", "95% CI"],
        rows=[
            [
                str(first.n),
                str(first.wins),
                pct(first.p),
                interval(*first.interval),
                pct(base.p),
                pp(diff),
                interval(low, high, pp),
            ]
        ],
    )


def length_sections(balance: Balance, folder: Path, words: ReportWords) -> list[Section]:
    """How long games were, how they ended, and the seats' figures at the end."""
    sections = []
    unit = words.turns
    spreads = {
        words.rounds: Spread.of(balance.lengths["rounds"]),
        unit: Spread.of(balance.lengths["turns"]),
        "actions": Spread.of(balance.lengths["actions"]),
    }
    sections.append(
        Section(
            "Game length",
            header=["measure", "mean", "median", "p10", "p90", "min", "max"],
            rows=[
                [
                    name,
                    f"{s.mean:.1f}",
                    f"{s.median:g}",
                    f"{s.p10:g}",
                    f"{s.p90:g}",
                    str(s.low),
                    str(s.high),
                ]
                for name, s in spreads.items()
            ],
            image=charts.game_length(balance, folder, unit),
        )
    )
    sections.append(
        Section(
            "How games ended",
            header=["reason", "games", "share"],
            rows=[[r, str(n), pct(n / balance.games)] for r, n in balance.reasons.items()],
        )
    )
    if balance.finals:
        figures = sorted(balance.finals)
        sections.append(
            Section(
                "At the end (mean per seat)",
                text=" ".join(f"{f}: {words.figures[f]}." for f in figures if f in words.figures),
                header=["seat", *figures],
                rows=[
                    [
                        seat_label(words, s),
                        *(f"{balance.finals[f].get(s, 0.0):.1f}" for f in figures),
                    ]
                    for s in balance.seats
                ],
            )
        )

    return sections


def impact_sections(
    balance: Balance,
    names: Mapping[str, Mapping[str, str]],
    folder: Path,
    words: ReportWords,
) -> list[Section]:
    """One impact table per kind of thing played: the kinds the game names
    (`ReportWords.impact_kinds`: characters, say) first, then the cards."""

    def label(card_id: str) -> str:
        return card_label(names, card_id)

    kinds = [*dict.fromkeys(words.impact_kinds.values()), "card"]
    return [
        impact_section(
            kind,
            [c for c in balance.cards if words.impact_kinds.get(c.card_id, "card") == kind],
            folder,
            label,
            words.card_note,
            balance.exposed,
        )
        for kind in kinds
    ]


def exposure_words(exposed: bool, kind: str) -> str:
    """What a seat-game counts for a card: the measure is defined where it is shown."""
    if exposed:
        return (
            f"whose seat was dealt the {kind} (its opening hand or its main; in a game of"
            " dealt piles, its pile): the deal is chance and comes before any decision, so"
            f" a {kind} is not credited with the wins of the side that plays the most"
        )
    return (
        f"in which that seat played the {kind} (the side that is winning plays more, so"
        " this leans towards winners' cards)"
    )


def impact_section(
    kind: str,
    cards: list[CardImpact],
    folder: Path,
    label: Callable[[str], str],
    note: str,
    exposed: bool = False,
) -> Section:
    return Section(
        f"{kind.capitalize()} impact",
        text=f"For each {kind}, the seat-games {exposure_words(exposed, kind)} and how"
        f" many it won, against the baseline; the interval is the {kind}'s Wilson interval"
        " minus the baseline. Those whose interval leaves out zero come first, then by"
        " the size of the difference: the most over- and under-powered lead."
        + (f" {note}" if note else ""),
        header=[kind, "name", "games", "seat-games", "wins", "win rate", "vs baseline", "95% CI"],
        rows=[
            [
                c.card_id,
                label(c.card_id),
                str(c.games),
                str(c.rate.n),
                str(c.rate.wins),
                pct(c.rate.p),
                pp(c.delta[0]),
                interval(c.delta[1], c.delta[2], pp),
            ]
            for c in cards
        ],
        image=charts.card_impact(cards, folder, label, kind),
    )


def group_section(balance: Balance, group: str, words: ReportWords) -> Section:
    """A seat's win rate by one of its labels (a lineup), each in words beside it when the
    game names it (a lineup made for the run has no name)."""
    meaning = words.groups[group]
    rates = balance.groups.get(group, {})
    names = words.group_names.get(group)
    if names is None:
        header, rows = [group], [[label, *rate_cells(r)] for label, r in rates.items()]
    else:
        header = [group, "name"]
        rows = [
            [label, card_label(names, label) if label in names else "", *rate_cells(r)]
            for label, r in rates.items()
        ]
    return Section(
        f"Win rate by {group}",
        text=f"{meaning[0].upper()}{meaning[1:]}.",
        header=[*header, "seat-games", "wins", "win rate", "95% CI"],
        rows=rows,
    )


PERCENTILES = (10, 25, 50, 75, 90, 95)


def distributions(balance: Balance, folder: Path, words: ReportWords) -> list[Section]:
    """One section per end figure the game wants shown whole: per seat, its percentiles
    (the value a given share of games stayed at or below) and a histogram."""
    sections = []
    for figure in words.distributions:
        per_seat = balance.final_values.get(figure)
        if not per_seat:
            continue
        meaning = words.figures.get(figure, figure)
        rows = []
        for seat, values in per_seat.items():
            ordered = sorted(values)
            rows.append(
                [
                    seat_label(words, seat),
                    str(len(ordered)),
                    f"{statistics.fmean(ordered):.1f}",
                    *(f"{quantile(ordered, p / 100):g}" for p in PERCENTILES),
                    str(ordered[0]),
                    str(ordered[-1]),
                ]
            )
        sections.append(
            Section(
                f"Distribution of {figure}",
                text=f"{meaning}: the value that many games in a hundred stayed at or below"
                " (p90: nine games in ten ended at or below it).",
                header=["seat", "games", "mean", *(f"p{p}" for p in PERCENTILES), "min", "max"],
                rows=rows,
                image=charts.distribution(
                    {seat_label(words, s): v for s, v in per_seat.items()}, folder, figure, meaning
                ),
            )
        )
    return sections


def markdown(title: str, sections: Sequence[Section]) -> str:
    lines = [f"# {title}", ""]
    for section in sections:
        lines += [f"## {section.title}", ""]
        if section.text:
            lines += [section.text, ""]
        if section.image:
            lines += [f"![{section.title}]({section.image})", ""]
        if section.header:
            lines.append("| " + " | ".join(section.header) + " |")
            lines.append("|" + "|".join("---" for _ in section.header) + "|")
            lines += [
                "| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in section.rows
            ]
            lines.append("")
    return "\n".join(lines)


def html_page(title: str, sections: Sequence[Section]) -> str:
    e = html.escape
    out = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:70em;margin:2em auto;padding:0 1em}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
        "padding:.25em .6em;text-align:left}th{background:#f3f3f3}img{max-width:100%}</style>",
        "</head><body>",
        f"<h1>{e(title)}</h1>",
    ]
    for section in sections:
        out.append(f"<h2>{e(section.title)}</h2>")
        if section.text:
            out.append(f"<p>{e(section.text).replace('**', '')}</p>")
        if section.image:
            out.append(f'<img src="{e(section.image)}" alt="{e(section.title)}">')
        if section.header:
            out.append("<table><thead><tr>")
            out += [f"<th>{e(h)}</th>" for h in section.header]
            out.append("</tr></thead><tbody>")
            for row in section.rows:
                out.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
            out.append("</tbody></table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def write_report(folder: Path) -> tuple[Path, Path]:
    """Reads the run in `folder` and writes report.md, report.html and their PNGs there."""
    run = read_json(folder / RUN_JSON)
    names = read_json(folder / CARDS_JSON)
    words = run_words(run)
    rows, facts = read_run(folder, run)
    balance = analyse(rows, tuple(words.groups))
    sections = build_sections(balance, names, run, folder, words, facts)
    title = f"Balance report: {run.get('game', folder.name)}"
    md_path, html_path = folder / REPORT_MD, folder / REPORT_HTML
    md_path.write_text(markdown(title, sections) + "\n", encoding="utf-8")
    html_path.write_text(html_page(title, sections), encoding="utf-8")
    return md_path, html_path


def run_words(run: Mapping[str, Any]) -> ReportWords:
    return extractor_for(get_game(str(run["game"]))).words(run.get("config") or {})


def read_run(folder: Path, run: Mapping[str, Any]) -> tuple[list[dict[str, str]], RunFacts]:
    """The rows the figures are made of (the players' seats only) and the run's facts."""
    rows = read_rows(folder)
    facts = run_facts(get_game(str(run["game"])).info, run, rows)
    return player_rows(rows, facts.referees), facts


def highlights(folder: Path, shown: int = 5) -> list[str]:
    """The report's gist for the terminal: the baseline, each seat's win rate, and the
    `shown` clearest over- or under-powered things played, each by its kind and name."""
    run = read_json(folder / RUN_JSON)
    names = read_json(folder / CARDS_JSON)
    words = run_words(run)
    rows, facts = read_run(folder, run)
    balance = analyse(rows, tuple(words.groups))
    lines = [stopped_note(facts).replace("**", "")] if facts.incomplete else []
    lines.append(f"{balance.games} games; baseline win rate {pct(balance.baseline.p)}")
    lines += [
        f"  {seat_label(words, seat)}: {pct(rate.p)} of {rate.n}"
        for seat, rate in balance.by_seat.items()
        if not facts.solo
    ]
    for card in [c for c in balance.cards if c.clear][:shown]:
        kind = words.impact_kinds.get(card.card_id, "card")
        lines.append(
            f"  {kind} {card.card_id} {card_label(names, card.card_id)}:"
            f" {pp(card.delta[0])} vs baseline ({card.rate.n})"
        )
    return lines
