"""What the server and the engine ask while a game is played: events in words, seats on
autopilot, an action's problems before it is sent, who may know who is awaited, the
server's clock on an action, seats added mid-game, texts to take away, results held for a
review."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..actions import Action, Event
from .base import S

if TYPE_CHECKING:
    from ..errors import IllegalAction
    from ..viewer import Viewer


@runtime_checkable
class Narration(Protocol[S]):
    """Events told in words, in any of the game's languages."""

    def narrate(self, state: S, events: list[Event], lang: str) -> list[str]:
        """The events in words, skipping those not worth telling."""
        ...

    def narrate_for(
        self, state: S, events: Sequence[Event], lang: str, view: Mapping[str, Any]
    ) -> list[str | None]:
        """One line per event (None: not worth telling) of a viewer's filtered events,
        naming only what `view`, that viewer's view, shows."""
        ...


@runtime_checkable
class Autopilot(Protocol[S]):
    """Seats the platform plays for a while, with the reference bot, though a person holds
    them (after too many timeouts, say): each such move is submitted as the platform action
    `autopilot`. The game decides when a seat goes on and comes back off."""

    def on_autopilot(self, state: S) -> frozenset[str]:
        """The seats on autopilot now."""
        ...


@runtime_checkable
class ActionCheck(Protocol[S]):
    """What is wrong with an action, said before it is sent: a form that builds an action
    (a sealed post) shows every problem at once instead of the first refusal. Nothing
    changes; an empty list means `apply` would take it now."""

    def check(self, state: S, seat: str, action: Action) -> list[IllegalAction]:
        """Every problem of `action` for `seat`, each as the refusal it would be (a stable
        code and its sentence in each language)."""
        ...


@runtime_checkable
class PrivateWaiting(Protocol[S]):
    """A game where who has already chosen is hidden (a team's sealed post): each viewer
    is told only the awaited seats it may know of. Without it, everyone sees `to_act`."""

    def to_act_seen_by(self, state: S, seat: str | None) -> frozenset[str]:
        """The awaited seats `seat` (None: the public) may know are awaited."""
        ...


@runtime_checkable
class TimedActions(Protocol[S]):
    """A game whose rules read the time (a deadline): the server stamps each action with
    its own clock before the game applies it, so no seat chooses its instant and the
    stamped action, kept in the log, replays exactly."""

    def stamp(self, state: S, seat: str, action: Action, at: datetime) -> Action:
        """`action` as it happens at the server's instant `at` (UTC); an action that
        carries an instant of its own where the server's belongs is refused
        (`IllegalAction`)."""
        ...


@runtime_checkable
class AddedSeats(Protocol[S]):
    """A game whose table gains a person's seat while it runs (a referee adds a late
    player): one of its actions adds seats (`game.seats` grows). The server plays such an
    action only by its seats route, which writes each new seat with a one-time invite in
    the action's own commit and hands the link to whoever added it; every other way to
    send it is refused, so no seat ever exists without its row."""

    def adds_seats(self, action: Action) -> bool:
        """Whether `action` may add seats."""
        ...

    def seat_name(self, state: S, seat: str) -> str:
        """The name a seat the game added is shown by (its person's)."""
        ...


@dataclass(frozen=True, slots=True)
class ExportText:
    """A text a viewer may take away and paste elsewhere (a forum post, a private
    message): `name` is stable and URL-safe, `title` and `text` in the language asked for,
    `filename` without its extension (the text is plain UTF-8)."""

    name: str
    title: str
    filename: str
    text: str

    def to_json(self) -> dict[str, str]:
        return asdict(self)


@runtime_checkable
class Exports(Protocol[S]):
    """Texts the game writes for use outside the table (a forum's posts and private
    messages). The game answers only those `viewer` may see: the shell never filters
    them, it only serves them."""

    def exports(self, state: S, viewer: Viewer, lang: str) -> list[ExportText]:
        """Every text `viewer` may take away now, in `lang` (empty: none)."""
        ...


@dataclass(frozen=True, slots=True)
class HeldResult:
    """A result the rules hold back until a publication step (a referees' review):
    `audience`, the seats it is for once published (empty: the public, so everyone);
    `needles`, strings that give it away wherever they are written (a JSON fragment of a
    view or an event, a sentence of an export)."""

    audience: frozenset[str]
    needles: tuple[str, ...]


@runtime_checkable
class HeldResults(Protocol[S]):
    """A game whose results reach players only when its rules say (a review before
    publication): until then only its reviewers see them. The conformance suite plays
    `holding_config` until something is held and checks that no other seat, nor the
    public, finds it in a view, an event or an export — then publishes, and checks that
    each result reaches its audience."""

    def held_results(self, state: S) -> list[HeldResult]:
        """What is held for publication now (empty: nothing)."""
        ...

    def reviewers(self, state: S) -> frozenset[str]:
        """The seats that see what is held before it is published."""
        ...

    def publication(self, state: S) -> tuple[str, Action] | None:
        """The seat and action that publish what is held (None: nothing is held)."""
        ...

    def holding_config(self) -> dict[str, Any]:
        """A config whose random play reaches a held result."""
        ...
