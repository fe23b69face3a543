"""The published OpenAPI schema says exactly what each game accepts (issue 28, finding 7).

The routes' own models know no game: a table's `options` and a seat's fields are the
game's (`TableBuilder`), a tournament's options the format's and the game's
(`TournamentRules`), a campaign's options the game's (`Campaigns.campaign_options`). Here
the schema FastAPI made is completed from the registered games, once, when it is first
asked for: a seat takes no key that no game has, and for each game (`if game is G`) its
options and its seats are G's own models, so that a schema-valid request is never refused
for its shape. What no JSON schema can say (a game's rules across fields: how many seats a
mode needs, where the creator sits) is still refused by the game, 422 with its reason."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeVar

import jsonschema_rs
from fastapi import FastAPI
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from tavola.core import Game, game_names, get_game
from tavola.core.capabilities import TableBuilder, capability
from tavola.features import features

from .refusal import Refusal
from .schemas import MAX_SEATS

Schema = dict[str, Any]
REFS = "#/components/schemas/"
C = TypeVar("C")
LEGACY_BOTS = ("reference", "random", "greedy", "ismcts")
"""What `{"kind": "bot", "bot": B}`, the old spelling of a bot's seat, may name."""


def publish_exact_schemas(app: FastAPI) -> None:
    """`app.openapi()` answers FastAPI's schema completed with the games' models."""
    made_by_fastapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            complete(made_by_fastapi(), [get_game(name) for name in game_names()])
        assert app.openapi_schema is not None
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def complete(schema: dict[str, Any], games: Iterable[Game[Any]]) -> None:
    components: dict[str, Schema] = schema["components"]["schemas"]
    games = sorted(games, key=lambda g: g.info.name)
    _tables(components, games)
    _seeds(components)
    for feature in features():
        if feature.schemas is not None:
            feature.schemas(components, games)


def models(components: dict[str, Schema], prefix: str, *models: type[BaseModel]) -> list[Schema]:
    """Each model's schema, its nested models put among the components under `prefix`."""
    tops, defs = models_json_schema(
        [(model, "validation") for model in models], ref_template=REFS + prefix + "{model}"
    )
    for name, definition in defs.get("$defs", {}).items():
        components[prefix + name] = definition
    return [_resolved(tops[(model, "validation")], components) for model in models]


def _resolved(found: Schema, components: dict[str, Schema]) -> Schema:
    """A top-level schema given as a reference, as the schema itself."""
    ref = found.get("$ref")
    if isinstance(ref, str) and ref.startswith(REFS):
        return copy.deepcopy(components[ref.removeprefix(REFS)])
    return found


def offering(games: Iterable[Game[Any]], kind: type[C]) -> Iterator[tuple[Game[Any], C]]:
    """Each game that offers the capability `kind`, beside itself as that capability."""
    for game in games:
        offered = capability(game, kind)
        if offered is not None:
            yield game, offered


def if_game(name: str, then: Schema) -> Schema:
    return {"if": {"properties": {"game": {"const": name}}, "required": ["game"]}, "then": then}


def _nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


# -- tables ---------------------------------------------------------------------------------


def _seat(game: Game[Any], fields: Schema) -> Schema:
    """A seat of `game`: a name, one of its seat kinds (or the old `bot` spelling), and its
    own fields, nothing else."""
    kinds = [*game.info.seat_kinds, "bot"]
    bots = [b for b in LEGACY_BOTS if b in game.info.seat_kinds]
    seat = copy.deepcopy(fields)
    seat["properties"] = {
        "name": _nullable({"type": "string", "maxLength": 60}),
        "kind": _nullable({"type": "string", "enum": kinds}),
        "bot": _nullable({"type": "string", "enum": bots}),
        **seat.get("properties", {}),
    }
    seat["additionalProperties"] = False
    seat["type"] = "object"
    # `bot` goes with the kind "bot" (or none): `{"kind": "human", "bot": …}` is refused.
    seat["dependentSchemas"] = {
        "bot": {
            "anyOf": [
                {"properties": {"bot": {"type": "null"}}},
                {"properties": {"kind": {"enum": ["bot", None]}}},
            ]
        }
    }
    seat.pop("title", None)
    return seat


