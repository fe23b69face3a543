"""An action checked without being played: what a form shows before it sends (a sealed
post's every problem at once). Nothing is written and nothing in memory changes."""

from __future__ import annotations

import logging
from typing import Any

from tavola.core import PLATFORM_ACTIONS, Action, IllegalAction
from tavola.core.capabilities import ActionCheck, capability

from .acting import stamped
from .live import Live, now
from .refusal import Refusal

log = logging.getLogger(__name__)


def problems(live: Live, seat: str, action: Action) -> list[IllegalAction]:
    """Every problem of `action` for `seat` now: the game's own list when it checks
    actions (`ActionCheck`), else the refusal, if any, of the action played on a copy."""
    if action.type in PLATFORM_ACTIONS:
        raise Refusal(403, "forbidden", f"'{action.type}' is reserved to the platform.")
    with live.lock:
        state = live.table.state
        try:
            action = stamped(live, seat, action, now())
            checker = capability(live.game, ActionCheck)
            if checker is not None:
                return checker.check(state, seat, action)
            live.game.apply(live.game.clone(state), seat, action)
        except IllegalAction as exc:
            return [exc]
        except Exception:  # the engine's failure: the game is unchanged, the asker told
            log.exception("game %s: the check failed on %s's %r", live.game_id, seat, action)
            raise Refusal(
                422,
                "unplayable_action",
                "The server could not check this action; the game is unchanged.",
                message_it="Il server non è riuscito a controllare questa azione; la partita "
                "è invariata.",
            ) from None
    return []


def answer(live: Live, seat: str, action: Action, lang: str | None) -> dict[str, Any]:
    """The check's answer: the version checked against and each problem with its code and
    sentences (`text` in `lang`, English without one)."""
    found = problems(live, seat, action)
    return {
        "seat": seat,
        "version": live.version,
        "problems": [
            {**problem.to_json(), "text": problem.localized(lang or "en")} for problem in found
        ],
    }
