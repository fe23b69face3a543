"""The balance assistant's search (`tavola balance suggest`): measure every card's win-rate
impact, search stat changes for the cards out of band, smallest first and a few cards a
round, and keep a change only when a run on fresh seeds confirms it.

The words, as the report defines them (`band` in rate units, 0.02 = 2 percentage points):

- a card's *impact*: its win rate in the seat-games whose seat was dealt it (its opening
  hand and main card: chance, not play, decides it), minus the baseline, with its 95%
  Wilson interval (`balance.CardImpact`);
- a card's *centre*: the impact the designer expects of it, which the band is about. By
  default (`centre="tier"`) the mean impact of the other cards of its tier in the baseline
  run (the game's tiers, e.g. rarities: a rarer card is meant to win more), or the tier's
  centre the designer gives (`tier_centres`); with `centre="baseline"`, 0 for every card.
  What follows says "impact" for the impact less the centre;
- *decided*: the interval lies wholly outside ±band, or is no wider than ±band;
- *out of band*: the card is decided and its estimate lies outside ±band (its interval
  wholly above +band or below −band, or no wider than ±band: `outside`);
- *within band*: the impact's point estimate lies within ±band;
- *confirmed*: on `confirm_sets` fresh seed sets pooled, the changed card is within band
  and the pooled interval leaves out the impact it had before the change.

Each measurement plays `games` games, then doubles them (a sequential test) while a card
it watches is undecided, up to `max_games`, with the bots rotated round the seats,
split over the game's seat rotations (decks moved round the seats); its seed is derived
from the run's seed and the measurement's label, so the same seed gives the same proposal
whatever the backend or the number of workers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from tavola.core.capabilities import CardChange, CardTuning, Direction, TuningRules

from .balance import Balance, CardImpact
from .stats import Rate

Standing = Literal["in", "high", "low", "unclear"]

REOPEN = 2
"""Times a kept card is searched again when later changes to other cards move it out."""

OUT_OF_BAND_REASONS = {
    "no_change": "no stat change within the authoring budgets (none of its numbers counts"
    " at this table, or none can move)",
    "not_enough": "no change within the authoring rules (the rarity's caps and floors, the"
    " rarity order, the locks) moved it enough",
    "overshoot": "the changes overshoot",
    "budget": "budget of games exhausted",
    "unconfirmed": "the pooled confirming runs could not tell whether the change moved it",
    "not_played": "not played in the trial games",
    "moved_out": "confirmed within band when kept, moved out again by later changes to other cards",
    "rules": "its change breaks the authoring rules without another change the confirming"
    " run did not keep",
    "not_searched": "within the band or undecided when last measured, out of band at the end",
    "locked": "locked by the designer (--lock)",
}


@dataclass(frozen=True, slots=True)
class TuningSettings:
    games: int = 1000
    """Games of a measurement's first look (the sequential test doubles them)."""
    budget: int = 20_000
    """Games in all: the baseline, every trial and confirming run, and the final run."""
    band: float = 0.02
    seed: int = 1
    cards_per_round: int = 3
    workers: int = 1
    backend: str = "local"
    scheduler: str | None = None
    max_games: int = 0
    """The sequential test's ceiling per measurement (0: `games`, a fixed count)."""
    confirm_sets: int = 3
    """Fresh seed sets a proposal must hold on, pooled."""
    confirm_games: int = 0
    """Games of each confirming seed set (0: `games`)."""
    locks: tuple[str, ...] = ()
    allow_rarity_inversion: bool = False
    centre: str = "tier"
    """"tier": a card's band is about the other cards of its tier at the baseline (`CENTRES`);
    "baseline": about the baseline, the same for every card."""
    tier_centres: tuple[tuple[str, float], ...] = ()
    """Tiers whose centre the designer gives (impact, in rate units) instead of measuring."""

    @property
    def ceiling(self) -> int:
        return max(self.games, self.max_games)

    @property
    def per_set(self) -> int:
        return self.confirm_games or self.games

    @property
    def rules(self) -> TuningRules:
        return TuningRules(frozenset(self.locks), self.allow_rarity_inversion)

    def check(self) -> None:
        if self.games < 1:
            raise ValueError("--games must be at least 1")
        if self.budget < self.games:
            raise ValueError("--budget must hold at least one measurement (--games)")
        if self.confirm_sets < 1:
            raise ValueError("--confirm-sets must be at least 1")
        if not 0 < self.band < 1:
            raise ValueError("--band is in percentage points, between 0 and 100")
        if self.cards_per_round < 1:
            raise ValueError("--cards-per-round must be at least 1")
        if self.centre not in CENTRES:
            raise ValueError(f"--centre is one of {', '.join(CENTRES)}")
        if self.tier_centres and self.centre != "tier":
            raise ValueError("--tier-centre needs --centre tier")
        if any(not -1 < value < 1 for _, value in self.tier_centres):
            raise ValueError("--tier-centre is in percentage points, between -100 and 100")


