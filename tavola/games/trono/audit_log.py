"""The referees' audit log (R66): every override, correction and edit a referee makes,
with its reason, in the order made."""

from __future__ import annotations

from typing import Any

from .state import AuditEntry, TronoState


def audit(
    state: TronoState,
    uid: str,
    at: int,
    kind: str,
    subject: str,
    before: Any,
    after: Any,
    reason: str,
    thing: str | None = None,
) -> AuditEntry:
    entry = AuditEntry(
        thing=thing,
        seq=len(state.audit) + 1,
        at=at,
        referee=uid,
        kind=kind,
        subject=subject,
        before=before,
        after=after,
        reason=reason,
    )
    state.audit.append(entry)
    return entry
