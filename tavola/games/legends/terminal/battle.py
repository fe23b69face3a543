"""A Legends of AZ battle drawn with Rich from one seat's view: HP bars, statuses, who
protects whom, the fight under way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from .screen import LegendsScreen

STAT_KEYS = ("str", "mp", "def")


class BattleScreen(LegendsScreen):
    def name_of(self, view: Mapping[str, Any], card_id: str) -> str:
        face = view["card_faces"].get(card_id, {})
        return str(
            face.get("name_en")
            if self.lang == "en" and face.get("name_en")
            else face.get("name", card_id)
        )

    def card_line(self, view: Mapping[str, Any], card_id: str) -> str:
        """Name, type and what the card does (stats for characters)."""
        face = view["card_faces"][card_id]
        kind = self.t("type." + face["type"])
        if face["type"] == "character":
            stats = "/".join(str(face[s]) for s in ("hp", "str", "mp", "def"))
            return f"{self.name_of(view, card_id)} ({kind} {stats})"
        what = face["effect_text"][self.lang]  # the same words the browser shows
        return f"{self.name_of(view, card_id)} ({kind}: {what})"

    def iid_name(self, view: Mapping[str, Any], iid: str) -> str:
        for seat in view["seats"].values():
            cards = seat.get("table", []) + seat.get("hand", []) + seat.get("egs", [])
            for card in cards:
                if card["iid"] == iid:
                    return self.name_of(view, card["card_id"])
        for card in view.get("discard", []):
            if card["iid"] == iid:
                return self.name_of(view, card["card_id"])
        return view["seats"][iid]["name"] if iid in view["seats"] else iid

    def hp_bar(self, hp: int, max_hp: int, width: int = 12) -> Text:
        filled = max(0, min(width, round(width * hp / max_hp))) if max_hp else 0
        colour = "green" if hp * 2 > max_hp else ("yellow" if hp * 4 > max_hp else "red")
        return Text.assemble(
            ("█" * filled, colour), ("░" * (width - filled), "grey50"), f" {hp}/{max_hp}"
        )

    def statuses(self, ch: Mapping[str, Any], targetable: bool, protected: bool) -> Text:
        t = self.t
        words = Text()
        if ch["asleep"]:
            words.append(t("ui.asleep", turns=ch["sleep_remaining"]) + " ", style="blue")
        elif ch["exhausted"]:
            words.append(t("ui.exhausted") + " ", style="yellow")
        else:
            words.append(t("ui.ready") + " ", style="green")
        if ch["forwent"]:
            words.append(t("ui.forwent") + " ", style="magenta")
        if ch["warded"]:
            words.append("🛡 ")
        if ch["is_main"] and protected:
            words.append(t("ui.protected") + " ", style="cyan")
        if ch.get("equipment"):
            words.append("🗡 ", style="yellow")
        if targetable:
            words.append("◎ " + t("ui.targetable"), style="bold red")
        return words

    def seat_panel(self, view: Mapping[str, Any], seat_id: str) -> Panel:
        seat = view["seats"][seat_id]
        t = self.t
        table = RichTable(box=None, show_header=False, padding=(0, 1))
        targetable = set(seat.get("targetable", []))
        for ch in seat["table"]:
            name = ("★ " if ch["is_main"] else "  ") + self.name_of(view, ch["card_id"])
            stats = "  ".join(f"{t('stat.' + s)} {ch[s]}" for s in STAT_KEYS)
            table.add_row(
                Text(name, style="bold"),
                self.hp_bar(ch["hp"], ch["max_hp"]),
                stats,
                self.statuses(ch, ch["iid"] in targetable, seat.get("main_protected", False)),
            )
        parts: list[Any] = [table]
        for eg in seat.get("egs", []):
            state = t("ui.eg_complete") if eg["complete"] else f"{eg['progress']}/{eg['phases']}"
            line = f"⚙ {self.name_of(view, eg['card_id'])} · {state} · {t('ui.eg_hits')} "
            parts.append(Text(line + f"{eg['hits_taken']}/{eg['structure']}", style="magenta"))
        if seat.get("hand"):
            parts.append(Text(f"{t('ui.hand')}:", style="italic"))
            for card in seat["hand"]:
                parts.append(Text("  • " + self.card_line(view, card["card_id"]), style="italic"))
        title = seat["name"]
        # A free-for-all team is the seat's own id, a good-vs-evil one is the side shown next:
        # only the names players gave their teams are worth showing.
        if seat["team"] not in (seat_id, "good", "evil"):
            title += f" · {t('ui.team')} {seat['team']}"
        title += f" · {t('side.' + seat['permission'])} · {t('ui.hand')} {seat['hand_size']}"
        if seat["eliminated"]:
            title += f" · {t('ui.eliminated')}"
        active = seat_id in (view.get("active_seat"), view.get("counter_seat"))
        return Panel(Group(*parts), title=title, border_style="bold yellow" if active else "white")

    def show_battle(self, view: Mapping[str, Any]) -> None:
        t = self.t
        active = view.get("active_seat")
        if view["round_no"] == 0:
            header = t("ui.setup_header")
        else:
            header = t(
                "ui.battle_header",
                round=view["round_no"],
                max_rounds=view["max_rounds"],
                seat=view["seats"][active]["name"] if active else "—",
            )
        self.console.rule(header)
        for seat_id in view["turn_order"]:
            self.console.print(self.seat_panel(view, seat_id))
        fight = view.get("combat")
        if fight:
            attackers = ", ".join(
                f"{self.iid_name(view, a['iid'])} ({t('stat.' + a['stat'])})"
                for a in fight["attackers"]
            )
            priority = fight.get("priority_seat")
            line = t(
                "ui.combat_line",
                attackers=attackers,
                target=self.iid_name(view, fight["target"]),
                attack=fight["attack_value"],
                defence=fight["defence_value"],
            )
            if priority:
                line += "  " + t("ui.priority", seat=view["seats"][priority]["name"])
            self.console.print(Panel(line, border_style="red"))
