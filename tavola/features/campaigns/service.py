"""Campaigns on the server: created with their party's seats, read by a seat or the
public, a person's choice between games, and each game opened as an ordinary table whose
people's seats open with their campaign token. A game's end is recorded in the game's
own commit (`ending`); its next table is opened here, after it (`open_due`)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from tavola.core import Action, Game, IllegalAction, TavolaError, Viewer
from tavola.core.capabilities import HUMAN
from tavola.core.rng import new_secret
from tavola.features import GameEnded, TableHome
from tavola.features.campaigns import course, store
from tavola.features.campaigns.ending import record_game
from tavola.features.campaigns.protocol import CampaignChoice, CampaignGame, Campaigns
from tavola.features.campaigns.seats import not_taken, seat_of
from tavola.features.campaigns.tables import CampaignRow, CampaignSeatRow
from tavola.features.series import (
    Due,
    SeriesPart,
    capability_of,
    check_seed,
    found,
    open_each,
    stale,
)
from tavola.server.refusal import Refusal
from tavola.server.seating import SeatPlan, refusal_of
from tavola.server.security import hash_token, new_token
from tavola.server.tables import SeatPass, Tables
from tavola.store import Database
from tavola.store.repo import now

log = logging.getLogger(__name__)

NO_CAMPAIGNS = ("{title} has no campaigns.", "{title} non ha campagne.")


class _CampaignMoved(Exception):
    """Someone else changed the campaign first: this table's opening is undone."""


UNKNOWN_CAMPAIGN = (
    "unknown_campaign",
    "There is no campaign '{id}'.",
    "Non c'è nessuna campagna '{id}'.",
)
"""The refusal of an id that names no campaign: its code and texts."""


@dataclass(frozen=True, slots=True)
class Created:
    campaign_id: str
    seats: list[dict[str, str]]
    """The party, `{seat, name, kind}`."""
    passes: dict[str, SeatPass]