CENTRES = {
    "tier": "each card against the mean impact of the other cards of its tier in the baseline"
    " run (a rarer card is meant to win more)",
    "baseline": "every card against the baseline (every card meant to win as often)",
}


@dataclass(frozen=True, slots=True)
class Measurement:
    label: str
    seed: int
    changes: tuple[CardChange, ...]
    balance: Balance
    parts: tuple[Measurement, ...] = ()
    """The runs pooled into this one (its sequential looks, or its fresh seed sets)."""

    @property
    def games(self) -> int:
        return self.balance.games

    def impact(self, card_id: str) -> CardImpact | None:
        return next((c for c in self.balance.cards if c.card_id == card_id), None)


Measure = Callable[[Sequence[CardChange], str, int], Measurement]
"""Plays `games` games of the table with some changes; the label names the measurement
(and its seed)."""


def pool(label: str, parts: Sequence[Measurement]) -> Measurement:
    """One measurement of the games of `parts` together: every card's seat-games and wins
    summed, against the pooled baseline."""
    if len(parts) == 1:
        return parts[0]
    balances = [part.balance for part in parts]
    baseline = Rate(sum(b.baseline.wins for b in balances), sum(b.baseline.n for b in balances))
    wins: dict[str, int] = {}
    seats: dict[str, int] = {}
    games: dict[str, int] = {}
    for balance in balances:
        for card in balance.cards:
            wins[card.card_id] = wins.get(card.card_id, 0) + card.rate.wins
            seats[card.card_id] = seats.get(card.card_id, 0) + card.rate.n
            games[card.card_id] = games.get(card.card_id, 0) + card.games
    centres = {c.card_id: c.centre for b in balances for c in b.cards}
    cards = [
        CardImpact(c, games[c], Rate(wins[c], seats[c]), baseline.p, centres[c])
        for c in sorted(wins)
    ]
    first = balances[0]
    pooled = Balance(
        games=sum(b.games for b in balances),
        seats=first.seats,
        baseline=baseline,
        draws=sum(b.draws for b in balances),
        reasons={},
        by_seat={},
        by_bot={},
        first=Rate(0, 0),
        first_by_seat={},
        lengths={},
        finals={},
        cards=cards,
    )
    return Measurement(label, parts[0].seed, parts[0].changes, pooled, tuple(parts))


def tier_centres(
    balance: Balance, tiers: Mapping[str, str], given: Mapping[str, float]
) -> dict[str, float]:
    """Card → centre: the pooled impact in `balance` of the *other* cards of its tier (the
    win rate of the seat-games dealt them, minus the baseline), or the centre `given` for
    the tier. The card itself is left out, so that an overpowered card does not lift its
    own centre. A card alone in its tier has nothing to be compared with: its centre is its
    own impact (within band by definition). A card without a tier gets 0: the baseline."""
    wins: dict[str, int] = {}
    seats: dict[str, int] = {}
    for card in balance.cards:
        tier = tiers.get(card.card_id)
        if tier is not None:
            wins[tier] = wins.get(tier, 0) + card.rate.wins
            seats[tier] = seats.get(tier, 0) + card.rate.n
    out: dict[str, float] = {}
    for card in balance.cards:
        tier = tiers.get(card.card_id)
        if tier is None:
            out[card.card_id] = 0.0
        elif tier in given:
            out[card.card_id] = given[tier]
        else:
            n = seats[tier] - card.rate.n
            w = wins[tier] - card.rate.wins
            rate = w / n if n > 0 else card.rate.p
            out[card.card_id] = rate - balance.baseline.p
    return out


