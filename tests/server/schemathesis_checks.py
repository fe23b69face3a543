"""A schemathesis check for what the server promises of its schema (issue 28, finding 7):
a request the schema allows is never refused for its shape. It stands in for
`positive_data_acceptance`, which counts every 422 as a refusal of the shape, where the
server's 422 may also be a game's rule across fields that no JSON schema states (a
practice Trono table is bots; a League lineup's rules; where the creator sits, an index
into the seats; a client's seed at a table with a person): those carry their `reason` or
name their field. Loaded by the in-process test and, as `SCHEMATHESIS_HOOKS`, by `st run`."""

from __future__ import annotations

from typing import Any

import schemathesis
from schemathesis import GenerationMode

RULES_ACROSS_FIELDS = frozenset({"seed", "practice_seed_known", "creator_seat"})
"""The request's own rules across fields, refused `bad_request` naming the field."""


def refused_for_shape(answer: Any) -> bool:
    """A refusal of the request's shape: the routes' and the seats' models'
    (`bad_request`), or one option's type or bounds (`invalid_option` on `options.…`)."""
    if not isinstance(answer, dict):
        return True
    field = str(answer.get("field", ""))
    if answer.get("code") == "bad_request":
        return field not in RULES_ACROSS_FIELDS
    return answer.get("reason") == "invalid_option" and field.startswith("options.")


@schemathesis.check
def schema_valid_never_refused_for_shape(ctx: Any, response: Any, case: Any) -> bool | None:
    meta = case.meta
    if meta is None or meta.generation.mode is not GenerationMode.POSITIVE:
        return None
    if response.status_code == 422 and refused_for_shape(response.json()):
        raise AssertionError(f"A schema-valid request was refused for its shape: {response.text}")
    return None
