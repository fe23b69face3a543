"""What the campaigns feature asks of a game that takes part (the `campaigns`
capability): a party's series of its games, its state kept from each to the next."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from tavola.core.actions import Action, Event
from tavola.core.capabilities.base import S

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tavola.core.viewer import Viewer


@dataclass(frozen=True, slots=True)
class CampaignGame:
    """A campaign waits for this game: a table to play as `Game.new(config, seed, setup)`,
    then to hand back finished to `Campaigns.campaign_record`."""

    number: int
    """The game's place in the campaign's list, from 1."""
    attempt: int
    """1 for the first try; retries count on."""
    config: Mapping[str, Any]
    seed: int
    setup: Mapping[str, Any] | None
    seats: tuple[str, ...]
    """Who plays each seat, in `Game.seats` order: `human`, a bot's name or an automaton."""
    title: str
    """The game in words (as the game names it), in the language asked for."""


@dataclass(frozen=True, slots=True)
class CampaignOption:
    """One thing a choice between games may pick (as the game offers it), with its words."""

    value: Any
    label: str


@dataclass(frozen=True, slots=True)
class CampaignChoice:
    """A campaign waits for a seat's choice between games: an action of type `action`
    whose argument `argument` is one of `options` (or, when `limit` is set, a list of at
    most `limit` of them, as the game counts them)."""

    seat: str
    name: str
    """The seat's name, as the players know it."""
    kind: str
    """Who makes it: `human` or a bot's name."""
    action: str
    argument: str
    options: tuple[CampaignOption, ...]
    limit: int | None
    question: str


@runtime_checkable
class Campaigns(Protocol[S]):
    """A sequence of games played by one party, with the game's own state between them. The
    campaign itself is plain JSON data (what the store persists): every method takes it and
    none changes it; the choices and records return the campaign as it then is."""

    def campaign_config(
        self, options: Mapping[str, Any], party: Sequence[Mapping[str, Any]]
    ) -> dict[str, Any]:
        """A campaign config: `options` (empty: the game's ready-made campaign) with its
        party seated as `party` says, one `{kind, name?}` per member (`human` or `bot`);
        an empty `party` keeps the options' own."""
        ...

    def campaign_options(self) -> type[BaseModel]:
        """The model of a campaign's options when they are not empty (the published
        schema's): its `party` may be left to the request's."""
        ...

    def new_campaign(
        self, config: Mapping[str, Any], seed: int, secret: str | None = None
    ) -> dict[str, Any]:
        """A new campaign; a bad config raises `ConfigError` naming the field. With a
        `secret` (hex, 256 bits at least) each game's seed is keyed by it, never drawn
        from a stream whose past outputs the games played make public; it is never shown.
        Without one the seeds come from `seed`, which is then known (practice)."""
        ...

    def campaign_sealed(self, campaign: Mapping[str, Any], secret: str) -> dict[str, Any]:
        """A campaign stored before keyed seeds, its later games keyed by `secret`; one
        keyed already, as it is."""
        ...

    def campaign_next(
        self, campaign: Mapping[str, Any], lang: str
    ) -> CampaignGame | CampaignChoice | None:
        """What the campaign waits for; None once it is over."""
        ...

    def campaign_choose(
        self, campaign: Mapping[str, Any], seat: str, action: Action
    ) -> tuple[dict[str, Any], list[Event]]:
        """A choice between games; an illegal one raises `IllegalAction` (the campaign
        given is never changed)."""
        ...

    def campaign_bot_choice(self, campaign: Mapping[str, Any], seat: str) -> Action:
        """The choice the game's own rule makes for a bot seat now."""
        ...

    def campaign_record(
        self, campaign: Mapping[str, Any], state: S
    ) -> tuple[dict[str, Any], list[Event]]:
        """The campaign after the game it waited for ended in `state` (that game's
        final state); `IllegalAction` if `state` is not that game, or not over."""
        ...

    def campaign_view(
        self, campaign: Mapping[str, Any], viewer: Viewer, lang: str
    ) -> dict[str, Any]:
        """JSON-ready view: what `viewer` may see of the campaign, in the game's own terms,
        with the part every campaign page reads: `games`, one `{number, won, lost}` per
        game of the campaign (`lost`: the times it was not won), `next_game` (the number
        awaited, or None), `retries_left` (None: no limit) and `party`, one
        `{seat, name, kind, holds}` per member (`holds`: how much of the game's state the
        member keeps between games, as a count the game's catalogue names)."""
        ...

    def campaign_lines(self, campaign: Mapping[str, Any], viewer: Viewer, lang: str) -> list[str]:
        """The campaign as it stands, in words, for the terminal."""
        ...

    def campaign_result(self, campaign: Mapping[str, Any]) -> dict[str, Any] | None:
        """The result once the campaign is over (won or lost), else None."""
        ...
