"""The battle table drawn at the terminal from one seat's view (§8: the opponent's hand and
face-down cards as backs, its legends only once revealed): both arenas, life, dice, the
cost pool, the hand, the strategy zones, the waiting and rest rooms, who attacks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from .content import starter
from .messages import MESSAGES, numbers_said
from .state import SEATS

LIFE_BAR = 20
"""Characters of the life bar at full life."""


class Board:
    def __init__(self, console: Console, lang: str) -> None:
        self.console = console
        self.lang = lang
        self.content = starter()

    def t(self, key: str, **params: Any) -> str:
        # Every whole number on the board is a quantity (life, cost, damage value, a
        # count): written as the narration writes it, "10,000" or "10.000".
        return MESSAGES.text(self.lang, f"screen.{key}", **numbers_said(self.lang, params))

    def word(self, key: str) -> str:
        return MESSAGES.text(self.lang, f"word.{key}")

    def player(self, seat: str) -> str:
        return MESSAGES.text(self.lang, "tell.player", n=int(seat) + 1)

    def card(self, card_id: str) -> str:
        return self.content.cards[card_id].names.get(self.lang)

    def legend(self, legend_id: str) -> str:
        return self.content.legends[legend_id].names.get(self.lang)

    def field(self, name: str, value: str) -> str:
        """ "Arena: …", the name in the screen's words."""
        return self.t("field", name=self.t(name), value=value).rstrip()

    def names(self, items: Sequence[str]) -> str:
        return MESSAGES.text(self.lang, "tell.list_separator").join(items) or "–"

    def card_line(self, card_id: str) -> str:
        """A card in words: name, kind (a tactic card's window), cost, its text."""
        card = self.content.cards[card_id]
        kind = self.word(f"kind.{card.kind}")
        if card.window is not None:
            kind = self.t("tactic_window", kind=kind, window=self.word(card.window))
        return self.t(
            "card",
            card=card.names.get(self.lang),
            kind=kind,
            cost=card.cost,
            text=card.texts.get(self.lang),
        )

    def arena(self, view: Mapping[str, Any], seat: str) -> str:
        mine = view["seats"][seat]
        legend_id = mine["arena"]
        if legend_id is None:
            return self.t("arena_empty")
        legend = self.content.legends[legend_id]
        entry = next((e for e in mine["team"] if e["legend"] == legend_id), None)
        abilities = [
            self.content.abilities[a].names.get(self.lang)
            for a in (entry or {}).get("abilities", ())
        ]
        now = view["effective_dv"][SEATS.index(seat)]
        line = self.t(
            "arena_legend",
            legend=legend.names.get(self.lang),
            attribute=self.word(f"attribute.{legend.attribute}"),
            dv=legend.dv,
            abilities=self.names(abilities),
        )
        if now is not None and now != legend.dv:
            line += " " + self.t("dv_now", dv=now)
        return line

    def side(self, view: Mapping[str, Any], seat: str, own: bool) -> Panel:
        mine = view["seats"][seat]
        life = int(mine["life"])
        filled = max(0, min(LIFE_BAR, round(LIFE_BAR * life / 10000)))
        role = ""
        if view.get("attacker") == seat:
            role = self.t("attacks")
        elif view.get("defender") == seat:
            role = self.t("defends")
        status = Text.assemble(
            (self.t("life", life=life), "bold"),
            " ",
            ("█" * filled, "green"),
            ("░" * (LIFE_BAR - filled), "dim"),
            "  ",
            self.t("die", die="–" if mine["die"] is None else mine["die"]),
            "  ",
            (self.t("pool", pool=mine["pool"]), "bold yellow"),
            "  ",
            self.t("changes", n=mine["override_uses_left"]),
        )
        counts = self.t(
            "counts",
            deck=mine["deck_count"],
            hand=mine["hand_count"],
            discard=len(mine["discard"]),
            gimmick=self.word(f"gimmick.{mine['gimmick']}"),
        )
        zone = [
            self.t("zone_card", card=self.card(z["card_id"]), turn=z["set_turn"])
            if "card_id" in z
            else self.t("zone_back", turn=z["set_turn"])
            for z in mine["zone"]
        ]
        waiting = [self.legend(legend) for legend in mine["waiting_room"]]
        hidden = int(mine["waiting_count"]) - len(waiting)
        if hidden:
            waiting.append(self.t("unrevealed", n=hidden))
        lines: list[Any] = [
            status,
            Text(counts, style="dim"),
            Text(self.field("arena", self.arena(view, seat)), style="bold"),
            Text(self.field("zone", self.names(zone))),
            Text(self.field("waiting", self.names(waiting))),
            Text(self.field("rest", self.names([self.legend(x) for x in mine["rest_room"]]))),
        ]
        if own and "hand" in mine:
            lines.append(Text(self.field("hand", "")))
            lines += [Text("  · " + self.card_line(c["card_id"])) for c in mine["hand"]]
        elif mine.get("known_hand"):
            known = [self.card(c["card_id"]) for c in mine["known_hand"]]
            lines.append(Text(self.t("known_hand", cards=self.names(known))))
        title = self.t("own", player=self.player(seat)) if own else self.player(seat)
        if role:
            title += f" · {role}"
        return Panel(
            Group(*lines), title=title, title_align="left", border_style="cyan" if own else "white"
        )

    def show(self, view: Mapping[str, Any], seat: str) -> None:
        """The table as `seat` sees it: the opponent above, the seat below."""
        phase = self.word(f"phase.{view['phase']}")
        header = self.t("title", turn=view["turn"], phase=phase)
        if view.get("window"):
            header += " · " + self.t("window", window=self.word(str(view["window"])))
        opponent = SEATS[1 - SEATS.index(seat)]
        self.console.print(Text(header, style="bold"))
        self.console.print(self.side(view, opponent, own=False))
        self.console.print(self.side(view, seat, own=True))