class CampaignService(SeriesPart):
    def __init__(self, db: Database, tables: Tables) -> None:
        self.db = db
        self.tables = tables
        self._due = Due()

    # -- a new campaign ----------------------------------------------------------------------

    def create(
        self,
        game_name: str,
        options: Mapping[str, Any],
        party: Sequence[Mapping[str, Any]],
        *,
        creator_seat: int | None,
        seed: int | None,
        practice_seed_known: bool,
    ) -> Created:
        game, campaigns = _campaigns_of(game_name)
        people = any(m.get("kind", HUMAN) == HUMAN for m in party)
        _check_seed(seed, practice_seed_known, people)
        try:
            config = campaigns.campaign_config(options, party)
            campaign = campaigns.new_campaign(  # a seed nobody chose: a secret nobody is told
                config, 0 if seed is None else seed, new_secret() if seed is None else None
            )
            campaign = course.advance(campaigns, campaign)
            members = course.party(campaigns, campaign)
        except TavolaError as exc:
            raise refusal_of(exc) from None
        if creator_seat is not None and (
            creator_seat >= len(members) or members[creator_seat]["kind"] != HUMAN
        ):
            raise Refusal(
                422,
                "bad_request",
                "creator_seat: the creator sits at a person's seat of the party, given by its"
                " place in party (from 0)",
                field="creator_seat",
            )
        campaign_id = secrets.token_hex(8)
        rows, passes = _party_seats(campaign_id, members, creator_seat)
        stamp = now()
        row = CampaignRow(
            id=campaign_id,
            game=game.name,
            config=dict(config),
            campaign=campaign,
            status=course.status(campaigns, campaign),
            game_id=None,
            tables=[],
            seed_known=seed is not None,
            version=0,
            created_at=stamp,
            updated_at=stamp,
        )
        self.tables.writes.run(lambda session: store.create(session, row, rows), campaign_id)
        self.open_table(campaign_id)
        return Created(campaign_id, members, passes)

    # -- reading -----------------------------------------------------------------------------

    def read(self, campaign_id: str) -> tuple[CampaignRow, list[CampaignSeatRow]]:
        with self.db.session() as session:
            row = found(store.get(session, campaign_id), UNKNOWN_CAMPAIGN, campaign_id)
            seats = store.seats(session, campaign_id)
            session.expunge_all()
        return row, seats

    def view(self, campaign_id: str, token: str | None, lang: str) -> dict[str, Any]:
        """What the token's seat (or the public) sees of the campaign, in `lang`."""
        row, seats = self.read(campaign_id)
        seat = seat_of(seats, token)
        if row.status == "due":  # its table was not opened yet: now, then read again
            self.open_table(campaign_id)
            row, seats = self.read(campaign_id)
        _, campaigns = _campaigns_of(row.game)
        viewer = Viewer.seat(seat) if seat else Viewer.public()
        return {
            "campaign_id": row.id,
            "game": row.game,
            "version": row.version,
            "status": row.status,
            "seat": seat,
            "seed_known": row.seed_known,
            "seats": [
                {"seat": s.seat, "name": s.name, "kind": s.kind, "taken": s.token_hash is not None}
                for s in _in_party_order(campaigns, row.campaign, seats)
            ],
            "view": campaigns.campaign_view(row.campaign, viewer, lang),
            "lines": campaigns.campaign_lines(row.campaign, viewer, lang),
            "result": campaigns.campaign_result(row.campaign),
            "table": row.tables[-1] if row.status == "playing" and row.tables else None,
            "tables": list(row.tables),
            **_awaited(campaigns.campaign_next(row.campaign, lang), seat),
        }

    # -- seats -------------------------------------------------------------------------------

    def join(self, campaign_id: str, seat: str, invite: str | None, token: str | None) -> str:
        """Takes a person's seat with its link's invite (spent: nobody else takes it), and
        with it the seat of the table being played; the occupant may come again with its
        token. Returns the seat's token."""
        _, seats = self.read(campaign_id)
        held = {s.seat: s for s in seats}.get(seat)
        if token is not None:
            if seat_of(seats, token) != seat:
                raise Refusal(403, "forbidden", "This token belongs to another seat.")
            return token
        if invite is None or held is None or held.kind != HUMAN:
            raise not_taken(held, seat)
        issued = new_token()
        token_hash = hash_token(issued)

        def write(session: Any) -> tuple[bool, str | None]:
            if not store.claim_seat(
                session, campaign_id, seat, hash_token(invite), token_hash, held.name
            ):
                return False, None
            current = store.get(session, campaign_id)
            playing = current.game_id if current is not None else None
            if playing is not None:
                store.hold_table_seat(session, playing, seat, token_hash)
            return True, playing

        took, playing = self.tables.writes.run(write, campaign_id)
        if not took:
            _, seats = self.read(campaign_id)
            raise not_taken({s.seat: s for s in seats}.get(seat), seat)
        if playing is not None:
            self._hold_in_memory(playing, seat, token_hash)
        return issued

    def _hold_in_memory(self, game_id: str, seat: str, token_hash: str) -> None:
        live = self.tables.games.live.get(game_id)
        info = live.seats.get(seat) if live is not None else None
        if info is not None and info.token_hash is None:
            info.token_hash, info.joined = token_hash, True

    # -- choices -----------------------------------------------------------------------------

    def choose(
        self,
        campaign_id: str,
        token: str | None,
        choice: Mapping[str, Any],
        version: int | None,
    ) -> int:
        """A person's choice between games (the action's JSON form) for the token's seat;
        then the bots', and the next table opened if it is due. Returns the
        campaign's new version. Who asks is checked before what is asked."""
        row, seats = self.read(campaign_id)
        seat = seat_of(seats, token)
        if seat is None:
            raise Refusal(401, "bad_token", "A choice needs the token of a seat of the party.")
        try:
            action = Action.from_json(dict(choice))
        except (TypeError, ValueError) as exc:
            raise Refusal(422, "bad_request", f"action: {exc}") from None
        if version is not None and version != row.version:
            raise _stale(row.version)
        _, campaigns = _campaigns_of(row.game)
        step = campaigns.campaign_next(row.campaign, "en")
        if not isinstance(step, CampaignChoice):
            raise Refusal(
                409,
                "no_choice",
                "The campaign awaits no choice now.",
                message_it="La campagna ora non attende nessuna scelta.",
                version=row.version,
            )
        if step.seat != seat:
            raise Refusal(
                403,
                "not_your_decision",
                f"This choice is {step.name}'s to make, not yours.",
                message_it=f"Questa scelta spetta a {step.name}, non a te.",
            )
        try:
            campaign, _ = campaigns.campaign_choose(course.sealed(campaigns, row), seat, action)
        except IllegalAction as exc:
            raise Refusal(422, exc.code, exc.message, message_it=exc.message_it) from None
        campaign = course.advance(campaigns, campaign)
        status = course.status(campaigns, campaign)

        def write(session: Any) -> bool:
            return store.change(session, campaign_id, row.version, campaign=campaign, status=status)

        if not self.tables.writes.run(write, campaign_id):
            raise _stale(row.version)
        if status == "due":
            self.open_table(campaign_id)
        return row.version + 1

    # -- tables ------------------------------------------------------------------------------

    def game_over(self) -> None:
        """A game ended: a campaign may now wait for its next table."""
        self._due.set()

    # -- what it hears of games ---------------------------------------------------------------

    def record(self, session: Session, ended: GameEnded) -> None:
        record_game(session, ended.game, ended.game_id, ended.state)

    def table_home(self, session: Session, game_id: str) -> TableHome | None:
        campaign_id = store.campaign_of(session, game_id)
        return home_of(campaign_id) if campaign_id is not None else None

    def open_due(self) -> None:
        """Opens the tables of the campaigns waiting for one (after a game's end, and at
        start-up)."""
        if not self._due.take():
            return
        with self.db.session() as session:
            waiting = store.to_open(session)
        open_each(waiting, self.open_table, "campaign %s: its next table", errors=(Refusal,))

    def open_table(self, campaign_id: str) -> str | None:
        """The campaign's next game as a table, if it waits for one; its id."""
        row, seats = self.read(campaign_id)
        if row.status != "due":
            return None
        game, campaigns = _campaigns_of(row.game)
        step = campaigns.campaign_next(row.campaign, "en")
        if not isinstance(step, CampaignGame):
            return None
        # The party plays the game's first seats, in party order (Game.seats order).
        names = [m["name"] for m in course.party(campaigns, row.campaign)]
        plans = [
            SeatPlan(kind, names[i] if i < len(names) else None)
            for i, kind in enumerate(step.seats)
        ]
        holders = {s.seat: s.token_hash for s in seats if s.kind == HUMAN}
        game_id = secrets.token_hex(8)
        opened = {"game_id": game_id, "number": step.number, "attempt": step.attempt}

        def in_commit(session: Any) -> None:
            if not store.change(
                session,
                campaign_id,
                row.version,
                status="playing",
                game_id=game_id,
                tables=[*row.tables, opened],
            ):
                raise _CampaignMoved
            store.link_table(session, campaign_id, game_id)

        try:
            live, _ = self.tables.open(
                game,
                step.config,
                plans,
                step.seed,
                dict(step.setup) if step.setup is not None else None,
                game_id,
                seed_known=row.seed_known,
                holders=holders,
                in_commit=in_commit,
                home=home_of(campaign_id),
            )
        except _CampaignMoved:
            return None
        missing = set(holders) - set(live.seats)
        if missing:
            log.warning("campaign %s: table %s has no seat %s", campaign_id, game_id, missing)
        return game_id


