"""What every endpoint that creates something (a table, a tournament, a campaign) is:
201 on success, limited per client (`may_create`), refused as any endpoint is and also
429, too many new games from one client (`Retry-After`), or too many searching bots at
its unfinished tables."""

from __future__ import annotations

from typing import Any

from fastapi import Depends

from ..ratelimit import may_create
from ..schemas import REFUSALS, Refused

CREATING: dict[int | str, dict[str, Any]] = {**REFUSALS, 429: {"model": Refused}}
"""Creation's refusals."""
CREATES: dict[str, Any] = {
    "status_code": 201,
    "responses": CREATING,
    "dependencies": [Depends(may_create)],
}
"""A creating endpoint's route: `@router.post(path, response_model=…, **CREATES)`."""
