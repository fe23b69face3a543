"""How every refusal is answered: `{"code", "message"}` (a sentence, starting with the
field when there is one), rendered so that no text a client sent can break it, and a 405
that lists the methods the path really has."""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from tavola.core.text import printable

from .refusal import Refusal, sentence

CODES = {404: "not_found", 405: "method_not_allowed"}
_WRONG = "Method Not Allowed"
METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})
"""The keys of an OpenAPI path item that are methods."""
NOT_JSON = {"json_invalid"}
"""FastAPI's kind of error for a body it could not parse (`bodies.StrictJson` refuses them
first; this is for a body that still gets here)."""


class SafeJSON(JSONResponse):
    """A JSON answer whose texts, keys included, are made printable first."""

    def render(self, content: Any) -> bytes:
        return json.dumps(
            _printable(content), ensure_ascii=False, allow_nan=False, separators=(",", ":")
        ).encode("utf-8")


def _printable(value: Any) -> Any:
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {printable(str(k)): _printable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_printable(v) for v in value]
    return value


def install(app: FastAPI) -> None:
    """The app's answers to refusals, HTTP errors and malformed requests."""

    @app.exception_handler(Refusal)
    async def refused(_: Request, exc: Refusal) -> JSONResponse:
        return SafeJSON(exc.to_json(), status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        status = exc.status_code
        if status in (404, 405):
            # An API path asked with a method it lacks: the browser's files (mounted at
            # "/") answered it, with their own 404 or 405; the path's methods are the API's.
            allowed = _allowed(request)
            if allowed and request.method not in allowed:
                status, headers["Allow"] = 405, ", ".join(allowed)
        if status == 400:  # FastAPI's "error parsing the body": a malformed request
            return _malformed("body", str(exc.detail))
        return SafeJSON(
            {
                "code": CODES.get(status, "http_error"),
                "message": sentence(str(exc.detail) if status == exc.status_code else _WRONG),
            },
            status_code=status,
            headers=headers,
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {}
        where = ".".join(str(p) for p in first.get("loc", ())) or "body"
        if first.get("type") in NOT_JSON:
            return _malformed("body", "the body is not JSON")
        # A validator's own sentence, without pydantic's "Value error, " before it.
        why = str(first.get("msg", "invalid request")).removeprefix("Value error, ")
        return _malformed(where, why)


def _malformed(field: str, why: str) -> JSONResponse:
    body = {"code": "bad_request", "message": sentence(f"{field}: {why}"), "field": field}
    return SafeJSON(body, status_code=422)


def _allowed(request: Request) -> list[str]:
    """The methods the OpenAPI schema gives the request's path (none: a path of the
    browser's pages or files, whose own answer stands)."""
    routes: list[tuple[re.Pattern[str], list[str]]] | None = getattr(
        request.app.state, "allowed_methods", None
    )
    if routes is None:
        routes = [
            (_template(path), sorted(m.upper() for m in item if m in METHODS))
            for path, item in request.app.openapi().get("paths", {}).items()
        ]
        request.app.state.allowed_methods = routes
    path = request.url.path
    return next((methods for pattern, methods in routes if pattern.fullmatch(path)), [])


def _template(path: str) -> re.Pattern[str]:
    """`/api/games/{game_id}/view` as a pattern of the paths it stands for."""
    parts = re.split(r"(\{[^}]*\})", path)
    return re.compile(
        "".join(
            ("[^/]+" if not part.endswith(":path}") else ".+")
            if part.startswith("{")
            else re.escape(part)
            for part in parts
        )
    )
