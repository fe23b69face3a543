"""What a viewer gets: the one boundary where a game meets a seat (or the public). Views,
events told in words, clocks, legal actions, records and replay frames."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool

from tavola.core import Event, Game, Table, Viewer, filter_events
from tavola.core.capabilities import Narration, PrivateWaiting, capability
from tavola.core.verification import verify

from .live import Live, aware
from .refusal import Refusal

T = TypeVar("T")


def viewer_of(seat: str | None) -> Viewer:
    return Viewer.seat(seat) if seat else Viewer.public()


def payload(
    live: Live, seat: str | None, events: Sequence[Event] = (), lang: str | None = None
) -> dict[str, Any]:
    """The view, the events (told in words in `lang`, when given) and the clocks a seat
    (or the public) may see."""
    viewer = viewer_of(seat)
    with live.lock:
        view = live.table.view(viewer)
        return {
            "game_id": live.game_id,
            "game": live.game.name,
            "version": live.version,
            "status": live.status,
            "seat": seat,
            # Told to every seat: whoever chose the seed may know the hidden cards.
            "practice_seed_known": live.seed_known,
            # The seed's commitment, shown to every seat from the start; seed and salt are
            # revealed only once the game is over (issue 28).
            "commitment": live.table.commitment,
            "revealed": revealed(live),
            # Its seats' way back to the feature's page (a campaign's); nobody else's.
            "home": live.home.to_json() if live.home is not None and seat is not None else None,
            "to_act": sorted(awaited(live, seat)),
            "seats": {
                s: {"name": i.name, "kind": i.kind, "bot": i.bot, "joined": i.joined}
                for s, i in live.seats.items()
            },
            "clocks": {
                c.seat: {
                    "decision_id": c.decision_id,
                    "kind": c.kind,
                    "due_at": aware(c.due_at).isoformat() if c.due_at else None,
                    "remaining": c.remaining,
                }
                for c in live.clocks.values()
                if c.due_at is not None
            },
            "view": view,
            # Only a finished game has one: the outcome is not worked out for every move.
            "outcome": outcome.to_json()
            if live.status == "over" and (outcome := live.table.outcome)
            else None,
            "events": told(live.game, live.table.state, filter_events(events, viewer), lang, view),
            "legal": [a.to_json() for a in live.game.legal_actions(live.table.state, seat)]
            if seat is not None
            else [],
        }


async def soon(live: Live, read: Callable[..., T], *args: Any) -> T:
    """`read(live, *args)`, for a coroutine on the loop: run there when the game is free
    (no move of it in flight on the loop, no thread holding it), else in a worker thread,
    which waits for the game (the loop must never wait for a lock)."""
    if not live.turn.locked() and live.lock.acquire(blocking=False):
        try:
            return read(live, *args)
        finally:
            live.lock.release()
    return await run_in_threadpool(read, live, *args)


async def payload_soon(
    live: Live, seat: str | None, events: Sequence[Event] = (), lang: str | None = None
) -> dict[str, Any]:
    """`payload`, for a coroutine on the loop (see `soon`)."""
    return await soon(live, payload, seat, events, lang)


def revealed(live: Live) -> dict[str, Any] | None:
    """A finished game's seed and salt, which open its commitment; None until the end. The
    seed in decimal digits, as a string: a browser's number loses the digits beyond 2^53."""
    with live.lock:
        if live.status != "over" or live.table.salt is None:
            return None
        return {"seed": str(live.table.seed), "salt": live.table.salt}


def awaited(live: Live, seat: str | None) -> frozenset[str]:
    """The awaited seats this viewer may know of (a game may hide who has chosen)."""
    private = capability(live.game, PrivateWaiting)
    if private is None:
        return frozenset(live.table.to_act)
    return private.to_act_seen_by(live.table.state, seat)


def legal(live: Live, seat: str | None) -> tuple[int, list[dict[str, Any]]]:
    """The seat's legal actions and the version they belong to."""
    with live.lock:
        if seat is None:
            return live.version, []
        actions = live.game.legal_actions(live.table.state, seat)
        return live.version, [a.to_json() for a in actions]


