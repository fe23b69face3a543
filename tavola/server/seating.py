"""A new table's request checked against the game's declaration: the number of seats, each
seat's kind and the game's own seat fields, and the table's options, each refusal naming
the field; then the game builds the full config (`TableBuilder`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from tavola.core import ConfigError, Game, TavolaError
from tavola.core.capabilities import HUMAN, TableBuilder, capability

from .refusal import Refusal

NAME_LENGTH = 60


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """A requested seat: who sits there (`kind`: one of the game's seat kinds)."""

    kind: str
    name: str | None = None


@dataclass(frozen=True, slots=True)
class TablePlan:
    config: dict[str, Any]
    seats: list[SeatPlan]


def plan_table(
    game: Game[Any], options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]
) -> TablePlan:
    """The game's config for this table and its seats, or a `Refusal` (422)."""
    info = game.info
    builder = capability(game, TableBuilder)
    title = info.text(info.title, "en")
    if builder is None:
        raise Refusal(422, "no_tables", f"{title} cannot be set up at a table here.")
    plans, described = [], []
    for i, seat in enumerate(seats):
        plan, fields = _seat(game, builder.SeatOptions, i, seat)
        plans.append(plan)
        described.append(
            {"kind": plan.kind, **({"name": plan.name} if plan.name else {}), **fields}
        )
    if not info.min_seats <= len(seats) <= info.max_seats:
        raise Refusal(
            422,
            "invalid_config",
            f"seats: {title} seats {info.min_seats} to {info.max_seats}, not {len(seats)}.",
            reason="player_count",
            field="seats",
        )
    chosen = _valid(builder.TableOptions, options, "options", exclude_unset=True)
    try:
        config = builder.table_config(chosen, described)
    except TavolaError as exc:
        raise refusal_of(exc) from None
    return TablePlan(config, plans)


def check_seed(plan: TablePlan, seed: int | None, practice_seed_known: bool) -> None:
    """Whoever chose a table's seed can deal the same table at home and know every hidden
    card: a table with a person takes a client's seed only as a practice table, whose
    seats are all told the seed is known (`practice_seed_known`). Bots alone may have one."""
    people = any(s.kind == HUMAN for s in plan.seats)
    if seed is not None and people and not practice_seed_known:
        raise Refusal(
            422,
            "bad_request",
            "seed: a table with a person has its seed drawn by the server; choose one only"
            " for a practice table (practice_seed_known: true), where every seat is told it.",
            field="seed",
            message_it="seed: un tavolo con una persona ha il seme estratto dal server; sceglilo"
            " solo per un tavolo di prova (practice_seed_known: true), dove ogni posto lo sa.",
        )
    if practice_seed_known and seed is None:
        raise _bad("practice_seed_known", "a practice table with a known seed needs the seed")


def check_creator_seat(plan: TablePlan, creator_seat: int | None) -> None:
    """The creator sits, if at all, at one of the seats for a person."""
    if creator_seat is None:
        return
    if not 0 <= creator_seat < len(plan.seats) or plan.seats[creator_seat].kind != HUMAN:
        raise _bad(
            "creator_seat",
            "the creator sits at a seat for a person, given by its place in seats (from 0)",
        )


def _seat(
    game: Game[Any], fields_model: type[BaseModel], i: int, seat: Mapping[str, Any]
) -> tuple[SeatPlan, dict[str, Any]]:
    where = f"seats.{i}"
    if not isinstance(seat, Mapping):
        raise _bad(where, "a seat is an object: {name, kind, ...}")
    fields = dict(seat)
    name, kind, bot = fields.pop("name", None), fields.pop("kind", None), fields.pop("bot", None)
    if name is not None and (not isinstance(name, str) or len(name) > NAME_LENGTH):
        raise _bad(f"{where}.name", f"a name is text of at most {NAME_LENGTH} characters")
    if bot is not None:  # the old spelling: {"kind": "bot", "bot": B}
        if kind not in (None, "bot"):
            raise _bad(f"{where}.bot", "'bot' goes only with the kind 'bot'")
        kind = bot
    elif kind == "bot":
        kind = "reference"
    kind = HUMAN if kind is None else kind
    kinds = game.info.seat_kinds
    if not isinstance(kind, str) or kind not in kinds:
        title = game.info.text(game.info.title, "en")
        raise _bad(f"{where}.kind", f"{kind!r} is not a seat of {title}: one of {', '.join(kinds)}")
    return SeatPlan(kind, name or None), _valid(fields_model, fields, where)


def _valid(
    model: type[BaseModel], data: Mapping[str, Any], where: str, *, exclude_unset: bool = False
) -> dict[str, Any]:
    """`data` checked by the game's `model`, as plain JSON data."""
    try:
        checked = model.model_validate(dict(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join((where, *(str(p) for p in first["loc"])))
        if where != "options":
            raise _bad(field, first["msg"]) from None
        message = f"{field}: {first['msg']}"
        raise Refusal(
            422, "invalid_config", message, reason="invalid_option", field=field
        ) from None
    if exclude_unset:
        return checked.model_dump(mode="json", exclude_unset=True)
    return checked.model_dump(mode="json", exclude_none=True)


def _bad(field: str, message: str) -> Refusal:
    return Refusal(422, "bad_request", f"{field}: {message}", field=field)


def refusal_of(exc: TavolaError) -> Refusal:
    """A game's refusal of a table (its config checks), as the server answers it."""
    extra: dict[str, Any] = {}
    if isinstance(exc, ConfigError):
        extra.update(reason=exc.reason, field=exc.field)
    return Refusal.of(422, exc, **extra)
