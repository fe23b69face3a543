"""What the balance assistant writes to its folder: the proposed catalogue (the game's own
file), changes.md (old → new per changed card), report.md and report.html with the
before/after chart beside them (relative links: the folder is self-contained), and
tuning.json with the same figures as data."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tavola.core.capabilities import CardTuning

from .balance import CardImpact
from .report import REPORT_HTML, REPORT_MD, Section, card_label, html_page, markdown, pp
from .spec import SimSpec
from .tuning import TuningResult, standing
from .tuning_charts import before_after

CATALOGUE = "catalogue.toml"
CHANGES_MD = "changes.md"
TUNING_JSON = "tuning.json"

ORDER = (
    "changed",
    "changed, still out of band",
    "out of band",
    "undecided",
    "within band",
    "not played",
)

DEFINITIONS = (
    "A card's impact is the win rate of the seat-games whose seat was dealt the card, minus"
    " the baseline (the win rate of every seat-game), with its 95% Wilson interval. A seat"
    " is dealt a card when it is in its opening hand or is its main card (in the simplified"
    " mode: in the pile it was dealt); the deal is random and comes before any decision, so"
    " a card is not credited for being played more by the side that is winning. {centre}"
    " Every impact below is the card's impact less its centre. A card is"
    " decided when its interval lies wholly outside ±{band} or is no wider than ±{band} about"
    " its estimate; out of band when it is decided and its point estimate lies outside"
    " ±{band}; within band when its point estimate lies within ±{band}. A measurement plays {games}"
    " games, then doubles them while a card it watches is undecided, up to {ceiling}. A"
    " change is kept only when {sets} fresh seed set(s) of {per_set} games, pooled, confirm"
    " it: the changed card is within band in the pool, and the pool's interval leaves out"
    " the impact the card had before the change."
)


def impact_text(impact: CardImpact | None) -> str:
    if impact is None:
        return "not played"
    delta, low, high = impact.delta
    return f"{pp(delta)} [{pp(low)}, {pp(high)}]"


def impact_json(impact: CardImpact | None) -> dict[str, Any] | None:
    if impact is None:
        return None
    delta, low, high = impact.delta
    return {
        "delta": round(delta, 6),
        "low": round(low, 6),
        "high": round(high, 6),
        "seat_games": impact.rate.n,
        "wins": impact.rate.wins,
    }


@dataclass(frozen=True, slots=True)
class CardLine:
    card_id: str
    label: str
    before: CardImpact | None
    after: CardImpact | None
    change: str
    status: str
    why: str
    tier: str = ""
    centre: float = 0.0


def card_lines(result: TuningResult, names: Mapping[str, Mapping[str, str]]) -> list[CardLine]:
    """One line per card measured, changed cards first, then those left out of band, the
    largest impact first."""
    ids = {c.card_id for c in result.baseline.balance.cards}
    ids |= {c.card_id for c in result.after.balance.cards}
    kept = {change.card_id: change for change in result.changes}
    lines = []
    for card_id in ids:
        status, why = result.status(card_id)
        change = kept.get(card_id)
        lines.append(
            CardLine(
                card_id,
                card_label(names, card_id),
                result.baseline.impact(card_id),
                result.after.impact(card_id),
                f"{change.label}: {change.describe()}" if change else "",
                status,
                why,
                result.tiers.get(card_id, ""),
                result.centres.get(card_id, 0.0),
            )
        )

    def order(line: CardLine) -> tuple[int, float, str]:
        size = abs(line.before.delta[0]) if line.before else 0.0
        return ORDER.index(line.status), -size, line.card_id

    return sorted(lines, key=order)


def setting_text(spec: SimSpec, result: TuningResult, catalogue: str) -> str:
    settings = result.settings
    config = spec.config
    mode = config.get("mode") or spec.options.get("mode") or "default"
    bots = ", ".join((*spec.bots, *spec.automata))
    locks = f"; locked: {', '.join(settings.locks)}" if settings.locks else ""
    inversion = "; rarity inversion allowed" if settings.allow_rarity_inversion else ""
    return (
        f"**{spec.game}**, mode {mode}, catalogue {catalogue}; bots {bots}, rotated round"
        " the seats (and each seat's own cards moved round the seats, where seats own"
        f" cards); {settings.games} to {settings.ceiling} games per measurement, confirmed"
        f" on {settings.confirm_sets} × {settings.per_set} fresh games{locks}{inversion};"
        f" {result.games_used} games played of a budget of"
        f" {settings.budget} ({len(result.measurements)} measurements, {result.rounds}"
        f" rounds of at most {settings.cards_per_round} cards); band ±{pp(settings.band)[1:]};"
        f" seed {settings.seed}."
    )


def centre_text(result: TuningResult) -> str:
    """How the band's centre was set."""
    if not result.tiers:
        return "A card's centre is the baseline: every card is meant to win as often."
    given = "; ".join(f"{tier} {pp(value)}" for tier, value in result.settings.tier_centres)
    return (
        "A card's centre is the impact the designer means it to have: the mean impact, in"
        " the baseline run, of the other cards of its tier (the win rate of the seat-games"
        " dealt them, minus the baseline; the card itself left out, so that it cannot lift"
        " its own centre); a rarer card may win more, as its rarity promises. A card alone"
        " in its tier is its own centre."
        + (f" Centres given by the designer (--tier-centre): {given}." if given else "")
    )


