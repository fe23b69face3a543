"""Numbers and booleans as JSON Schema has them, for pydantic fields that requests fill:
an integer is `3` or `3.0` (JSON Schema's integers), never `true` or `"3"`; a number is
never a boolean or text; a boolean is `true` or `false`. Pydantic's lax mode would take
`true` for 1 and `"3"` for 3; its strict mode would refuse `3.0`, which the published
schema allows."""

from __future__ import annotations

from typing import Any

from pydantic import BeforeValidator, StrictBool
from pydantic_core import PydanticCustomError


def _a_number(value: Any) -> Any:
    if isinstance(value, bool | str | bytes):
        raise PydanticCustomError(
            "number_type",
            "Input should be a number, not {kind}",
            {"kind": "true or false" if isinstance(value, bool) else "text"},
        )
    return value


JsonNumber = BeforeValidator(_a_number)
"""Last in a number's `Annotated`: `Annotated[int, Field(ge=1), JsonNumber]` (placed
before the bounds, it makes the JSON schema show pydantic's `ge`, not `minimum`)."""

JsonBool = StrictBool
