"""Tables and seats over HTTP: a new table, the lobby of open seats, taking a seat, and
the same table again."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from tavola.core.capabilities import HUMAN
from tavola.store import repo

from ..deps import Pushes, SeatedGame, Service, Token
from ..schemas import REFUSALS, GameCreate, GameCreated, Joined, JoinRequest, LobbyGame, SeatLink

router = APIRouter()


@router.post("/api/games", status_code=201, response_model=GameCreated, responses=REFUSALS)
async def create_game(body: GameCreate, request: Request, service: Service) -> GameCreated:
    """Creates a game; every human seat gets a token and a join link to share. The seats'
    kinds, fields and the options are the game's (`GET /api/catalog`)."""
    seats = [s.model_dump(exclude_none=True) for s in body.seats]
    live, tokens = await run_in_threadpool(
        service.tables.create, body.game, body.options, seats, seed=body.seed
    )
    base = str(request.base_url).rstrip("/")
    links = []
    for seat, info in live.seats.items():
        token = tokens.get(seat)
        url = f"{base}/play/{live.game_id}?seat={seat}#token={token}" if token else None
        links.append(SeatLink(seat=seat, name=info.name, kind=info.kind, token=token, join_url=url))
    return GameCreated(game_id=live.game_id, seats=links)


@router.get("/api/games", response_model=list[LobbyGame])
async def lobby(service: Service) -> list[LobbyGame]:
    """Games with a human seat nobody has taken yet."""

    def read() -> list[LobbyGame]:
        with service.db.session() as session:
            listed = repo.lobby(session)
        return [
            LobbyGame(
                game_id=g.id,
                game=g.game,
                mode=g.config.get("mode"),
                created_at=g.created_at.isoformat(),
                open_seats=[s.seat for s in seats if s.kind == HUMAN and not s.joined],
                seats={s.seat: s.name for s in seats},
            )
            for g, seats in listed
        ]

    return await run_in_threadpool(read)


@router.post("/api/games/{game_id}/seats/{seat}/join", response_model=Joined, responses=REFUSALS)
async def join(
    game_id: str, seat: str, token: Token, service: Service, body: JoinRequest | None = None
) -> Joined:
    """Takes a human seat (with its link's token, or an untaken seat without one)."""
    name = body.name if body else None
    issued = await run_in_threadpool(service.tables.join, game_id, seat, token, name)
    return Joined(game_id=game_id, seat=seat, token=issued)


@router.post("/api/games/{game_id}/rematch", response_model=Joined, responses=REFUSALS)
async def rematch(game_id: str, seated: SeatedGame, service: Service, hub: Pushes) -> Joined:
    """The same table again: the first call sets it up, each player's call (with its
    seat's token of this game) takes that player's seat there."""
    seat = seated.player("A rematch needs a seat token of this game.")
    new_id, issued, created = await run_in_threadpool(service.tables.rematch, seated.live, seat)
    if created:
        await hub.announce(game_id, {"type": "rematch", "game_id": new_id})
    return Joined(game_id=new_id, seat=seat, token=issued)