def centred(measurement: Measurement, centres: Mapping[str, float]) -> Measurement:
    """`measurement` (and its parts) with each card's impact about its centre."""
    balance = replace(
        measurement.balance,
        cards=[replace(c, centre=centres.get(c.card_id, 0.0)) for c in measurement.balance.cards],
    )
    parts = tuple(centred(part, centres) for part in measurement.parts)
    return replace(measurement, balance=balance, parts=parts)


def decided(impact: CardImpact, band: float) -> bool:
    """The interval lies wholly outside ±band, or is no wider than ±band either side of
    the estimate: more games would not change what the assistant does with the card."""
    delta, low, high = impact.delta
    return low > band or high < -band or max(high - delta, delta - low) <= band


def standing(impact: CardImpact, band: float) -> Standing:
    delta, low, high = impact.delta
    if low > band:
        return "high"
    if high < -band:
        return "low"
    return "in" if abs(delta) <= band else "unclear"


def outside(impact: CardImpact, band: float) -> Literal["high", "low"] | None:
    """Out of band, and which way: the card is decided and its estimate lies outside the
    band (its interval wholly outside, or no wider than ±band: more games would not bring
    it in). A card "at the band's edge" (estimate outside, interval reaching in) once
    decided is out of band too: issue 32's target is every decided card within band."""
    delta = impact.delta[0]
    if abs(delta) <= band or not decided(impact, band):
        return None
    return "high" if delta > 0 else "low"


def confirmed(impact: CardImpact, before: CardImpact, band: float) -> bool:
    _, low, high = impact.delta
    return standing(impact, band) == "in" and not low <= before.delta[0] <= high


@dataclass(slots=True)
class Attempt:
    round: int
    change: CardChange
    trial: CardImpact | None
    confirm: CardImpact | None = None
    verdict: str = ""