def _awaited(step: CampaignGame | CampaignChoice | None, seat: str | None) -> dict[str, Any]:
    """What the campaign waits for, as the view tells `seat`: the `next` game, or whose
    choice is `awaiting` and, to that seat only, the `choice` itself (its options may be
    the seat's own hidden state)."""
    out: dict[str, Any] = {"next": None, "awaiting": None, "choice": None}
    if isinstance(step, CampaignGame):
        out["next"] = {"number": step.number, "attempt": step.attempt, "title": step.title}
    elif isinstance(step, CampaignChoice):
        out["awaiting"] = {"seat": step.seat, "name": step.name, "action": step.action}
        if step.seat == seat:
            out["choice"] = {
                "action": step.action,
                "argument": step.argument,
                "options": [{"value": o.value, "label": o.label} for o in step.options],
                "limit": step.limit,
                "question": step.question,
            }
    return out


def _party_seats(
    campaign_id: str, members: Sequence[Mapping[str, str]], creator_seat: int | None
) -> tuple[list[CampaignSeatRow], dict[str, SeatPass]]:
    """The party's seat rows: the creator's holds its token, every other person's a
    one-time invite, a bot's neither; and the links' secrets, by seat."""
    rows, passes = [], {}
    for i, member in enumerate(members):
        token_hash = invite_hash = None
        if member["kind"] == HUMAN and i == creator_seat:
            token = new_token()
            passes[member["seat"]], token_hash = SeatPass(token=token), hash_token(token)
        elif member["kind"] == HUMAN:
            invite = new_token()
            passes[member["seat"]], invite_hash = SeatPass(invite=invite), hash_token(invite)
        rows.append(
            CampaignSeatRow(
                campaign_id=campaign_id,
                seat=member["seat"],
                name=member["name"][:60],
                kind=HUMAN if member["kind"] == HUMAN else "bot",
                token_hash=token_hash,
                invite_hash=invite_hash,
            )
        )
    return rows, passes


def _in_party_order(
    campaigns: Campaigns[Any], campaign: Mapping[str, Any], seats: Sequence[CampaignSeatRow]
) -> list[CampaignSeatRow]:
    by_seat = {s.seat: s for s in seats}
    return [by_seat[m["seat"]] for m in course.party(campaigns, campaign) if m["seat"] in by_seat]


def _campaigns_of(game_name: str) -> tuple[Game[Any], Campaigns[Any]]:
    return capability_of(game_name, Campaigns, "no_campaigns", NO_CAMPAIGNS)


def _check_seed(seed: int | None, practice_seed_known: bool, people: bool) -> None:
    """As a table's: a party with a person has its seed drawn by the server, unless it is
    a practice campaign whose every seat is told the seed is known."""
    check_seed(
        seed,
        practice_seed_known,
        "campaign",
        "seed: a campaign with a person has its seed drawn by the server; choose one only"
        " for practice (practice_seed_known: true).",
        "seed: una campagna con una persona ha il seme estratto dal server;"
        " sceglilo solo per fare pratica (practice_seed_known: true).",
        server_draws=people,
    )


def _stale(version: int) -> Refusal:
    return stale(
        "The campaign changed meanwhile: read it again.",
        "La campagna è cambiata nel frattempo: rileggila.",
        version,
    )


def home_of(campaign_id: str) -> TableHome:
    """A campaign's table leads its seats back to the campaign, which plays it again
    itself (its retries): no rematch."""
    return TableHome(f"/campaigns/{campaign_id}", "play.back_to_campaign", rematch=False)
