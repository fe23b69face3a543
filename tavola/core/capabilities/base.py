"""What every consumer shares: a game's declaration (`GameInfo`), the seat kinds every game
knows, and `capability`, the one way the shell asks a game for an optional capability.

The shell never tests a game's name nor looks a member up by string: it reads `game.info`
and asks `capability(game, Narration)`; a game that lacks the capability answers None there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

if TYPE_CHECKING:
    from ..protocol import Game

S = TypeVar("S", contravariant=True)
C = TypeVar("C")

HUMAN = "human"
"""The seat kind of a person. Every other seat kind is a bot's name (`tavola.bots`) or one
of the game's automata."""

Information = Literal["perfect", "imperfect"]
Chance = Literal["deterministic", "explicit_stochastic", "sampled_stochastic"]
Utility = Literal["zero_sum", "constant_sum", "general_sum", "identical"]

GENERIC_BOTS = ("random", "reference", "greedy", "ismcts")
"""Bots every game can seat: `reference` is the game's own (`ReferencePlayer`), or the
random bot for a game without one; `greedy` and `ismcts` search with `Evaluation`."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game declares about itself, read by the lobby, the server, the command line
    and the simulator before any state exists. Texts are keyed by language."""

    name: str
    title: Mapping[str, str]
    description: Mapping[str, str]
    min_seats: int
    max_seats: int
    seat_kinds: tuple[str, ...]
    """What a table may seat: `human`, bot names, and automata (below)."""
    information: Information = field(kw_only=True)
    """The three axes of OpenSpiel's `GameType`, declared by every game (no default: a
    wrong one would pass unseen). `perfect`: every seat sees the whole state, so nothing
    is hidden and a determinized world is the state itself; `imperfect`: something is
    hidden from some seat (a hand, a sealed order), which `view`, `hidden_from` and
    `determinize` must honour."""
    chance: Chance = field(kw_only=True)
    """`deterministic`: no chance at all; `explicit_stochastic`: chance moves are a chance
    seat's actions with listed probabilities; `sampled_stochastic`: chance is drawn from the
    seeded RNG in the state (a shuffle, a die) or typed in as it falls (a Lotto draw)."""
    utility: Utility = field(kw_only=True)
    """`zero_sum`: the seats' scores always add up to zero; `constant_sum`: to one same
    number; `identical`: every seat scores alike (a cooperative game); `general_sum`:
    anything else (placements among many sides, a referee's seat, a solo game)."""
    languages: tuple[str, ...] = ("it", "en")
    modes: tuple[str, ...] = ()
    automata: tuple[str, ...] = ()
    """Seat kinds played by the rules themselves (an automatic opponent): built by `Automata`."""
    simultaneous: bool = False
    """More than one seat may be awaited at once (sealed choices)."""
    referee_seats: bool = False
    """Some seats are referees (they see everything and act on the game's bookkeeping)."""
    rare_actions: frozenset[str] = frozenset()
    """Action types random play and the search bots take only now and then (conceding)."""
    threaded_actions: frozenset[str] = frozenset()
    """Action types whose engine work reads free text (a pasted post, a draw): the server
    plays them in a worker thread, never on its event loop, however short the text."""
    sent_once: tuple[str, ...] = ()
    """Keys of a view whose entries never change (a card's face): a live connection is
    sent each entry once."""
    web: Path | None = None
    """The folder of the game's browser table (`table.js`, `table.css`, `i18n/<lang>.json`),
    by convention `tavola/games/<name>/web/`; None: the game has no browser table."""
    pages: tuple[str, ...] = ()
    """The game's own browser pages beside its table (a roster), each served at
    `/games/<name>/<page>` by the shell's page that runs `<web>/<page>.js`; the page's
    words are its catalogue's top-level object of the same name (`title` among them)."""
    rules: Path | None = None
    """The folder of the game's rules told for players, one CommonMark file per language
    (`<lang>.md`), by convention `tavola/games/<name>/rules/`; the server shows them at
    `/rules/<name>` (`rules_languages`: the declared languages that have their file).
    None, or a folder without files: the game has no rules page."""
    featured: bool = False
    """The lobby's new-table form opens on this game (the flagship) rather than on the
    catalogue's first."""
    raced: bool = False
    """Random play of this game is what designers simulate at scale, so `tavola bench --suite
    engine` measures it against OpenSpiel when no game is named."""
    capabilities: tuple[str, ...] = field(default=())
    """The names (`CAPABILITIES`, in this package's `__init__`) of the optional capabilities
    the game offers."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": dict(self.title),
            "description": dict(self.description),
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "seat_kinds": list(self.seat_kinds),
            "automata": list(self.automata),
            "languages": list(self.languages),
            "modes": list(self.modes),
            "information": self.information,
            "chance": self.chance,
            "utility": self.utility,
            "simultaneous": self.simultaneous,
            "referee_seats": self.referee_seats,
            "rare_actions": sorted(self.rare_actions),
            "sent_once": list(self.sent_once),
            "web": self.web is not None,
            "raced": self.raced,
            "featured": self.featured,
            "pages": list(self.pages),
            "rules": list(self.rules_languages()),
            "capabilities": sorted(self.capabilities),
        }

    def rules_languages(self) -> tuple[str, ...]:
        """The declared languages the game's rules are told in (a file each), in order."""
        if self.rules is None:
            return ()
        return tuple(lang for lang in self.languages if (self.rules / f"{lang}.md").is_file())

    def text(self, texts: Mapping[str, str], lang: str) -> str:
        """`texts` (title or description) in `lang`, else in the game's first language."""
        return texts.get(lang) or texts[self.languages[0]]

    def mode_of(self, *settings: Mapping[str, Any]) -> str | None:
        """The mode a table plays: the `mode` of the first of `settings` (the options
        asked for, the config built from them) that names one, else the game's first
        mode (a game's config without one plays it); None for a game without modes. The
        command lines print it, so `play` and `simulate` each say which mode they use."""
        for setting in settings:
            if setting.get("mode"):
                return str(setting["mode"])
        return self.modes[0] if self.modes else None


_OFFERED: dict[tuple[type[Any], type[Any]], bool] = {}
"""Whether a game's class offers a capability: a protocol's `isinstance` looks up each of
its members every time, and the server asks several times a move."""


def capability(game: Game[Any], kind: type[C]) -> C | None:
    """`game` as the capability `kind`, or None when it does not offer it (decided once
    per class of game: a game's capabilities are its class's methods)."""
    key = (type(game), kind)
    offered = _OFFERED.get(key)
    if offered is None:
        offered = _OFFERED[key] = isinstance(game, kind)
    return cast(C, game) if offered else None