@dataclass(slots=True)
class CardSearch:
    """The search for one out-of-band card: the sizes known too small and too large, and
    the size to try next. Changes too small to show through the noise are common, so
    after one the size at least doubles (further when a straight line through what was
    seen says so, at most four times); after one too large, the gap is halved."""

    card_id: str
    direction: Direction
    before: CardImpact
    opened: str = "baseline"
    """The run that found the card out of band (a confirming run, after other changes)."""
    start: float = 0.0
    """The size of the change `before` was measured with (a kept one, searched again)."""
    too_small: float = 0.0
    too_small_label: str = ""
    too_large: float = math.inf
    too_large_label: str = ""
    target: float | None = None
    attempts: list[Attempt] = field(default_factory=list)
    kept: CardChange | None = None
    reason: str | None = None
    """Why it was given up: a key of `OUT_OF_BAND_REASONS`."""

    @property
    def done(self) -> bool:
        return self.kept is not None or self.reason is not None

    @property
    def sign(self) -> int:
        """+1 when a change should lower the impact (weakening), −1 when it should raise it."""
        return 1 if self.direction == "weaken" else -1

    def choose(self, candidates: Sequence[CardChange]) -> CardChange | None:
        """The smallest candidate first, then the smallest reaching `target`, or the
        middle one between a size too small and one too large. None: no candidate is
        left (the reason is set)."""
        eligible = [c for c in candidates if self.too_small < c.size < self.too_large]
        if not eligible:
            if not candidates:
                self.reason = "no_change"
            elif self.too_large < math.inf:
                self.reason = "overshoot"
            else:
                self.reason = "not_enough"
            return None
        if self.too_large < math.inf:
            return eligible[(len(eligible) - 1) // 2]
        if self.target is None:
            return eligible[0]
        reaching = [c for c in eligible if c.size >= self.target]
        return reaching[0] if reaching else eligible[-1]

    def learn(self, change: CardChange, impact: CardImpact, band: float) -> str:
        """Files what a run said of `change`: "in" (within band), "small" or "large"."""
        delta = impact.delta[0]
        if abs(delta) <= band:
            return "in"
        if delta * self.sign > 0:
            self.too_small, self.too_small_label = change.size, change.label
            moved = change.size - self.start
            slope = (delta - self.before.delta[0]) / moved if moved else 0.0
            line = change.size - delta / slope if slope * self.sign < 0 else 0.0
            self.target = min(max(line, 2 * change.size), 4 * change.size)
            return "small"
        self.too_large, self.too_large_label = change.size, change.label
        return "large"

    def overshoot_text(self) -> str:
        small = self.too_small_label or "no change"
        return f"{small} too little, {self.too_large_label} too much"


@dataclass(slots=True)
class TuningResult:
    settings: TuningSettings
    baseline: Measurement
    after: Measurement
    changes: tuple[CardChange, ...]
    searches: dict[str, CardSearch]
    measurements: list[Measurement]
    rounds: int
    tiers: dict[str, str] = field(default_factory=dict)
    """Card → its tier (the game's `CardTuning.card_tiers`), when the band is about tiers."""
    centres: dict[str, float] = field(default_factory=dict)
    """Card → the centre of its band (0: the baseline)."""

    @property
    def games_used(self) -> int:
        return sum(m.games for m in self.measurements)

    def status(self, card_id: str) -> tuple[str, str]:
        """(status, why) of a card at the end: changed (and where the final run left it),
        within band, undecided (interval wider than the band), or out of band with the
        reason."""
        search = self.searches.get(card_id)
        changed = any(change.card_id == card_id for change in self.changes)
        after = self.after.impact(card_id)
        where = outside(after, self.settings.band) if after is not None else None
        if changed and where is not None:
            why = OUT_OF_BAND_REASONS["moved_out"]
            if search is not None and search.reason is not None:
                why += f"; {self.reason_text(search)}"
            return "changed, still out of band", why
        if changed:
            opened = search.opened if search is not None else "baseline"
            if opened == "baseline":
                return "changed", ""
            return "changed", f"out of band in run '{opened}', after other changes"
        if after is None:
            return "not played", ""
        if where is None and not decided(after, self.settings.band):
            return "undecided", (
                f"its interval is wider than ±{100 * self.settings.band:g} pp after"
                f" {after.games} games (ceiling {self.settings.ceiling} a measurement)"
            )
        if where is None:
            return "within band", ""
        if search is None or search.reason is None:
            return "out of band", OUT_OF_BAND_REASONS["not_searched"]
        return "out of band", self.reason_text(search)

    @staticmethod
    def reason_text(search: CardSearch) -> str:
        why = OUT_OF_BAND_REASONS[search.reason or "budget"]
        if search.reason == "overshoot":
            why += f" ({search.overshoot_text()})"
        elif search.reason == "not_enough" and search.too_small_label:
            why += f" (up to {search.too_small_label})"
        return why


class Tuner:
    """The search, given how to measure: `run` returns the proposal and its evidence."""

    def __init__(
        self,
        tuning: CardTuning,
        config: dict[str, object],
        settings: TuningSettings,
        measure: Measure,
        note: Callable[[str], None] = lambda text: None,
        tiers: Mapping[str, str] | None = None,
    ) -> None:
        settings.check()
        self.tuning, self.config, self.settings = tuning, config, settings
        self._raw, self.note = measure, note
        self.tiers = dict(tiers or {}) if settings.centre == "tier" else {}
        self.centres: dict[str, float] | None = None
        """Card → centre, from the baseline run once it is measured (None until then)."""
        self.kept: dict[str, CardChange] = {}
        """The changes kept, by card (a card searched again replaces its change)."""
        self.reopened: dict[str, int] = {}
        self.searches: dict[str, CardSearch] = {}
        self.measurements: list[Measurement] = []
        self.rounds = 0

    def measure(
        self,
        changes: Sequence[CardChange],
        label: str,
        watch: Iterable[str] | None = None,
        screening: bool = False,
    ) -> Measurement:
        """A sequential test: `games` games, doubled while a card of `watch` (every card
        when None) is undecided, up to the ceiling and within the budget. Each look has its
        own seed (`label`, then `label +1`...), so the same seed gives the same looks. A
        `screening` run (a trial) only needs to tell where a card is going: it stops once
        no watched card is at the band's edge (an estimate within the band goes to the
        pooled confirmation, which decides), and looks once more at most."""
        settings = self.settings
        watched = None if watch is None else set(watch)
        parts: list[Measurement] = []
        played, look = 0, settings.games
        while True:
            name = label if not parts else f"{label} +{len(parts)}"
            parts.append(self._measure(list(changes), name, look))
            played += look
            pooled = pool(label, parts)
            if self.centres is None:  # the baseline: each look gives the tiers' centres
                pooled = centred(pooled, self.centres_of(pooled))
            open_ = self.undecided(pooled, watched, screening)
            ceiling = min(settings.ceiling, 2 * settings.games) if screening else settings.ceiling
            look = min(played, ceiling - played, settings.budget - self.used - played)
            if not open_ or look < 1:
                break
            self.note(f"{label}: {len(open_)} card(s) undecided after {played} games: {look} more")
        self.measurements.append(pooled)
        return pooled

    def _measure(self, changes: list[CardChange], label: str, games: int) -> Measurement:
        return centred(self._raw(changes, label, games), self.centres or {})

    def centres_of(self, measurement: Measurement) -> dict[str, float]:
        given = dict(self.settings.tier_centres)
        return tier_centres(measurement.balance, self.tiers, given)

    def undecided(
        self, measurement: Measurement, watch: set[str] | None, screening: bool = False
    ) -> list[str]:
        band = self.settings.band
        return [
            impact.card_id
            for impact in measurement.balance.cards
            if (watch is None or impact.card_id in watch)
            and (standing(impact, band) == "unclear" if screening else not decided(impact, band))
        ]

    def confirm(self, changes: Sequence[CardChange], label: str) -> Measurement:
        """`confirm_sets` fresh seed sets of `confirm_games` each, pooled; the report shows
        each set beside the pool."""
        settings = self.settings
        parts = [
            self._measure(list(changes), f"{label} set {i + 1}", settings.per_set)
            for i in range(settings.confirm_sets)
        ]
        pooled = pool(label, parts)
        if len(parts) == 1:
            pooled = Measurement(label, pooled.seed, pooled.changes, pooled.balance, (pooled,))
        self.measurements.append(pooled)
        return pooled

    @property
    def used(self) -> int:
        return sum(m.games for m in self.measurements)

    @property
    def round_cost(self) -> int:
        """The fewest games a round and the final run may take: a trial's first look,
        the confirming sets, a final run's first look."""
        settings = self.settings
        return 2 * settings.games + settings.confirm_sets * settings.per_set

    def run(self) -> TuningResult:
        band = self.settings.band
        baseline = current = self.measure([], "baseline")
        self.centres = self.centres_of(baseline)
        self.search_out_of_band(current)
        while active := self.active():
            if self.used + self.round_cost > self.settings.budget:  # trial, confirm, final
                for search in active:
                    search.reason = "budget"
                self.note("budget of games exhausted")
                break
            self.rounds += 1
            picked = self.pick(active)
            if not picked:
                continue
            proposal = self.with_changes(change for _, change in picked)
            tried = [s.card_id for s, _ in picked]
            trial = self.measure(proposal, f"trial {self.rounds}", tried, screening=True)
            passing = []
            for search, change in picked:
                impact = trial.impact(search.card_id)
                attempt = Attempt(self.rounds, change, impact)
                search.attempts.append(attempt)
                if impact is None:
                    search.reason, attempt.verdict = "not_played", "not played"
                    continue
                verdict = search.learn(change, impact, band)
                attempt.verdict = {"in": "within band: to confirm"}.get(verdict, f"too {verdict}")
                if verdict == "in":
                    passing.append((search, change, attempt))
            if not passing:
                continue
            checked = self.with_changes(change for _, change, _ in passing)
            confirm = self.confirm(checked, f"confirm {self.rounds}")
            kept_all = True
            for search, change, attempt in passing:
                impact = confirm.impact(search.card_id)
                attempt.confirm = impact
                if impact is not None and confirmed(impact, search.before, band):
                    problems = self.tuning.tuning_problems(
                        self.config, self.with_changes([change]), self.settings.rules
                    )
                    if problems:
                        # only with a change the confirmation dropped did the rules hold
                        search.reason, attempt.verdict = "rules", "; ".join(problems)
                        kept_all = False
                        continue
                    search.kept, attempt.verdict = change, "kept"
                    self.kept[change.card_id] = change
                    self.note(f"kept {change.card_id}: {change.describe()}")
                    continue
                kept_all = False
                if impact is None:
                    search.reason, attempt.verdict = "not_played", "not played"
                elif (verdict := search.learn(change, impact, band)) == "in":
                    search.reason, attempt.verdict = "unconfirmed", "not confirmed"
                else:
                    attempt.verdict = f"not confirmed: too {verdict}"
            if kept_all:  # the confirming run measured exactly the kept changes
                current = confirm
                self.search_out_of_band(current)
        after = current
        kept = tuple(self.kept.values())
        if tuple(current.changes) != kept:
            after = self.measure(kept, "final")
        return TuningResult(
            self.settings,
            baseline,
            after,
            kept,
            self.searches,
            self.measurements,
            self.rounds,
            self.tiers,
            self.centres,
        )

    def with_changes(self, changes: Iterable[CardChange]) -> list[CardChange]:
        """The kept changes, with `changes` added (a card's new change replacing its old)."""
        merged = dict(self.kept)
        merged.update((change.card_id, change) for change in changes)
        return list(merged.values())

    def search_out_of_band(self, measurement: Measurement) -> None:
        """Opens a search for every card out of band that has none yet, and searches again
        (at most `REOPEN` times) a card whose kept change later changes to other cards
        undid: beyond its change if it is too strong again for a weakening, short of it if
        now too weak."""
        for impact in measurement.balance.cards:
            where = outside(impact, self.settings.band)
            if where is None:
                continue
            card = impact.card_id
            direction: Direction = "weaken" if where == "high" else "strengthen"
            old = self.searches.get(card)
            if old is None:
                search = CardSearch(card, direction, impact, measurement.label)
                if card in self.settings.locks:
                    search.reason = "locked"
                self.searches[card] = search
                continue
            kept = self.kept.get(card)
            if kept is None or not old.done or self.reopened.get(card, 0) >= REOPEN:
                continue  # never kept, still being searched, or searched often enough
            self.reopened[card] = self.reopened.get(card, 0) + 1
            again = CardSearch(card, old.direction, impact, measurement.label, kept.size)
            again.attempts = old.attempts
            if direction == old.direction:
                again.too_small, again.too_small_label = kept.size, kept.label
            else:
                again.too_large, again.too_large_label = kept.size, kept.label
            self.searches[card] = again

    def active(self) -> list[CardSearch]:
        """Searches still open, the largest impact first (then by card id)."""
        open_ = [s for s in self.searches.values() if not s.done]
        return sorted(open_, key=lambda s: (-abs(s.before.delta[0]), s.card_id))

    def pick(self, active: Sequence[CardSearch]) -> list[tuple[CardSearch, CardChange]]:
        """Up to `cards_per_round` cards and a change for each, every change checked with
        the kept ones and those picked before it."""
        picked: list[tuple[CardSearch, CardChange]] = []
        proposal = list(self.kept.values())
        for search in active:
            if len(picked) == self.settings.cards_per_round:
                break
            rules = self.settings.rules
            candidates = self.tuning.card_changes(
                self.config, proposal, search.card_id, search.direction, rules
            )
            if not candidates and len(proposal) > len(self.kept):
                alone = self.tuning.card_changes(
                    self.config, list(self.kept.values()), search.card_id, search.direction, rules
                )
                if alone:
                    continue  # a change tried this round takes the slack it needs: next round
            change = search.choose(candidates)
            if change is None:
                self.note(f"{search.card_id}: {OUT_OF_BAND_REASONS[search.reason or '']}")
                continue
            picked.append((search, change))
            proposal.append(change)
        return picked