def since(
    live: Live, seat: str | None, seen: int, lang: str | None = None
) -> tuple[dict[str, Any], int]:
    """The payload with every event after the first `seen`, and how many events that
    makes: read together, so no event is sent twice or skipped."""
    with live.lock:
        events = live.table.events[seen:]
        return payload(live, seat, events, lang), seen + len(events)


def replay_frame(live: Live, step: int, seat: str | None, lang: str | None) -> dict[str, Any]:
    """A finished game after its first `step` actions, as `seat` (None: the public) saw
    it, with the events that step made: one frame of the replay viewer."""
    with live.lock:
        if live.status != "over":
            raise Refusal(409, "not_finished", "Replays open once the game is over.")
        record = live.table.record()
    if seat is not None and seat not in live.seats:
        raise Refusal(404, "unknown_seat", f"There is no seat '{seat}'.")
    steps = len(record.log)
    if not 0 <= step <= steps:
        raise Refusal(404, "unknown_step", f"This game has steps 0 to {steps}.")
    table = Table(live.game, record.config, record.seed, record.setup)
    made = list(table.events)
    for entry in record.log[:step]:
        made = table.act(entry.seat, entry.action)
    viewer = viewer_of(seat)
    view = table.view(viewer)
    return {
        "step": step,
        "steps": steps,
        "seat": seat,
        "by": record.log[step - 1].seat if step else None,
        "seats": {s: i.name for s, i in live.seats.items()},
        "outcome": table.outcome.to_json() if table.outcome else None,
        "view": view,
        "events": told(live.game, table.state, filter_events(made, viewer), lang, view),
    }


def record(live: Live, seat: str | None) -> dict[str, Any]:
    """A finished game's full record (seed and log included, for replays); during play,
    only what the viewer may see: the options and its filtered event log."""
    viewer = viewer_of(seat)
    with live.lock:
        if live.status == "over":
            return {"finished": True, **live.table.record().to_json()}
        visible = filter_events(live.table.events, viewer)
        return {
            "finished": False,
            "game": live.game.name,
            "version": live.version,
            "commitment": live.table.commitment,
            "seats": {s: i.name for s, i in live.seats.items()},
            "events": [e.to_json() for e in visible],
        }


def verdict(live: Live) -> dict[str, Any]:
    """A finished game's shuffle checked by replaying its record from the revealed seed."""
    with live.lock:
        if live.status != "over":
            raise Refusal(
                409,
                "not_finished",
                "The shuffle is checked once the game is over: the seed stays secret until then.",
                message_it="Il mescolamento si verifica a partita finita: fino ad allora il seme"
                " resta segreto.",
            )
    return verify(record(live, None)).to_json()


def told(
    game: Game[Any],
    state: Any,
    events: Sequence[Event],
    lang: str | None,
    view: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """The events' JSON, each with its `text` in `lang` when the game tells its events."""
    out = [e.to_json() for e in events]
    narration = capability(game, Narration)
    if lang is not None and lang not in game.info.languages:
        lang = "en"  # a language this game does not speak (Japanese): told in English
    if lang is not None and narration is not None and out:
        lines = narration.narrate_for(state, events, lang, view)
        for entry, line in zip(out, lines, strict=True):
            entry["text"] = line
    return out


def only_new(
    payload: dict[str, Any], keys: Sequence[str], sent: frozenset[tuple[str, str]]
) -> tuple[dict[str, Any], frozenset[tuple[str, str]]]:
    """The payload with only the entries of its view's `keys` (the game's `sent_once`:
    fixed data such as a card's face) that are not in `sent`, and what is sent after it.
    Those entries are most of a view's bytes and the same at every move: a connection is
    sent each once (the page keeps them)."""
    view = payload.get("view")
    if not keys or not isinstance(view, dict):
        return payload, sent
    trimmed = dict(view)
    fresh: set[tuple[str, str]] = set()
    for key in keys:
        entries = view.get(key)
        if isinstance(entries, dict):
            trimmed[key] = {k: v for k, v in entries.items() if (key, k) not in sent}
            fresh.update((key, k) for k in trimmed[key])
    return {**payload, "view": trimmed}, sent.union(fresh)
