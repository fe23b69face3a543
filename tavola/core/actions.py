"""Actions and events: small immutable values with a stable JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .jsonform import SCALARS, Json, canonical_json, freeze, thaw

TIMEOUT = "timeout"
"""Action type reserved to the platform clock: only the shell may submit it."""

AUTOPILOT = "autopilot"
"""Action type reserved to the platform: a bot's choice played for a seat on autopilot."""

PLATFORM_ACTIONS = frozenset({TIMEOUT, AUTOPILOT})


class Action:
    """What a seat wants to do: a `type` and named arguments, e.g. `cut_deck(k=10)`.

    The JSON form is flat: `{"type": "cut_deck", "k": 10}`. Equality and hashing
    follow the canonical JSON, so two actions built differently but meaning the same
    thing compare equal.
    """

    __slots__ = ("_args", "_key", "type")

    type: str
    _args: Mapping[str, Json]
    _key: str | None

    def __init__(self, type: str, **args: Json) -> None:
        object.__setattr__(self, "type", type)
        # `args` is this call's own dict: wrapped as it is when every value is a scalar.
        flat = all(v.__class__ in SCALARS for v in args.values())
        object.__setattr__(self, "_args", MappingProxyType(args) if flat else freeze(args))
        # Made on first comparison: most actions a game lists are never compared.
        object.__setattr__(self, "_key", None)

    @classmethod
    def frozen(cls, type: str, args: dict[str, Json]) -> Action:
        """An action from arguments already frozen (scalars, tuples of scalars, values
        `freeze` made), taken as they are: for listings of many actions at every step."""
        action = object.__new__(cls)
        _set_type(action, type)
        _set_args(action, MappingProxyType(args))
        _set_key(action, None)
        return action

    @property
    def key(self) -> str:
        """The canonical JSON text: what equality and hashing compare."""
        key = self._key
        if key is None:
            key = canonical_json(self.to_json())
            object.__setattr__(self, "_key", key)
        return key

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    @property
    def args(self) -> Mapping[str, Json]:
        return self._args

    def get(self, name: str, default: Json = None) -> Json:
        return self._args.get(name, default)

    def to_json(self) -> dict[str, Json]:
        return {"type": self.type, **thaw(dict(self._args))}

    @classmethod
    def from_json(cls, data: Mapping[str, Json] | str) -> Action:
        """Accepts the flat JSON form, or a bare type name for actions without arguments."""
        if isinstance(data, str):
            return cls(data)
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise ValueError(f"an action needs a string 'type': {data!r}")
        args = {k: v for k, v in data.items() if k != "type"}
        return cls(data["type"], **args)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={thaw(v)!r}" for k, v in sorted(self._args.items()))
        return f"{self.type}({inner})"


# The slots' own setters: they skip the `__setattr__` that keeps actions immutable.
_set_type = Action.__dict__["type"].__set__
_set_args = Action.__dict__["_args"].__set__
_set_key = Action.__dict__["_key"].__set__


_FRESH_DICT: Any = object()
"""`Event`'s default data: a new empty dict for each event."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. `visible_to = None` means public.

    A private event may carry `public`, the data of its redacted twin that everyone
    else sees (e.g. `card_drawn {seat}` without the card); without it the event is
    invisible to those outside `visible_to`.

    `rule` is the number of the rule the event applies (`R38`), where the game knows it:
    the browser links the event's log line to that rule on the game's rules page. It is
    how the event is told, not what happened: equality and `events_digest` leave it out.
    """

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[str] | None = None
    public: Mapping[str, Any] | None = None
    seq: int = 0
    rule: str | None = field(default=None, compare=False)

    def __init__(
        self,
        type: str,
        data: Mapping[str, Any] | None = _FRESH_DICT,
        visible_to: frozenset[str] | None = None,
        public: Mapping[str, Any] | None = None,
        seq: int = 0,
        rule: str | None = None,
    ) -> None:
        """The generated one, without its `object.__setattr__` per field: games make
        several events at every step."""
        _set_event_type(self, type)
        _set_event_data(self, {} if data is _FRESH_DICT else data)
        _set_event_visible_to(self, visible_to)
        _set_event_public(self, public)
        _set_event_seq(self, seq)
        _set_event_rule(self, rule)

    def to_record(self, *, with_rule: bool = True) -> dict[str, Json]:
        """Everything, the audience and the public twin included (for storage); the rule
        only when there is one (a stored game's records stay as they were)."""
        record: dict[str, Json] = {
            "seq": self.seq,
            "type": self.type,
            "data": thaw(dict(self.data)),
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
            "public": None if self.public is None else thaw(dict(self.public)),
        }
        if with_rule and self.rule is not None:
            record["rule"] = self.rule
        return record

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> Event:
        audience = data.get("visible_to")
        rule = data.get("rule")
        return cls(
            str(data["type"]),
            dict(data.get("data") or {}),
            None if audience is None else frozenset(audience),
            None if data.get("public") is None else dict(data["public"]),
            int(data.get("seq", 0)),
            rule if isinstance(rule, str) else None,
        )

    def to_json(self) -> dict[str, Json]:
        """What a viewer receives (after filtering): no audience details beyond "public"."""
        visibility: Json = "public" if self.visible_to is None else sorted(self.visible_to)
        out: dict[str, Json] = {
            "seq": self.seq,
            "type": self.type,
            "visibility": visibility,
            "data": thaw(dict(self.data)),
        }
        if self.rule is not None:
            out["rule"] = self.rule
        return out


# The slots' own setters, for `Event.__init__` (the class is frozen).
_set_event_type = Event.__dict__["type"].__set__
_set_event_data = Event.__dict__["data"].__set__
_set_event_visible_to = Event.__dict__["visible_to"].__set__
_set_event_public = Event.__dict__["public"].__set__
_set_event_seq = Event.__dict__["seq"].__set__
_set_event_rule = Event.__dict__["rule"].__set__
