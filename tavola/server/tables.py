"""Tables and seats: a new game set up and stored, its seats' invites and tokens issued and
checked, a seat taken with its invite or from the lobby, and the same table again (rematch).

A seat's token is issued only to whoever takes the seat: the creator gets the token of its
own seat and, for every other person's seat, a one-time invite to share. Whoever takes a
seat first spends its invite; from then on nobody else may take it."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tavola.core import Game, Table, TavolaError, UnknownGame, Viewer, get_game
from tavola.core.capabilities import HUMAN
from tavola.core.commitment import new_salt
from tavola.features import GameStarted, TableHome
from tavola.store import repo
from tavola.store.group import GroupCommit
from tavola.store.models import GameRow, SeatRow

from .clocks import sync_clocks
from .live import Clock, Live, SeatInfo, now
from .loading import Games
from .notices import Notices
from .refusal import Refusal
from .searching import Clients
from .seating import SeatPlan, check_creator_seat, check_seed, plan_table, refusal_of
from .security import hash_token, new_token, token_matches
from .thinking import searches

ADDED_SEAT = SeatPlan("reference")
"""Who plays a seat the game adds beyond those requested (a referee's)."""


@dataclass(frozen=True, slots=True)
class SeatPass:
    """What the creator gets for a human seat: the token of its own seat, or the one-time
    invite another person takes the seat with (never that seat's token)."""

    token: str | None = None
    invite: str | None = None


class _RematchOpened(Exception):
    """Another worker recorded the game's rematch first: this one's opening is undone."""


class Tables:
    def __init__(
        self,
        games: Games,
        writes: GroupCommit,
        schedule: Callable[[Live], None],
        clients: Clients | None = None,
        notices: Notices | None = None,
    ) -> None:
        """`schedule`: called on each new game (its bots may be due); `clients`: who
        opened each game, and the bound on a client's searching seats; `notices`: the
        features, told of each new game in the commit that stores it."""
        self.games = games
        self.writes = writes
        self.schedule = schedule
        self.clients = clients if clients is not None else Clients(games.live, None)
        self.notices = notices if notices is not None else Notices()

    # -- a new table -----------------------------------------------------------------------

    def create(
        self,
        game_name: str,
        options: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        *,
        seed: int | None = None,
        practice_seed_known: bool = False,
        creator_seat: int | None = None,
        setup: Mapping[str, Any] | None = None,
        invite_only: bool = False,
        client: str | None = None,
    ) -> tuple[Live, dict[str, SeatPass]]:
        """A new game; returns it and what the creator gets for each human seat.
        `creator_seat`: where the creator sits (an index of `seats`), if it does;
        `invite_only`: no seat is taken without its invite; `client`: who asks (its
        searching seats are bounded; None: the server's own table)."""
        try:
            game = get_game(game_name)
        except UnknownGame as exc:
            raise Refusal(404, exc.code, exc.message) from None
        plan = plan_table(game, options, seats)
        check_seed(plan, seed, practice_seed_known)
        check_creator_seat(plan, creator_seat)
        game_id = secrets.token_hex(8)
        if client is not None:
            searching = sum(1 for s in plan.seats if searches(s.kind))
            self.clients.opening(client, game_id, searching)  # or refused
        done = False
        try:
            opened = self.open(
                game,
                plan.config,
                plan.seats,
                seed,
                setup,
                game_id,
                seed_known=seed is not None,
                creator=creator_seat,
                invite_only=invite_only,
            )
            done = True
        finally:
            if client is not None:
                self.clients.opened(game_id, done)
        return opened

    def open(
        self,
        game: Game[Any],
        config: Mapping[str, Any],
        seats: Sequence[SeatPlan],
        seed: int | None,
        setup: Mapping[str, Any] | None,
        game_id: str,
        *,
        seed_known: bool = False,
        invite_only: bool = False,
        creator: int | None = None,
        kept: Collection[str] | None = None,
        rematch_of: str | None = None,
        holders: Mapping[str, str | None] | None = None,
        in_commit: Callable[[Any], None] | None = None,
        home: TableHome | None = None,
    ) -> tuple[Live, dict[str, SeatPass]]:
        """Deals and stores a new game. Its human seats: the creator's (`creator`, an index
        of `seats`) taken at once, every other with an invite. `kept`, for a rematch: the
        seats kept for their previous occupants (no token until they ask, not in the lobby),
        the others open to anyone; `rematch_of` records the new game as that game's rematch
        in the same commit, unless another worker recorded one first (`_RematchOpened`).
        `holders`: human seats held already, by their token's hash (a campaign's people,
        whose token opens their seat in every game; None: not taken yet, kept for them);
        `in_commit`: more to write in the game's commit (raising undoes the opening);
        `home`: the page of the feature it is a table of (a campaign's; `in_commit` links
        them), its seats' way back."""
        seed = secrets.randbelow(2**62) if seed is None else seed
        salt = new_salt()  # every table commits to its seed, whoever chose it (issue 28)
        try:
            table = Table(game, config, seed, setup, salt=salt)
        except TavolaError as exc:
            raise refusal_of(exc) from None
        passes, infos, invites = _seat_people(game, table, seats, creator, kept, holders)
        live = Live(game_id, table, 0, "active", infos)
        live.seed_known, live.invite_only = seed_known, invite_only
        live.home = home
        game_row, seat_rows = _rows(live, game.name, seed, salt, invites)

        def write(session: Any) -> dict[tuple[str, str], Clock]:  # new rows each run
            if rematch_of is not None and not repo.link_rematch(session, rematch_of, game_id):
                raise _RematchOpened
            repo.create_game(session, GameRow(**game_row), [SeatRow(**s) for s in seat_rows])
            if in_commit is not None:
                in_commit(session)
            self.notices.started(session, GameStarted(game_id, game, table.state))
            return sync_clocks(session, live, table.state, table.outcome is not None)

        live.clocks = self.writes.run(write, game_id)
        live.status = str(game_row["status"])
        self.games.live[game_id] = live
        self.schedule(live)
        return live, passes

    # -- seats and tokens ------------------------------------------------------------------

    def seat_for(self, live: Live, token: str | None) -> str | None:
        """The seat a token acts for (None: no token, the public). A wrong token is refused."""
        if token is None:
            return None
        self.games.reread_seats(live)
        found = None
        for info in live.seats.values():  # every hash compared, in constant time each
            if info.token_hash is not None and token_matches(token, info.token_hash):
                found = info.seat
        if found is None:
            raise Refusal(401, "bad_token", "This token does not open any seat of this game.")
        return found

    def join(
        self,
        game_id: str,
        seat: str,
        token: str | None,
        name: str | None,
        invite: str | None = None,
    ) -> str:
        """Takes a human seat: with the invite of its link, or from the lobby (a seat nobody
        has taken), either way spending its invite and issuing a new token to whoever takes
        it. The seat's occupant may come again with its token (to rename the seat). A seat
        someone took, and so any seat a person has played, is nobody else's: no takeover.
        Returns the seat's token."""
        live = self.games.get(game_id)
        info = live.seats.get(seat)
        if info is None:  # a seat another worker added while the game runs (`added_seats`)
            self.games.reread_seats(live)
            info = live.seats.get(seat)
        if info is None or not info.human:
            raise Refusal(404, "unknown_seat", f"There is no human seat '{seat}'.")
        name = name[:60] if name else None
        if token is not None:
            if self.seat_for(live, token) != seat:
                raise Refusal(403, "forbidden", "This token belongs to another seat.")
            if name and name != info.name:
                with live.lock:
                    self.writes.run(
                        lambda session: repo.rename_seat(session, game_id, seat, name), game_id
                    )
                    info.name = name
            return token
        if live.status != "active":
            raise Refusal(
                409,
                "not_active",
                "This game is over: its seats are no longer taken.",
                message_it="La partita è finita: i suoi posti non si prendono più.",
            )
        if invite is None and live.invite_only:
            raise Refusal(
                403,
                "invite_needed",
                f"Seat {seat} is kept for the person with its link: open the link you were sent.",
                message_it=(
                    f"Il posto {seat} è riservato a chi ha il suo link: apri il link che ti è"
                    " stato mandato."
                ),
            )
        issued = new_token()
        taken_as = name or info.name
        invite_hash = hash_token(invite) if invite is not None else None
        with live.lock:
            took = self.writes.run(
                lambda session: repo.claim_seat(
                    session, game_id, seat, hash_token(issued), taken_as, invite_hash=invite_hash
                ),
                game_id,
            )
            if not took:
                raise self._not_taken(live, seat)
            info.token_hash, info.joined, info.name = hash_token(issued), True, taken_as
        return issued

    def _not_taken(self, live: Live, seat: str) -> Refusal:
        """Why a seat was not taken: someone has it (shown by name), or the invite is not
        its own (a spent one, another seat's, or a guess)."""
        self.games.reread_seats(live)
        info = live.seats[seat]
        if info.joined or info.token_hash is not None:
            return Refusal(
                409,
                "seat_taken",
                f"Seat {seat} has already been taken by {info.name}.",
                message_it=f"Il posto {seat} è già stato preso da {info.name}.",
            )
        return Refusal(
            403,
            "bad_invite",
            f"This invite does not open seat {seat}.",
            message_it=f"Questo invito non apre il posto {seat}.",
        )

    # -- the same table again --------------------------------------------------------------

    def rematch(self, live: Live, seat: str) -> tuple[str, str, bool]:
        """The same table again, dealt anew, under a random id: the first player to ask
        opens it, every other reaches it through the link the finished game keeps. Each
        seat a person held is kept for them: asking with that seat's token of the finished
        game takes it, once. Returns the new id, the token and whether this call opened it."""
        if live.status != "over":
            raise Refusal(409, "not_finished", "A rematch is offered once the game is over.")
        new_id, created = self._rematch_of(live)
        again = self.games.get(new_id)
        token = new_token()
        with again.lock:
            took = self.writes.run(
                lambda session: repo.claim_kept_seat(session, new_id, seat, hash_token(token)),
                new_id,
            )
            if not took:
                raise Refusal(
                    409,
                    "seat_taken",
                    f"Your seat {seat} of the rematch was given to the first who asked for it.",
                    message_it=f"Il tuo posto {seat} nella rivincita è andato al primo che"
                    " l'ha chiesto.",
                    game_id=new_id,
                )
            again.seats[seat].token_hash = hash_token(token)
        return new_id, token, created

    def _rematch_of(self, live: Live) -> tuple[str, bool]:
        """The game's rematch, opened now if nobody has yet (and whether it was)."""
        with self.games.db.session() as session:
            known = repo.rematch_of(session, live.game_id)
        if known is not None:
            return known, False
        self.games.reread_seats(live)  # who held which seat, as every worker last wrote it
        # In the game's own seat order: the store may give the seats back in any order
        # (PostgreSQL returns a row it updated, a seat someone took, last), and `open`
        # matches plans to seats by position.
        order = live.game.seats(live.table.state)
        seats = [SeatPlan(live.seats[s].bot or HUMAN, live.seats[s].name) for s in order]
        held = [s for s, i in live.seats.items() if i.human and i.token_hash is not None]
        try:
            again, _ = self.open(
                live.game,
                live.table.config,
                seats,
                None,
                None,
                secrets.token_hex(8),
                kept=held,
                rematch_of=live.game_id,
            )
        except _RematchOpened:
            with self.games.db.session() as session:
                known = repo.rematch_of(session, live.game_id)
            assert known is not None, "a rematch was recorded"
            return known, False
        self.clients.inherit(again.game_id, live.game_id)
        return again.game_id, True


def _view_names(table: Table) -> dict[str, str]:
    """Seat names as the game's referee view gives them (`seats.<seat>.name`), where it
    does: a game may name the seats it adds itself."""
    seats = table.view(Viewer.referee()).get("seats")
    if not isinstance(seats, Mapping):
        return {}
    return {
        seat: str(entry["name"])
        for seat, entry in seats.items()
        if isinstance(entry, Mapping) and entry.get("name")
    }


def _seat_people(
    game: Game[Any],
    table: Table,
    seats: Sequence[SeatPlan],
    creator: int | None,
    kept: Collection[str] | None,
    holders: Mapping[str, str | None] | None,
) -> tuple[dict[str, SeatPass], dict[str, SeatInfo], dict[str, str]]:
    """Who sits where, as `Tables.open` says: each seat's info, the passes handed out now
    (the creator's token, the others' invites) and the invites' hashes."""
    passes: dict[str, SeatPass] = {}
    infos: dict[str, SeatInfo] = {}
    invites: dict[str, str] = {}
    automata = game.info.automata
    order = sorted(range(len(seats)), key=lambda i: seats[i].kind in automata)  # stable
    named = _view_names(table)
    for i, seat in enumerate(game.seats(table.state)):
        plan = seats[order[i]] if i < len(order) else ADDED_SEAT
        human = plan.kind == HUMAN
        token_hash, joined = None, False
        if human and holders is not None and seat in holders:
            token_hash, joined = holders[seat], True
        elif human and kept is not None:
            joined = seat in kept
        elif human and i < len(order) and order[i] == creator:
            token = new_token()
            passes[seat], token_hash, joined = SeatPass(token=token), hash_token(token), True
        elif human:
            invite = new_token()
            passes[seat], invites[seat] = SeatPass(invite=invite), hash_token(invite)
        infos[seat] = SeatInfo(
            seat,
            named.get(seat) or plan.name or seat,
            HUMAN if human else "bot",
            None if human else plan.kind,
            token_hash,
            joined=joined,
        )
    return passes, infos, invites


def _rows(
    live: Live, game: str, seed: int, salt: str, invites: Mapping[str, str]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The new game's row and its seats' rows, as `open` stores them."""
    table, stamp = live.table, now()
    game_row = dict(
        id=live.game_id,
        game=game,
        config=table.config,
        seed=seed,
        salt=salt,
        setup=table.setup,
        status="over" if table.outcome else "active",
        version=0,
        opening=[e.to_record() for e in table.events],
        outcome=table.outcome.to_json() if table.outcome else None,
        state_hash=table.hash,
        created_at=stamp,
        updated_at=stamp,
        seed_known=live.seed_known,
        invite_only=live.invite_only,
    )
    seat_rows = [
        dict(
            game_id=live.game_id,
            seat=s.seat,
            name=s.name[:60],
            kind=s.kind,
            bot=s.bot,
            token_hash=s.token_hash,
            joined=s.joined,
            invite_hash=invites.get(s.seat),
        )
        for s in live.seats.values()
    ]
    return game_row, seat_rows
