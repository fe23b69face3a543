"""Request bodies are JSON as the standard has it, checked once for every route before any
route reads them: Python's parser takes `NaN`, `Infinity`, numbers that overflow to
infinity (`1e400`), lone surrogates (`"\\ud800"`) and other encodings than UTF-8, none of
which a game, a database or a page can hold. orjson refuses them all; such a body is
answered 422 like every other malformed request."""

from __future__ import annotations

import email.message
import json

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

WITHOUT_BODY = frozenset({"GET", "HEAD", "OPTIONS"})
"""No route reads a body sent with these."""


def is_json(content_type: str | None) -> bool:
    """Whether FastAPI reads a body of this type as JSON (no type at all: it does)."""
    if not content_type:
        return True
    message = email.message.Message()
    message["content-type"] = content_type
    subtype = message.get_content_subtype()
    return message.get_content_maintype() == "application" and (
        subtype == "json" or subtype.endswith("+json")
    )


class StrictJson:
    """Reads each JSON body whole (`BodyLimit`, outside, has bounded it), refuses it
    unless orjson parses it, and hands the same bytes on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in WITHOUT_BODY:
            await self.app(scope, receive, send)
            return
        content_type = dict(scope["headers"]).get(b"content-type")
        if not is_json(content_type.decode("latin-1") if content_type is not None else None):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left (or was refused)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body:
            try:
                orjson.loads(body)
            except orjson.JSONDecodeError as exc:
                await _refuse(send, str(exc))
                return
        await self.app(scope, _replay(body, receive), send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """The body again, in one message; then whatever the client sends next (its leaving)."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replayed


async def _refuse(send: Send, why: str) -> None:
    data = json.dumps(
        {
            "code": "bad_request",
            "message": f"body: this is not standard JSON ({why}): numbers must be finite "
            "and text valid UTF-8, with no lone surrogate.",
            "message_it": f"body: questo non è JSON standard ({why}): i numeri devono essere "
            "finiti e il testo UTF-8 valido, senza surrogati isolati.",
            "field": "body",
        },
        ensure_ascii=False,
    ).encode("utf-8")
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(data))]
    await send({"type": "http.response.start", "status": 422, "headers": headers})
    await send({"type": "http.response.body", "body": data})