def _tables(components: dict[str, Schema], games: list[Game[Any]]) -> None:
    """A seat's keys are some game's; with a known game, its options and seats are its."""
    union: dict[str, list[Schema]] = {}
    rules = []
    for game, builder in offering(games, TableBuilder):
        name = game.info.name
        options, fields = models(components, f"{name}.", builder.TableOptions, builder.SeatOptions)
        components[f"{name}.TableOptions"] = options
        seat = _seat(game, fields)
        components[f"{name}.Seat"] = seat
        for key, value in seat["properties"].items():
            if value not in union.setdefault(key, []):
                union[key].append(value)
        rules.append(
            if_game(
                name,
                {
                    "properties": {
                        "options": {"$ref": f"{REFS}{name}.TableOptions"},
                        "seats": {
                            "items": {"$ref": f"{REFS}{name}.Seat"},
                            "minItems": game.info.min_seats,
                            "maxItems": min(game.info.max_seats, MAX_SEATS),
                        },
                    }
                },
            )
        )
    seat_request = components["SeatRequest"]
    seat_request["properties"] = {
        key: values[0] if len(values) == 1 else {"anyOf": values} for key, values in union.items()
    }
    seat_request["additionalProperties"] = False
    components["GameCreate"]["allOf"] = rules


# -- seeds ----------------------------------------------------------------------------------

PRACTICE = {
    "properties": {"practice_seed_known": {"const": True}},
    "required": ["practice_seed_known"],
}
SEEDED = {"properties": {"seed": {"type": "integer"}}, "required": ["seed"]}
_NEEDS_SEED = {"if": PRACTICE, "then": SEEDED}


def _seeds(components: dict[str, Schema]) -> None:
    """A practice table names its seed. (A table's bots alone may have one too:
    schemathesis cannot generate from that rule beside each game's seats, so a table's seed
    at a person's table stays the server's refusal, as where the creator sits does.)"""
    components["GameCreate"].setdefault("allOf", []).append(_NEEDS_SEED)


def seeded_only(components: dict[str, Schema], component: str, allowed: Schema) -> None:
    """A request of `component` (a feature's) names its seed when it is practice, and
    names one only where `allowed` says."""
    components[component].setdefault("allOf", []).extend(
        [_NEEDS_SEED, {"if": SEEDED, "then": allowed}]
    )


# -- holding requests to it -----------------------------------------------------------------


def refuse_outside_schema(
    app: FastAPI, component: str, body: Mapping[str, Any], *, options_named: str = "options."
) -> None:
    """A request the published schema refuses is refused, whatever the models behind the
    route would let through (a lax `0` for `false`): the first of its problems, as an
    option's (`invalid_config`, `invalid_option`, the option named after `options_named`:
    a campaign names them as its config does, `items[0].name`) or the request's
    (`bad_request`)."""
    validators: dict[str, Any] = app.state.__dict__.setdefault("published_validators", {})
    validator = validators.get(component)
    if validator is None:
        document = app.openapi()
        schema = {"$ref": REFS + component, "components": document["components"]}
        validator = validators[component] = jsonschema_rs.Draft202012Validator(schema)
    for found in validator.iter_errors(dict(body)):
        problem = _closest(found)
        path = _path(problem)
        if path[:1] == ["options"] and len(path) > 1:
            field = options_named + _named(path[1:], dotted=bool(options_named))
            message = f"{field}: {problem.message}"
            raise Refusal(422, "invalid_config", message, reason="invalid_option", field=field)
        field = _named(path, dotted=True) or "body"
        raise Refusal(422, "bad_request", f"{field}: {problem.message}", field=field)


def _path(problem: Any) -> list[str | int]:
    """Where the problem is, down to the key required or not allowed."""
    path: list[str | int] = list(problem.instance_path)
    missing = getattr(problem.kind, "property", None)  # a required key
    unexpected = getattr(problem.kind, "unexpected", None)  # a key too many
    if isinstance(missing, str):
        path.append(missing)
    elif isinstance(unexpected, list) and unexpected:
        path.append(str(unexpected[0]))
    return path


def _named(path: list[str | int], *, dotted: bool) -> str:
    """`seats.0.name`, or as a campaign's config names it: `items[0].name`."""
    if dotted:
        return ".".join(str(part) for part in path)
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _closest(problem: Any) -> Any:
    """Of a value none of several schemas takes (`anyOf`, `oneOf`), the problem of the
    schema it came closest to: the one whose first problem lies deepest in it (the later
    when as deep: a campaign's options are `{}` or the game's)."""
    branches = [b for b in (getattr(problem.kind, "context", None) or []) if b]
    if not branches:
        return problem
    deepest = max(len(_path(b[0])) for b in branches)
    nearest = [b for b in branches if len(_path(b[0])) == deepest]
    return _closest(nearest[-1][0])
