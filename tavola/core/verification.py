"""Checking a finished game's shuffle: the revealed seed and salt open the commitment every
seat was shown, and replaying the record from that seed gives every event (every card dealt)
and the final state the record says. `tavola verify` and the server's verify endpoint share
this; the verdict is in Italian and English."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import commitment
from .errors import TavolaError
from .table import GameRecord, Table, events_digest


@dataclass(frozen=True, slots=True)
class Check:
    code: str
    passed: bool
    en: str
    it: str

    def text(self, lang: str) -> str:
        return self.it if lang == "it" else self.en

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "passed": self.passed, "message": self.en, "message_it": self.it}


@dataclass(slots=True)
class Verdict:
    checks: list[Check] = field(default_factory=list)
    commitment: str | None = None
    seed: int | None = None
    salt: str | None = None

    @property
    def passed(self) -> bool:
        return bool(self.checks) and all(c.passed for c in self.checks)

    def add(self, code: str, passed: bool, en: str, it: str) -> bool:
        self.checks.append(Check(code, passed, en, it))
        return passed

    def summary(self, lang: str) -> str:
        if self.passed:
            return (
                "Verificato: il mescolamento è quello promesso all'inizio e la partita è andata"
                " come dice il registro."
                if lang == "it"
                else "Verified: the shuffle is the one promised at the start and the game went"
                " as the record says."
            )
        return (
            "NON verificato: il registro non corrisponde all'impegno o alla partita."
            if lang == "it"
            else "NOT verified: the record does not match its commitment or its game."
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "verified": self.passed,
            "commitment": self.commitment,
            # Decimal digits, as a string: a browser's number loses those beyond 2^53.
            "seed": None if self.seed is None else str(self.seed),
            "salt": self.salt,
            "checks": [c.to_json() for c in self.checks],
            "summary": self.summary("en"),
            "summary_it": self.summary("it"),
        }


def verify(data: Mapping[str, Any], expected_commitment: str | None = None) -> Verdict:
    """Checks a game record: a `tavola play --save`/`tavola new` file or a record the server
    gave for a finished game. `expected_commitment`: the
    hash the checker noted at the table, if any, which the record's must equal."""
    verdict = Verdict()
    if data.get("finished") is False:
        verdict.add(
            "not_finished",
            False,
            "The game is not over: its seed stays secret until the end.",
            "La partita non è finita: il seme resta segreto fino alla fine.",
        )
        return verdict
    try:
        record = GameRecord.from_json(data)
    except (KeyError, TypeError, ValueError) as exc:
        verdict.add(
            "bad_record",
            False,
            f"This is not a game record: {exc}.",
            f"Questo non è il registro di una partita: {exc}.",
        )
        return verdict
    verdict.commitment, verdict.seed, verdict.salt = record.commitment, record.seed, record.salt
    if not _commitment_opens(verdict, record, expected_commitment):
        return verdict
    table = _replayed(verdict, record)
    if table is None:
        return verdict
    if record.events_hash is not None:
        same_events = record.events_hash == events_digest(table.events)
        verdict.add(
            "events",
            same_events,
            f"All {len(table.events)} events, every card dealt included, are as recorded."
            if same_events
            else "Replaying from the seed makes other events (other cards) than the record's.",
            f"Tutti i {len(table.events)} eventi, ogni carta distribuita compresa, sono come nel"
            " registro."
            if same_events
            else "Rigiocando dal seme si hanno altri eventi (altre carte) da quelli del registro.",
        )
    same = record.state_hash is not None and record.state_hash == table.hash
    verdict.add(
        "state_hash",
        same,
        f"The final state matches the record ({table.hash[:12]}…)."
        if same
        else f"Replaying gives the final state {table.hash[:12]}…, the record says "
        f"{(record.state_hash or 'nothing')[:12]}….",
        f"Lo stato finale è quello del registro ({table.hash[:12]}…)."
        if same
        else f"Rigiocando si ottiene lo stato finale {table.hash[:12]}…, il registro dice "
        f"{(record.state_hash or 'niente')[:12]}….",
    )
    return verdict


def _commitment_opens(verdict: Verdict, record: GameRecord, expected: str | None) -> bool:
    if not commitment.is_commitment(record.commitment) or record.salt is None:
        return verdict.add(
            "no_commitment",
            False,
            "The record carries no commitment (a game dealt before commitments existed):"
            " its shuffle cannot be checked.",
            "Il registro non porta un impegno (una partita di prima degli impegni):"
            " il suo mescolamento non si può verificare.",
        )
    assert record.commitment is not None
    if expected is not None and expected.strip().lower() != record.commitment:
        verdict.add(
            "commitment_shown",
            False,
            f"The record's commitment {record.commitment[:12]}… is not the one you noted"
            f" at the table ({expected.strip()[:12]}…).",
            f"L'impegno del registro {record.commitment[:12]}… non è quello annotato al"
            f" tavolo ({expected.strip()[:12]}…).",
        )
    opened = commitment.seed_opens(record.commitment, record.seed, record.salt)
    return verdict.add(
        "commitment",
        opened,
        f"SHA-256 of seed {record.seed} and its salt is the commitment"
        f" {record.commitment[:12]}… shown from the start."
        if opened
        else f"SHA-256 of seed {record.seed} and its salt is not the commitment"
        f" {record.commitment[:12]}…: seed or salt was changed.",
        f"Lo SHA-256 del seme {record.seed} e del suo sale è l'impegno"
        f" {record.commitment[:12]}… mostrato dall'inizio."
        if opened
        else f"Lo SHA-256 del seme {record.seed} e del suo sale non è l'impegno"
        f" {record.commitment[:12]}…: il seme o il sale sono stati cambiati.",
    )


def _replayed(verdict: Verdict, record: GameRecord) -> Table | None:
    """The game replayed from the seed, or None (and why) if an action is refused."""
    try:
        table = Table(record.game, record.config, record.seed, record.setup, salt=record.salt)
    except TavolaError as exc:
        verdict.add(
            "replay",
            False,
            f"The game cannot be dealt again: {exc.message}",
            f"La partita non si può distribuire di nuovo: {exc.localized('it')}",
        )
        return None
    for step, entry in enumerate(record.log, start=1):
        try:
            table.act(entry.seat, entry.action)
        except (TavolaError, ValueError, KeyError, TypeError) as exc:  # an edited action
            en, it = (
                (exc.message, exc.localized("it")) if isinstance(exc, TavolaError) else (exc, exc)
            )
            verdict.add(
                "replay",
                False,
                f"Replaying from the seed, action {step} ({entry.action.type} by"
                f" {entry.seat}) is refused: {en}",
                f"Rigiocando dal seme, l'azione {step} ({entry.action.type} di"
                f" {entry.seat}) è rifiutata: {it}",
            )
            return None
    verdict.add(
        "replay",
        True,
        f"Replaying from the seed accepts all {len(record.log)} actions.",
        f"Rigiocando dal seme tutte le {len(record.log)} azioni sono accettate.",
    )
    return table
