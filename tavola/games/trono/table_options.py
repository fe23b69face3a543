"""Tables of Gioco del Trono (the lobby's form, the server's create request).

A practice table: 2 to 10 houses, each a team of one bot, simulated draws, the turn closed
as soon as every house has posted. A live table (`mode: live`): a forum season on the
server, its people's seats (players, then referees) fixed at creation, draws entered by
the referees, the calendar's deadlines. The host chooses the length and the rule switches
of `TronoConfig`; the rest is what each kind of table is."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from tavola.core import ConfigError
from tavola.core.capabilities import HUMAN, Preset
from tavola.core.jsontypes import JsonBool, JsonNumber

from .config import HouseAssignment, HouseDisplaySet, ThroneTieBreak, VictoryTieMode


class _Options(BaseModel):
    """A number is a number, a boolean true or false, as JSON Schema has them
    (`tavola.core.jsontypes`): `true` or `"3"` is not 1 or 3."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class TronoTableOptions(_Options):
    """A table's options: those left out keep `TronoConfig`'s defaults."""

    mode: Literal["practice", "live"] = "practice"
    """`live`: a season of people with referees, on the calendar (DECISIONS 26)."""
    rehearsal: JsonBool = False
    """With `live`: a referees' rehearsal, bot teams and people refereeing (DECISIONS 28)."""
    max_turns: Annotated[int, Field(ge=1, le=200), JsonNumber] = 36
    victory_banners: Annotated[int, Field(ge=10, le=200), JsonNumber] = 50
    soldiers_per_team: Annotated[int, Field(ge=1, le=20), JsonNumber] = 5
    house_assignment: HouseAssignment = "rank_rounds"
    throne_tie_break: ThroneTieBreak = "earliest_post"
    character_attacks_count_toward_limit: JsonBool = False
    victory_tie_mode: VictoryTieMode = "tiebreak"
    reveal_attackers: JsonBool = False
    reveal_all_at_end: JsonBool = False
    review_before_publish: JsonBool = False
    """The referees review a turn's results before they are published (the console)."""
    house_display_set: HouseDisplaySet = "document"
    missing_posts_reminder_hours: Annotated[int, Field(ge=0, le=96), JsonNumber] = 2
    """Hours before each deadline the console lists the teams that have not posted (0: off)."""


class TronoSeatOptions(_Options):
    """A seat's role at a live table: a player (who registers and joins a team) or a
    referee. A practice table's seats are all players."""

    role: Literal["player", "referee"] = "player"


PRACTICE_HOUSES = 10
"""A practice table seats one house per seat, and there are ten houses."""
LIVE_PLAYERS = 12
"""A live season forms at least 4 teams of 3 (R8, live mode)."""
LIVE_REFEREES = 2
"""The live season the lobby offers ready-made: two referees share the console, so that
one can stand in for the other (more are added as seat rows)."""


def _refused(
    field: str, message: str, message_it: str, reason: str = "invalid_option"
) -> ConfigError:
    return ConfigError(
        reason, f"{field}: {message}", field=field, message_it=f"{field}: {message_it}"
    )


def practice_seats(seats: Sequence[Mapping[str, Any]]) -> None:
    """A practice table is bots, one house each: no person, no referee, ten at most."""
    if len(seats) > PRACTICE_HOUSES:
        raise _refused(
            "seats",
            f"a practice table seats 2 to {PRACTICE_HOUSES} houses, not {len(seats)}",
            f"un tavolo di pratica ha da 2 a {PRACTICE_HOUSES} casate, non {len(seats)}",
            "player_count",
        )
    for i, seat in enumerate(seats):
        if seat.get("kind") == HUMAN:
            raise _refused(
                f"seats.{i}.kind",
                "a practice table is played by bots; people play at a live table (mode: live)",
                "un tavolo di pratica è giocato da bot; le persone giocano a un tavolo dal vivo"
                " (mode: live)",
            )
        if seat.get("role") == "referee":
            raise _refused(
                f"seats.{i}.role",
                "a practice table has its own referee; referees sit at a live table",
                "un tavolo di pratica ha il suo arbitro; gli arbitri siedono a un tavolo dal vivo",
            )