def summary_text(lines: list[CardLine], result: TuningResult) -> str:
    changed = [line for line in lines if line.status.startswith("changed")]
    out = [line for line in lines if line.status.endswith("out of band")]
    wide = [line for line in lines if line.status == "undecided"]
    parts = [
        f"{len(changed)} card(s) changed"
        + (f" ({', '.join(line.card_id for line in changed)})" if changed else "")
        + "."
    ]
    if out:
        parts.append(
            f"Not brought within the band: {len(out)} card(s): "
            + "; ".join(f"{line.card_id}: {line.why}" for line in out)
            + "."
        )
    else:
        parts.append("No card is left out of band in the final run.")
    if wide:
        parts.append(
            f"Not decided within {result.settings.ceiling} games a measurement:"
            f" {len(wide)} card(s) ({', '.join(line.card_id for line in wide)}): their"
            " interval is wider than the band; a higher --max-games would decide them."
        )
    if result.after is not result.baseline:
        parts.append(f"The after column is the run '{result.after.label}' (fresh seeds).")
    return " ".join(parts)


def build_sections(
    spec: SimSpec,
    result: TuningResult,
    names: Mapping[str, Mapping[str, str]],
    folder: Path,
    catalogues: tuple[str, str] = ("", ""),
) -> list[Section]:
    """`catalogues`: the labels (id and content hash) of the catalogue tuned and of the
    proposal."""
    settings = result.settings
    band = pp(settings.band)[1:]
    lines = card_lines(result, names)
    base = result.baseline.balance.baseline
    words = DEFINITIONS.format(
        band=band,
        games=settings.games,
        ceiling=settings.ceiling,
        sets=settings.confirm_sets,
        per_set=settings.per_set,
        centre=centre_text(result),
    )
    given, proposed = catalogues
    centred = bool(result.tiers)
    sections = [
        Section("Setting", setting_text(spec, result, given) + f" Proposal: {proposed}."),
        Section("How to read it", words),
        Section("Summary", summary_text(lines, result)),
        Section(
            "Before and after",
            f"Baseline win rate of a seat before: {100 * base.p:.1f}%; after:"
            f" {100 * result.after.balance.baseline.p:.1f}%. Impact in percentage points"
            " against each run's own baseline"
            + (", less the card's centre" if centred else "")
            + ", with its 95% interval.",
            header=[
                "card",
                "name",
                *(["tier", "centre"] if centred else []),
                "impact before",
                "change",
                "impact after",
                "status",
                "why",
            ],
            rows=[
                [
                    line.card_id,
                    line.label,
                    *([line.tier, pp(line.centre)] if centred else []),
                    impact_text(line.before),
                    line.change,
                    impact_text(line.after),
                    line.status,
                    line.why,
                ]
                for line in lines
            ],
            image=before_after(result, folder, lambda card: card_label(names, card)),
        ),
    ]
    sections += [search_section(result), confirm_section(result), measurements_section(result)]
    return sections


def search_section(result: TuningResult) -> Section:
    """Every change tried, round by round."""
    attempts = [
        (attempt.round, search.card_id, attempt)
        for search in result.searches.values()
        for attempt in search.attempts
    ]
    return Section(
        "Search",
        "Every change tried: its trial run, its confirming run (when the trial put the"
        " card within band), and the verdict.",
        header=["round", "card", "change", "trial", "confirming run", "verdict"],
        rows=[
            [
                str(number),
                card,
                f"{a.change.label}: {a.change.describe()}",
                impact_text(a.trial),
                impact_text(a.confirm) if a.confirm else "",
                a.verdict,
            ]
            for number, card, a in sorted(attempts, key=lambda t: (t[0], t[1]))
        ],
    )


def measurements_section(result: TuningResult) -> Section:
    return Section(
        "Measurements",
        "Each run's seed is derived from the run's seed and its label.",
        header=["run", "games", "seed", "changed cards"],
        rows=[
            [m.label, str(m.games), str(m.seed), " ".join(c.card_id for c in m.changes)]
            for m in result.measurements
        ],
    )


