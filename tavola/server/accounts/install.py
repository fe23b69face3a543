"""The accounts added to the app: their service, routes, and the 429's `Retry-After`."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from ..errors import SafeJSON
from ..service import GameService
from . import routes
from .pauses import Paused
from .service import Accounts


def install(app: FastAPI, service: GameService) -> Accounts:
    accounts = Accounts(service)
    app.state.accounts = accounts

    @app.exception_handler(Paused)
    async def paused(_: Request, exc: Paused) -> JSONResponse:
        headers = {"Retry-After": str(exc.seconds)}
        return SafeJSON(exc.to_json(), status_code=exc.status, headers=headers)

    app.include_router(routes.router)
    return accounts
