"""The tournament's games on their way to tables. Each game of the schedule waits for its
people to start it (by their "I am here", within the tournament's no-show limit,
measured on the server's clock); a game of bots alone does not wait. Then it opens as an
ordinary table among those present (the people's seats opening with their entrant
tokens), or, with fewer than two present, is recorded as forfeits at once. A table's end
is recorded in its own commit (`ending`); one that missed it (a race, a crash) is
recorded here. Restart-safe: everything is read back from the database."""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
from datetime import timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tavola.core import Game, IllegalAction, Table, get_game
from tavola.core.capabilities import HUMAN, capability
from tavola.features.series import Due, open_each
from tavola.features.tournaments import store
from tavola.features.tournaments.ending import record_table
from tavola.features.tournaments.format import (
    TableGame,
    Tournament,
    forfeit_places,
    pending,
    record,
)
from tavola.features.tournaments.homes import home_of
from tavola.features.tournaments.protocol import TournamentRules
from tavola.features.tournaments.sealing import sealed
from tavola.features.tournaments.tables import TournamentGameRow, TournamentRow
from tavola.server.live import aware
from tavola.server.seating import SeatPlan
from tavola.server.tables import Tables
from tavola.store import Database
from tavola.store.models import GameRow
from tavola.store.repo import now

log = logging.getLogger(__name__)

LOOK_EVERY = 1.0
"""Seconds between two looks at every tournament under way (no-show limits run out)."""
STEPS_MAX = 1000
"""Changes in a row one look makes at most (forfeits may end rounds one after another)."""


class _Moved(Exception):
    """Someone else moved the game on first: this opening is undone."""


