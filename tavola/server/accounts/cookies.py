"""The cookies of a signed-in browser and the CSRF token of its requests.

- `tavola_session`: the session id (256 random bits; the database keeps only its hash),
  HTTP-only, SameSite=Lax.
- `tavola_csrf`: read by the page and sent back in the `X-CSRF-Token` header of every
  request that changes something: an HMAC of the session id when signed in (another site
  can neither read it nor make it), a random value before (sign-in and sign-up compare
  the header with the cookie: double submit).
- `tavola_device`: marks a browser that signed in to an account (an HMAC by the account's
  device key): it skips the account's pause after failed attempts.

Cookies are Secure whenever the request came over https. Over plain http they are not
(a browser would drop them), and accounts are offered there only to local addresses
(localhost, the local network), unless `TAVOLA_SECURE_COOKIES` says otherwise: `1` marks
them Secure always (https ends at a proxy that does not say so), `0` never (the operator
chose plain http).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import os
import secrets
from datetime import timedelta

from starlette.requests import HTTPConnection
from starlette.responses import Response

from ..refusal import Refusal

SESSION = "tavola_session"
CSRF = "tavola_csrf"
DEVICE = "tavola_device"
CSRF_HEADER = "X-CSRF-Token"
SESSION_LIFE = timedelta(days=30)
DEVICE_LIFE = timedelta(days=365)


def new_session_id() -> str:
    return secrets.token_urlsafe(32)


def session_hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()


def csrf_for(session_id: str) -> str:
    """The CSRF token of a session: only who holds the session id can make it."""
    mac = hmac.new(session_id.encode("utf-8", "surrogatepass"), b"csrf", hashlib.sha256)
    return mac.hexdigest()


def device_mark(account_id: str, device_key: str) -> str:
    mac = hmac.new(device_key.encode(), account_id.encode(), hashlib.sha256).hexdigest()
    return f"{account_id}.{mac}"


def marked_device(mark: str | None, account_id: str, device_key: str) -> bool:
    """Whether the browser's device cookie is the account's (and not voided since)."""
    return mark is not None and hmac.compare_digest(
        mark.encode("utf-8", "surrogatepass"), device_mark(account_id, device_key).encode()
    )


def check_csrf(connection: HTTPConnection, session_id: str | None) -> None:
    """Refuses a request changing something for a cookie without the page's token: the
    session's own when signed in, else the one in the `tavola_csrf` cookie."""
    sent = connection.headers.get(CSRF_HEADER)
    expected = csrf_for(session_id) if session_id else connection.cookies.get(CSRF)
    if not sent or not expected or not hmac.compare_digest(_bytes(sent), _bytes(expected)):
        raise Refusal(
            403,
            "csrf",
            f"This request needs the page's {CSRF_HEADER} header: reload the page and try again.",
            message_it="Questa pagina non è aggiornata: ricaricala e riprova.",
        )


def _bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def secure(connection: HTTPConnection, *, signing_in: bool = False) -> bool:
    """Whether this request's cookies are Secure. `signing_in`: a password is about to be
    sent or a session made, which plain http allows only to a local address."""
    setting = os.environ.get("TAVOLA_SECURE_COOKIES", "")
    if setting in ("0", "1"):
        return setting == "1"
    if connection.url.scheme in ("https", "wss"):
        return True
    if signing_in and not _local(connection.url.hostname or ""):
        raise Refusal(
            403,
            "https_required",
            "Accounts need https: this server is reached over plain http.",
            message_it="Gli account richiedono https: questo server è raggiunto in http.",
        )
    return False


def _local(host: str) -> bool:
    if host == "localhost" or host.endswith((".localhost", ".local")):
        return True
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


def sign_in(response: Response, session_id: str, device: str, *, secure: bool) -> None:
    """Sets the cookies of a browser that has just signed in."""
    life = int(SESSION_LIFE.total_seconds())
    response.set_cookie(
        SESSION, session_id, max_age=life, httponly=True, secure=secure, samesite="lax"
    )
    session_csrf(response, session_id, secure=secure)
    device_life = int(DEVICE_LIFE.total_seconds())
    response.set_cookie(
        DEVICE, device, max_age=device_life, httponly=True, secure=secure, samesite="lax"
    )


def session_csrf(response: Response, session_id: str, *, secure: bool) -> None:
    """The session's CSRF token, for the page to send back."""
    life = int(SESSION_LIFE.total_seconds())
    response.set_cookie(CSRF, csrf_for(session_id), max_age=life, secure=secure, samesite="lax")


def anonymous_csrf(response: Response, *, secure: bool) -> None:
    """A CSRF token for a browser not signed in (its sign-in form sends it back)."""
    response.set_cookie(CSRF, secrets.token_urlsafe(32), secure=secure, samesite="lax")


def sign_out(response: Response, *, secure: bool) -> None:
    """Forgets the session (the device mark stays: this browser did sign in)."""
    response.delete_cookie(SESSION, httponly=True, secure=secure, samesite="lax")
    anonymous_csrf(response, secure=secure)