def live_config(options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A live season: every seat a person's, the players' first (`p01`, `p02`… in seat
    order, who register themselves), then the referees' (`arbitro01`…), draws entered by
    hand and the calendar's deadlines. A rehearsal (`rehearsal`) is `rehearsal_config`."""
    if options.get("rehearsal"):
        return rehearsal_config(options, seats)
    roles = [seat.get("role", "player") for seat in seats]
    for i, seat in enumerate(seats):
        if seat.get("kind") != HUMAN:
            raise _refused(
                f"seats.{i}.kind",
                "a live table is played by people: every seat is human",
                "a un tavolo dal vivo giocano persone: ogni posto è human",
            )
        if i and roles[i] == "player" and roles[i - 1] == "referee":
            raise _refused(
                f"seats.{i}.role",
                "list the players' seats first, then the referees'",
                "elenca prima i posti dei giocatori, poi quelli degli arbitri",
            )
    players = roles.count("player")
    referees = roles.count("referee")
    if players < LIVE_PLAYERS or not referees:
        raise _refused(
            "seats",
            f"a live table seats at least {LIVE_PLAYERS} players and a referee "
            f"(here {players} and {referees})",
            f"un tavolo dal vivo ha almeno {LIVE_PLAYERS} giocatori e un arbitro "
            f"(qui {players} e {referees})",
            "player_count",
        )
    return {
        "mode": "live",
        "draw_source": "manual",
        "schedule": "calendar",
        **options,
        "players": [f"p{i:02d}" for i in range(1, players + 1)],
        "referees": [f"arbitro{i:02d}" for i in range(1, referees + 1)],
        "referee_names": _names(seats[players:]),
    }


def _names(seats: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """The referees' seats' names (`arbitro01`… in seat order), as a refusal names them."""
    return {
        f"arbitro{i:02d}": str(seat["name"])[:60]
        for i, seat in enumerate(seats, start=1)
        if seat.get("name")
    }


def rehearsal_config(
    options: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """A referees' rehearsal (DECISIONS 28): a live season whose players are bots (the
    bot seats, first) and whose referees are the people (the human seats, after them);
    draws entered by hand, and each turn closes once every bot team has posted."""
    bots = 0
    for i, seat in enumerate(seats):
        # A seat's role follows its kind here (a person referees, a bot plays): the
        # seat form fills `role: player` in for every seat left alone.
        human = seat.get("kind") == HUMAN
        if not human and seat.get("role") == "referee":
            raise _refused(
                f"seats.{i}.role",
                "at a referees' rehearsal a bot plays a team, never a referee",
                "in una prova arbitri un bot gioca in una squadra, mai come arbitro",
            )
        if not human and i != bots:
            raise _refused(
                f"seats.{i}.kind",
                "list the bots' seats first, then the referees'",
                "elenca prima i posti dei bot, poi quelli degli arbitri",
            )
        bots += not human
    referees = len(seats) - bots
    if bots < LIVE_PLAYERS or not referees:
        raise _refused(
            "seats",
            f"a referees' rehearsal seats at least {LIVE_PLAYERS} bots and a referee "
            f"(here {bots} and {referees})",
            f"una prova arbitri ha almeno {LIVE_PLAYERS} bot e un arbitro "
            f"(qui {bots} e {referees})",
            "player_count",
        )
    chosen = {k: v for k, v in options.items() if k != "rehearsal"}
    return {
        "mode": "live",
        "rehearsal": True,
        "draw_source": "manual",
        "schedule": "manual",
        **chosen,
        "players": [f"p{i:02d}" for i in range(1, bots + 1)],
        "referees": [f"arbitro{i:02d}" for i in range(1, referees + 1)],
        "referee_names": _names(seats[bots:]),
    }


def practice_config(seats: int) -> dict[str, object]:
    """What makes a table of `seats` one-bot houses a practice game: as few as two houses
    are enough (R8's minimum of four is for live games)."""
    return {
        "mode": "practice",
        "draw_source": "simulated",
        "schedule": "manual",
        "target_team_size": 1,
        "min_teams": max(2, min(4, seats)),
        "referees": ["arbitro"],
    }


def presets() -> list[Preset]:
    return [
        Preset(
            "quick_practice",
            {
                "it": "Allenamento veloce: 4 casate, 12 turni",
                "en": "Quick practice: 4 houses, 12 turns",
            },
            {"max_turns": 12},
            ("reference",) * 4,
        ),
        Preset(
            "seven_houses",
            {"it": "Sette casate, con la Torre", "en": "Seven houses, with the Tower"},
            {},
            ("reference",) * 7,
        ),
        Preset(
            "ten_houses",
            {"it": "Tutte e dieci le casate", "en": "All ten houses"},
            {"reveal_all_at_end": True},
            ("reference",) * 10,
        ),
        Preset(
            "referee_rehearsal",
            {
                "it": "Prova arbitri: 12 bot in 4 squadre, tu arbitri",
                "en": "Referee rehearsal: 12 bots in 4 teams, you referee",
            },
            {"mode": "live", "rehearsal": True, "max_turns": 8},
            (*("reference",) * LIVE_PLAYERS, HUMAN),
        ),
        Preset(
            "live_season",
            {
                "it": f"Stagione dal vivo: {LIVE_PLAYERS} giocatori e {LIVE_REFEREES} arbitri",
                "en": f"Live season: {LIVE_PLAYERS} players and {LIVE_REFEREES} referees",
            },
            {"mode": "live", "review_before_publish": True},
            (HUMAN,) * (LIVE_PLAYERS + LIVE_REFEREES),
            # the players' seats keep the default role; the referees' come after them
            ({},) * LIVE_PLAYERS + ({"role": "referee"},) * LIVE_REFEREES,
            invite_only=True,  # a forum season's seats are its sign-ups' and referees'
        ),
    ]
