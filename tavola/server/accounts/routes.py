"""The accounts over HTTP: who am I, sign up, in and out (here or everywhere), my games,
and a seat of mine taken back on this device; and their pages."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response
from fastapi.responses import FileResponse
from starlette.concurrency import run_in_threadpool

from ..ratelimit import client_key, trusted_of
from ..routes.pages import WEB
from . import cookies
from .deps import AccountsOf, Member, Reader, SignedIn, SignedInReader
from .schemas import Credentials, Me, MyGame, SeatToken, SignedOut, refusals

router = APIRouter()

SIGNING_IN = refusals(401, 403, 409, 413, 422, 429)


@router.get("/api/me", response_model=Me)
async def me(request: Request, response: Response, account: Reader) -> Me:
    """The signed-in account (null: none). Gives the browser its CSRF token when it has
    none yet (the sign-in form sends it back)."""
    session_id = request.cookies.get(cookies.SESSION)
    token = request.cookies.get(cookies.CSRF)
    if account is None and not token:
        cookies.anonymous_csrf(response, secure=cookies.secure(request))
    elif account is not None and session_id and token != cookies.csrf_for(session_id):
        cookies.session_csrf(response, session_id, secure=cookies.secure(request))
    return Me.model_validate({"account": account.to_json() if account else None})


@router.post("/api/account/signup", status_code=201, response_model=Me, responses=SIGNING_IN)
async def sign_up(
    body: Credentials, request: Request, response: Response, accounts: AccountsOf
) -> Me:
    """A new account, signed in at once in this browser. Names are unique whatever their
    case; a password has 10 to 128 characters."""
    secure = cookies.secure(request, signing_in=True)
    cookies.check_csrf(request, None)
    client = _client(request)
    signed = await run_in_threadpool(accounts.sign_up, body.name, body.password, client)
    cookies.sign_in(response, signed.session_id, signed.device, secure=secure)
    return Me.model_validate({"account": signed.account.to_json()})


@router.post("/api/account/signin", response_model=Me, responses=SIGNING_IN)
async def sign_in(
    body: Credentials, request: Request, response: Response, accounts: AccountsOf
) -> Me:
    """Signs this browser in. After a few wrong passwords the next attempt must wait
    (429, `Retry-After`), longer after each."""
    secure = cookies.secure(request, signing_in=True)
    cookies.check_csrf(request, None)
    client = _client(request)
    mark = request.cookies.get(cookies.DEVICE)
    signed = await run_in_threadpool(accounts.sign_in, body.name, body.password, client, mark)
    cookies.sign_in(response, signed.session_id, signed.device, secure=secure)
    return Me.model_validate({"account": signed.account.to_json()})


@router.post("/api/account/signout", response_model=SignedOut, responses=refusals(403))
async def sign_out(
    request: Request, response: Response, account: Member, accounts: AccountsOf
) -> SignedOut:
    """Signs this browser out (a browser not signed in: nothing to do)."""
    session_id = request.cookies.get(cookies.SESSION)
    ended = 0
    if account is not None and session_id:
        await run_in_threadpool(accounts.sign_out, session_id)
        ended = 1
    cookies.sign_out(response, secure=cookies.secure(request))
    return SignedOut(sessions_ended=ended)


@router.post(
    "/api/account/signout-everywhere", response_model=SignedOut, responses=refusals(401, 403)
)
async def sign_out_everywhere(
    request: Request, response: Response, account: SignedIn, accounts: AccountsOf
) -> SignedOut:
    """Ends every session of the account, on every device, and forgets every browser it
    signed in from."""
    ended = await run_in_threadpool(accounts.sign_out_everywhere, account)
    cookies.sign_out(response, secure=cookies.secure(request))
    return SignedOut(sessions_ended=ended)


@router.get("/api/me/games", response_model=list[MyGame], responses=refusals(401))
async def my_games(account: SignedInReader, accounts: AccountsOf) -> list[dict[str, Any]]:
    """The seats this account took (creating a table, joining one, a rematch) and their
    games, the most recently moved first (200 at most), each with its links."""
    return await run_in_threadpool(accounts.games, account)


@router.post(
    "/api/me/games/{game_id}/seats/{seat}/token",
    response_model=SeatToken,
    responses=refusals(401, 403, 404),
)
async def take_back(
    game_id: Annotated[str, Path(max_length=40)],
    seat: Annotated[str, Path(max_length=16)],
    account: SignedIn,
    accounts: AccountsOf,
) -> SeatToken:
    """A new token for one of the account's seats, for this browser: the seat's token
    before (another device's, a link's) is void."""
    token = await run_in_threadpool(accounts.take_back, account, game_id, seat)
    return SeatToken(game_id=game_id, seat=seat, token=token)


def _client(request: Request) -> str:
    """Who is asking, as the creation limit counts it (behind the same trusted proxies)."""
    return client_key(request, trusted_of(request))


@router.get("/signin", include_in_schema=False)
@router.get("/signup", include_in_schema=False)
async def account_page() -> FileResponse:
    """One page for both forms: its script reads which from the address."""
    return FileResponse(WEB / "account.html")


@router.get("/me", include_in_schema=False)
async def my_games_page() -> FileResponse:
    return FileResponse(WEB / "me.html")