class Schedule:
    def __init__(self, db: Database, tables: Tables) -> None:
        self.db = db
        self.tables = tables
        self._due = Due(every=LOOK_EVERY)
        self._opening = threading.Lock()

    def due(self) -> None:
        """Something changed (a start, a game's end, a person's start): look soon."""
        self._due.set()

    def open_due(self) -> None:
        """Opens the tables due in every tournament under way, when something changed or
        every `LOOK_EVERY` seconds (no-show limits)."""
        if not self._due.take():
            return
        with self.db.session() as session:
            under_way = store.playing(session)
        open_each(under_way, self.open_tournament, "tournament %s: its tables")

    def open_tournament(self, tournament_id: str) -> None:
        """Moves the tournament on as far as it can go now."""
        with self._opening:
            for _ in range(STEPS_MAX):
                if not self._step(tournament_id):
                    return

    # -- one step ----------------------------------------------------------------------------

    def _step(self, tournament_id: str) -> bool:
        """One change (True), or nothing left to do now (False)."""
        with self.db.session() as session:
            row = store.get(session, tournament_id)
            if row is None or row.status != "playing":
                return False
            games = store.games(session, tournament_id)
            humans = {e.entrant: e for e in store.entrants(session, tournament_id)}
            over = {
                g.game_id
                for g in games
                if g.status == "playing" and g.game_id and _is_over(session, g.game_id)
            }
            session.expunge_all()
        t = Tournament.model_validate(row.tournament)
        for g in games:
            if g.game_id in over and self._record_late(g.game_id):
                return True
        known = {g.slot for g in games}
        new = [s for s in pending(t) if s.id not in known]
        if new:
            return self._add(row, new, set(humans))
        moment = now()
        for g in games:
            if g.status != "waiting":
                continue
            found = t.game(g.slot)
            if found is None:
                continue
            slot = found[2]
            people = [i for i, e in enumerate(slot.entrants) if e in humans]
            late = g.due_at is not None and aware(g.due_at) <= moment
            if all(i in g.ready for i in people):
                present = list(range(len(slot.entrants)))
            elif late:
                present = [i for i in range(len(slot.entrants)) if i not in people or i in g.ready]
            else:
                continue
            if len(present) < 2:
                return self._forfeit(row.id, slot, present)
            return self._open(row, t, slot, present, humans)
        return False

    def _add(self, row: TournamentRow, new: list[TableGame], humans: set[int]) -> bool:
        """The round's new games, each waiting for its people (until the no-show limit)."""
        stamp = now()
        rows = []
        for slot in new:
            people = any(e in humans for e in slot.entrants)
            limit = row.no_show_seconds
            due = stamp + timedelta(seconds=limit) if people and limit is not None else None
            rows.append(
                TournamentGameRow(
                    tournament_id=row.id,
                    slot=slot.id,
                    status="waiting",
                    game_id=None,
                    seated=[],
                    ready=[],
                    due_at=due,
                    created_at=stamp,
                )
            )
        with contextlib.suppress(IntegrityError):  # another worker added them first
            self.tables.writes.run(lambda session: store.add_games(session, rows), row.id)
        return True

    def _open(
        self,
        row: TournamentRow,
        t: Tournament,
        slot: TableGame,
        present: list[int],
        humans: dict[int, Any],
    ) -> bool:
        """The game's table among those present, seated in the game's order; the
        playing order, when the match sets one, among them."""
        game, rules = _rules(row.game)
        options = rules.tournament_options().model_validate(t.game_options)
        players = [slot.entrants[i] for i in present]
        order = None
        if slot.order is not None:
            positions = [slot.entrants.index(e) for e in slot.order]
            order = [present.index(i) for i in positions if i in present]
        config = rules.tournament_table([t.entrants[e] for e in players], options, order)
        plans = [
            SeatPlan(HUMAN if e in humans else t.entrants[e].kind, t.entrants[e].name)
            for e in players
        ]
        seat_ids = _seat_ids(game, config, slot.seed)[: len(players)]
        seated = [{"position": p, "seat": s} for p, s in zip(present, seat_ids, strict=True)]
        people = {s: humans[e] for s, e in zip(seat_ids, players, strict=True) if e in humans}
        holders = {s: p.token_hash for s, p in people.items()}
        accounts = {s: p.account_id for s, p in people.items() if p.account_id is not None}
        game_id = secrets.token_hex(8)
        found = t.game(slot.id)
        home = home_of(
            row.id, found[0].number if found else 0, [t.entrants[e].name for e in players]
        )

        def in_commit(session: Session) -> None:
            # Imported here: the accounts package imports the game service, which imports
            # the tournaments.
            from tavola.server.accounts.records import link_seats

            opened = dict(status="playing", game_id=game_id, seated=seated)
            if not store.change_game(session, row.id, slot.id, "waiting", **opened):
                raise _Moved
            session.flush()
            for seat, account_id in accounts.items():  # its seat is the account's game too
                link_seats(session, account_id, game_id, [seat], now())

        with contextlib.suppress(_Moved):
            self.tables.open(
                game,
                config,
                plans,
                slot.seed,
                None,
                game_id,
                seed_known=row.seed_known,
                holders=holders,
                in_commit=in_commit,
                home=home,
            )
        return True

    def _forfeit(self, tournament_id: str, slot: TableGame, present: list[int]) -> bool:
        """With fewer than two present: the one present wins, nobody present shares
        the place (the bracket then draws the winner by lot)."""
        absent = [i for i in range(len(slot.entrants)) if i not in present]
        places = forfeit_places(len(slot.entrants), absent, {})

        def write(session: Session) -> None:
            current = store.get(session, tournament_id, locked=True)
            if current is None or not store.change_game(
                session, tournament_id, slot.id, "waiting", status="recorded"
            ):
                raise _Moved
            t = sealed(current)
            record(t, slot.id, places, forfeits=[slot.entrants[i] for i in absent])
            if not store.save(session, tournament_id, current.version, t):
                raise _Moved

        try:
            self.tables.writes.run(write, tournament_id)
        except _Moved:
            return True  # moved on meanwhile: read again
        except IllegalAction:  # the format refused the result: logged, not tried again now
            log.exception("tournament %s: forfeit of %s not recorded", tournament_id, slot.id)
            return False
        return True

    def _record_late(self, game_id: str) -> bool:
        """A finished table whose end the tournament missed: recorded from its final
        state."""
        live = self.tables.games.get(game_id)
        state = live.table.state
        return self.tables.writes.run(
            lambda session: record_table(session, live.game, game_id, state), game_id
        )

    # -- a person's start ------------------------------------------------------------------

    def mark_ready(self, tournament_id: str, slot: str, position: int) -> None:
        def write(session: Session) -> None:
            g = store.game_row(session, tournament_id, slot, locked=True)
            if g is not None and g.status == "waiting" and position not in g.ready:
                store.change_game(
                    session, tournament_id, slot, "waiting", ready=[*g.ready, position]
                )

        self.tables.writes.run(write, tournament_id)
        self.due()


def _rules(game_name: str) -> tuple[Game[Any], TournamentRules[Any]]:
    game = get_game(game_name)
    rules = capability(game, TournamentRules)
    assert rules is not None, "a tournament's game has tournaments"
    return game, rules


def _seat_ids(game: Game[Any], config: dict[str, Any], seed: int) -> list[str]:
    """The table's seats in the game's order, dealt once to be read (the table itself is
    dealt again by `Tables.open`, from the same seed: the same seats)."""
    return list(game.seats(Table(game, config, seed).state))


def _is_over(session: Session, game_id: str) -> bool:
    found = session.get(GameRow, game_id)
    return found is not None and found.status == "over"