def confirm_section(result: TuningResult) -> Section:
    """Every confirming run: each changed card's figure on each fresh seed set beside the
    pooled figure the decision was taken on."""
    rows = []
    for search in sorted(result.searches.values(), key=lambda s: s.card_id):
        for attempt in search.attempts:
            run = next(
                (
                    m
                    for m in result.measurements
                    if attempt.confirm and m.label == f"confirm {attempt.round}"
                ),
                None,
            )
            if run is None:
                continue
            sets = [impact_text(part.impact(search.card_id)) for part in run.parts]
            rows.append(
                [
                    run.label,
                    search.card_id,
                    attempt.change.label,
                    " · ".join(sets),
                    impact_text(attempt.confirm),
                    attempt.verdict,
                ]
            )
    return Section(
        "Confirmation",
        "Each confirming run's seed sets, one figure each, and the pooled figure the"
        " decision was taken on.",
        header=["run", "card", "change", "each seed set", "pooled", "verdict"],
        rows=rows,
    )


def changes_markdown(lines: list[CardLine], result: TuningResult) -> str:
    out = ["# Proposed changes", ""]
    by_card = {line.card_id: line for line in lines}
    if not result.changes:
        out += ["No card changed.", ""]
    for change in sorted(result.changes, key=lambda c: c.card_id):
        line = by_card.get(change.card_id)
        out += [f"## {change.card_id} {line.label if line else ''}".rstrip(), ""]
        out += [f"- {s.stat}: {s.old} → {s.new}" for s in change.stats]
        attempts = result.searches[change.card_id].attempts
        confirm = next((a.confirm for a in attempts[::-1] if a.change == change), None)
        out += [
            "",
            f"Impact before {impact_text(result.baseline.impact(change.card_id))}; confirming"
            f" runs pooled {impact_text(confirm)}; final run"
            f" {impact_text(line.after if line else None)}.",
            "",
        ]
    return "\n".join(out)


def tuning_json(
    spec: SimSpec,
    result: TuningResult,
    lines: list[CardLine],
    files: list[str],
    catalogues: tuple[str, str] = ("", ""),
) -> dict[str, Any]:
    settings = result.settings
    return {
        "game": spec.game,
        "options": dict(spec.options),
        "bots": list(spec.bots),
        "automata": list(spec.automata),
        "settings": {
            "games": settings.games,
            "budget": settings.budget,
            "band": settings.band,
            "seed": settings.seed,
            "cards_per_round": settings.cards_per_round,
            "backend": settings.backend,
            "workers": settings.workers,
            "max_games": settings.ceiling,
            "confirm_sets": settings.confirm_sets,
            "confirm_games": settings.per_set,
            "locks": list(settings.locks),
            "allow_rarity_inversion": settings.allow_rarity_inversion,
            "centre": settings.centre,
            "tier_centres": dict(settings.tier_centres),
        },
        "catalogue": catalogues[0],
        "proposal": catalogues[1],
        "games_used": result.games_used,
        "rounds": result.rounds,
        "changes": [change.to_json() for change in result.changes],
        "cards": [
            {
                "card_id": line.card_id,
                "name": line.label,
                "before": impact_json(line.before),
                "after": impact_json(line.after),
                "tier": line.tier,
                "centre": round(line.centre, 6),
                "change": line.change,
                "status": line.status,
                "why": line.why,
                "standing_after": standing(line.after, settings.band) if line.after else None,
            }
            for line in lines
        ],
        "measurements": [
            {
                "label": m.label,
                "seed": m.seed,
                "games": m.games,
                "changes": [c.to_json() for c in m.changes],
                "parts": [{"label": p.label, "seed": p.seed, "games": p.games} for p in m.parts],
            }
            for m in result.measurements
        ],
        "files": files,
    }


def write_outputs(
    spec: SimSpec, result: TuningResult, tuning: CardTuning, folder: Path
) -> list[Path]:
    """Writes every file of the assistant's folder; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    names = tuning.tuning_cards(spec.config)
    tuning.write_tuned_catalog(spec.config, result.changes, folder / CATALOGUE)
    given = tuning.catalog_label(spec.config)
    proposed = tuning.catalog_label(tuning.catalog_options(str(folder / CATALOGUE)))
    catalogues = (given, f"{proposed}, {CATALOGUE}")
    lines = card_lines(result, names)
    (folder / CHANGES_MD).write_text(changes_markdown(lines, result), encoding="utf-8")
    sections = build_sections(spec, result, names, folder, catalogues)
    title = f"Balance assistant: {spec.game}"
    (folder / REPORT_MD).write_text(markdown(title, sections) + "\n", encoding="utf-8")
    (folder / REPORT_HTML).write_text(html_page(title, sections), encoding="utf-8")
    images = [s.image for s in sections if s.image]
    files = [CATALOGUE, CHANGES_MD, REPORT_MD, REPORT_HTML, *images, TUNING_JSON]
    data = tuning_json(spec, result, lines, files, catalogues)
    (folder / TUNING_JSON).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return [folder / name for name in files]
