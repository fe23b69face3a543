"""Tables and seats over HTTP: a new table, the lobby of open seats, taking a seat, and
the same table again."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from tavola.core.capabilities import HUMAN
from tavola.store import repo
from tavola.store.models import GameRow, SeatRow

from ..accounts.deps import AccountsOf, Member
from ..deps import Asker, PublicUrl, Pushes, SeatedGame, Service, Token, action_of
from ..links import join_url
from ..live import Live
from ..ratelimit import client_of
from ..schemas import (
    REFUSALS,
    AddSeatRequest,
    GameCreate,
    GameCreated,
    Joined,
    JoinRequest,
    LobbyGame,
    SeatLink,
    SeatsAdded,
)
from ..service import GameService
from ..tables import SeatPass
from .creating import CREATES

router = APIRouter()


@router.post("/api/games", response_model=GameCreated, **CREATES)
async def create_game(
    body: GameCreate,
    service: Service,
    base: PublicUrl,
    account: Member,
    accounts: AccountsOf,
    request: Request,
) -> GameCreated:
    """Creates a game; every person's seat gets a join link to share: the creator's own
    seat (`creator_seat`) its token, every other a one-time invite, which whoever joins
    first spends. The seats' kinds, fields and the options are the game's
    (`GET /api/catalog`)."""
    seats = [s.model_dump(exclude_none=True) for s in body.seats]
    client = client_of(request)

    def create() -> tuple[Live, dict[str, SeatPass]]:
        return service.tables.create(
            body.game,
            body.options,
            seats,
            seed=body.seed,
            practice_seed_known=body.practice_seed_known,
            creator_seat=body.creator_seat,
            invite_only=body.invite_only,
            client=client,
        )

    live, passes = await run_in_threadpool(create)
    if account is not None:  # the creator's own seat hangs on its account
        own = [seat for seat, given in passes.items() if given.token]
        await run_in_threadpool(accounts.link, account, live.game_id, own)
    links = []
    for seat, info in live.seats.items():
        given = passes.get(seat, SeatPass())
        url = (
            join_url(base, live.game_id, seat, token=given.token, invite=given.invite)
            if given.token or given.invite
            else None
        )
        links.append(
            SeatLink(
                seat=seat,
                name=info.name,
                kind=info.kind,
                token=given.token,
                invite=given.invite,
                join_url=url,
            )
        )
    return GameCreated(game_id=live.game_id, seats=links)


def _listed(service: GameService, listed: list[tuple[GameRow, list[SeatRow]]]) -> list[LobbyGame]:
    """Games as the lobby lists them, each seat's name and who plays it (`kinds`: `human`
    or the bot's kind), so that an unnamed seat can be called by what it is."""
    return [
        LobbyGame(
            game_id=g.id,
            game=g.game,
            mode=g.config.get("mode"),
            created_at=g.created_at.isoformat(),
            open_seats=[
                s.seat for s in seats if s.kind == HUMAN and not s.joined and s.token_hash is None
            ],
            seats={s.seat: s.name for s in seats},
            kinds={s.seat: s.bot or s.kind for s in seats},
            practice_seed_known=g.seed_known,
        )
        for g, unordered in listed
        # People first, then bots: the store gives the seats back by id ("B" before "P1").
        for seats in [sorted(unordered, key=lambda s: s.kind != HUMAN)]
        if g.id not in service.games.quarantined  # set aside: nobody can play it
    ]


@router.get("/api/games", response_model=list[LobbyGame])
async def lobby(service: Service) -> list[LobbyGame]:
    """Games with a human seat nobody has taken yet."""

    def read() -> list[LobbyGame]:
        with service.db.session() as session:
            return _listed(service, repo.lobby(session))

    return await run_in_threadpool(read)


@router.get("/api/games/playing", response_model=list[LobbyGame])
async def playing(service: Service) -> list[LobbyGame]:
    """Games being played, with no seat left to take: anyone may watch them (the public
    view, as by their /play link)."""

    def read() -> list[LobbyGame]:
        with service.db.session() as session:
            return _listed(service, repo.in_play(session))

    return await run_in_threadpool(read)


@router.post("/api/games/{game_id}/seats/{seat}/join", response_model=Joined, responses=REFUSALS)
async def join(
    game_id: str,
    seat: str,
    token: Token,
    service: Service,
    account: Member,
    accounts: AccountsOf,
    body: JoinRequest | None = None,
) -> Joined:
    """Takes a human seat nobody has taken: with its link's invite (`invite`), or from the
    lobby without one; either way the invite is spent and the token comes back to the one
    who took it. A seat taken (played or not) is refused to everyone else (409). The
    occupant may come again with its token (`Authorization`) to rename the seat."""
    name = body.name if body else None
    invite = body.invite if body else None
    issued = await run_in_threadpool(service.tables.join, game_id, seat, token, name, invite)
    if account is not None or token is None:  # a new occupant: on its account, or on none
        await run_in_threadpool(accounts.link, account, game_id, [seat])
    return Joined(game_id=game_id, seat=seat, token=issued)


@router.post("/api/games/{game_id}/seats", response_model=SeatsAdded, responses=REFUSALS)
async def add_seats(
    game_id: str, body: AddSeatRequest, asker: Asker, service: Service, base: PublicUrl
) -> SeatsAdded:
    """Plays an action that adds seats (a late player a referee adds, where the game
    allows it) for the token's seat: the game judges who may; each new seat comes back
    with its one-time invite and join link, to send to its person."""

    def play() -> SeatsAdded:
        seated = asker.seated()
        seat = seated.player("Adding a seat needs a seat token.")
        action = action_of(body.action)
        result = service.moves.act(game_id, seat, action, body.version, adding=True)
        links = [
            SeatLink(
                seat=new.seat,
                name=new.name,
                kind=HUMAN,
                invite=new.invite,
                join_url=join_url(base, game_id, new.seat, token=None, invite=new.invite),
            )
            for new in result.seats
        ]
        return SeatsAdded(game_id=game_id, version=result.version, seats=links)

    return await run_in_threadpool(play)


@router.post("/api/games/{game_id}/rematch", response_model=Joined, responses=REFUSALS)
async def rematch(
    game_id: str,
    seated: SeatedGame,
    service: Service,
    hub: Pushes,
    account: Member,
    accounts: AccountsOf,
) -> Joined:
    """The same table again, under a new random id: the first call sets it up, each
    player's call (with its seat's token of this game) takes that player's seat there,
    once (a second call for it is refused, 409, naming the rematch's `game_id`)."""
    seat = seated.player("A rematch needs a seat token of this game.")
    new_id, issued, created = await run_in_threadpool(service.tables.rematch, seated.live, seat)
    if created:
        await hub.announce(game_id, {"type": "rematch", "game_id": new_id})
    if account is not None:
        await run_in_threadpool(accounts.link, account, new_id, [seat])
    return Joined(game_id=new_id, seat=seat, token=issued)
