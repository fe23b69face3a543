"""The links the server hands out (a seat's join link): built on the public address the
host configured, never on the request's `Host` header, which whoever sends the request
chooses. Without one they are relative (`/play/…`): the page that shows them knows its
own address."""

from __future__ import annotations

import os
from urllib.parse import quote, urlsplit

PUBLIC_URL_ENV = "TAVOLA_PUBLIC_URL"


def public_base(configured: str | None = None) -> str:
    """The public address links start with: `configured`, else `TAVOLA_PUBLIC_URL`, else
    "" (relative links). A bad one is a `ValueError` naming it (at start-up)."""
    value = configured if configured is not None else os.environ.get(PUBLIC_URL_ENV, "")
    value = value.strip()
    if not value:
        return ""
    parts = urlsplit(value)
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.username is not None
        or parts.query
        or parts.fragment
    ):
        raise ValueError(
            f"{PUBLIC_URL_ENV}: {value!r} is not a public address such as"
            " https://tavola.example.org (http or https, a host, no query or fragment)"
        )
    return value.rstrip("/")


def join_url(base: str, game_id: str, seat: str, *, token: str | None, invite: str | None) -> str:
    """A seat's link: its secret (the invite, or the token of the creator's own seat) in
    the fragment, which browsers never send to a server or a log."""
    secret = f"token={token}" if token else f"invite={invite}"
    return f"{base}/play/{quote(game_id, safe='')}?seat={quote(seat, safe='')}#{secret}"


def campaign_url(
    base: str, campaign_id: str, seat: str, *, token: str | None, invite: str | None
) -> str:
    """A campaign seat's link, its secret in the fragment as a table seat's."""
    secret = f"token={token}" if token else f"invite={invite}"
    return f"{base}/campaigns/{quote(campaign_id, safe='')}?seat={quote(seat, safe='')}#{secret}"
