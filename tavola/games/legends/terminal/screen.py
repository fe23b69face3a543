"""Rich rendering of a Legends of AZ table, drawn from a seat's view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from tavola.core import Messages

RARITY_STYLE = {"C": "white", "R": "bright_blue", "L": "magenta", "M": "red", "T": "bright_cyan"}
STATS = ("hp", "str", "mp", "def")
SPECIAL_STAT = {"magic": "mp", "equipment": "str", "potion": "hp", "enchantgineering": "def"}


class LegendsScreen:
    def __init__(self, console: Console, messages: Messages, lang: str) -> None:
        self.console = console
        self.messages = messages
        self.lang = lang

    def t(self, key: str, **params: Any) -> str:
        return self.messages.text(self.lang, key, **params)

    def card_panel(self, face: Mapping[str, Any], reference: str | None) -> Panel:
        """A small card: name, type and rarity, stats with the reference stat highlighted."""
        name = face.get("name_en") if self.lang == "en" and face.get("name_en") else face["name"]
        kind = face["type"]
        rarity = face["rarity"]
        body = Text()
        if kind == "character":
            for stat in STATS:
                style = "bold black on yellow" if stat == reference else ""
                body.append(f" {self.t('stat.' + stat)} {face[stat]} ", style=style)
                body.append(" ")
        else:
            body.append(f"→ {self.t('stat.' + SPECIAL_STAT[kind])}", style="italic")
        subtitle = f"{self.t('type.' + kind)} · {self.t('rarity.' + rarity)}"
        return Panel(
            body,
            title=Text(str(name), style="bold"),
            subtitle=subtitle,
            border_style=RARITY_STYLE.get(rarity, "white"),
            width=44,
        )

    def seats_table(self, view: Mapping[str, Any]) -> RichTable:
        table = RichTable(show_header=False, box=None, padding=(0, 2))
        for seat_id in view["turn_order"]:
            seat = view["seats"][seat_id]
            clash = view.get("clash") or {}
            marker = "✓" if seat_id in clash.get("submitted", []) else " "
            status = (
                self.t("ui.out") if seat["out"] else self.t("ui.card_count", n=seat["pile_size"])
            )
            bar = "█" * min(30, seat["pile_size"] // 2)
            table.add_row(
                marker, Text(seat["name"], style="bold"), status, Text(bar, style="green")
            )
        return table

    def clash_panel(
        self, view: Mapping[str, Any], cards: Mapping[str, list[Mapping[str, Any]]], reference: str
    ) -> Group:
        faces = view["card_faces"]
        rows: list[Text | Columns] = []
        for seat_id, shown in cards.items():
            name = view["seats"][seat_id]["name"]
            panels = [self.card_panel(faces[c["card_id"]], reference) for c in shown]
            rows.append(Text(name, style="bold underline"))
            rows.append(Columns(panels))
        return Group(*rows)

    def show_table(self, view: Mapping[str, Any]) -> None:
        reference = view["reference_stat"]
        header = Text.assemble(
            (self.t("ui.title"), "bold"),
            "   ",
            f"{self.t('ui.clash')} {view['clash_no'] + 1}/{view['max_clashes']}   ",
            (f"{self.t('ui.reference')}: {self.t('stat.' + reference)}", "bold black on yellow"),
        )
        parts: list[Any] = [header, self.seats_table(view)]
        if view["pot"]:
            parts.append(Text(f"{self.t('ui.pot')}: {self.t('ui.card_count', n=len(view['pot']))}"))
        if view.get("war_seats"):
            names = ", ".join(view["seats"][s]["name"] for s in view["war_seats"])
            parts.append(Text(self.t("ui.war", seats=names), style="bold red"))
        self.console.print(Panel(Group(*parts)))

    def show_last_clash(self, view: Mapping[str, Any]) -> None:
        last = view.get("last_clash")
        if last:
            self.console.print(self.clash_panel(view, last["cards"], last["reference"]))

    def show_outcome(self, view: Mapping[str, Any]) -> None:
        result = view["result"]
        names = ", ".join(view["seats"][s]["name"] for s in result["winners"])
        key = "ui.draw" if result["draw"] else "ui.winner"
        winners = self.t(key, winners=names, n=len(result["winners"]))
        self.console.print(Text(winners, style="bold green"))
        simplified = view["mode"] == "simplified"
        table = RichTable(title=self.t("ui.placements"))
        table.add_column("#")
        table.add_column("")
        table.add_column(self.t("ui.cards") if simplified else self.t("ui.characters"))
        for seat_id, place in sorted(result["placements"].items(), key=lambda kv: kv[1]):
            seat = view["seats"][seat_id]
            count = seat["pile_size"] if simplified else len(seat["table"])
            table.add_row(str(place), seat["name"], str(count))
        self.console.print(table)
        self.console.print(f"{self.t('ui.reason')}: {self.t('outcome.' + result['reason'])}")
