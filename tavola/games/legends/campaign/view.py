"""What a viewer sees of a campaign (§8: carried cards are the owner's, others see how
many), as JSON and in words, and the words of the between-battle choices."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tavola.core import Messages, Viewer

from ..catalog import Catalog
from .config import CampaignConfig, boss_level, campaign_catalog, leader
from .sequence import awaited_seat, config_of, result

TEXT = Messages.load(Path(__file__).parent / "i18n")


def say(lang: str, key: str, **params: Any) -> str:
    return TEXT.text(lang, f"campaign.{key}", **params)


class Words:
    """Names of cards, seats and battles in one language."""

    def __init__(self, config: CampaignConfig, lang: str) -> None:
        self.config = config
        self.lang = lang
        self.catalog: Catalog = campaign_catalog(config)

    def card(self, card_id: str) -> str:
        return self.catalog[card_id].display_name(self.lang)

    def seat(self, seat: str) -> str:
        member = self.config.party[int(seat[1:]) - 1]
        return member.name or seat

    def mode(self, mode: str) -> str:
        return TEXT.text(self.lang, f"mode.{mode}")

    def opponent(self, number: int) -> str:
        battle = self.config.battles[number - 1]
        if battle.boss is not None:
            name = self.card(battle.boss.main_card_id)
            return say(self.lang, "boss", name=name, level=boss_level(self.config, number))
        names = ", ".join(e.name or self.card(e.main_card_id or "") for e in battle.evil)
        return say(self.lang, "evil", names=names)

    def battle_title(self, number: int, attempt: int) -> str:
        key = "battle_title" if attempt == 1 else "retry_title"
        mode = self.mode(self.config.battles[number - 1].mode)
        return say(
            self.lang,
            key,
            number=number,
            total=len(self.config.battles),
            attempt=attempt,
            opponent=self.opponent(number),
            mode=mode,
        )

    def option(self, option: Mapping[str, Any]) -> str:
        """A card that may be carried, and where it is (R135)."""
        name = self.card(option["card_id"])
        if option["zone"] == "table" and option["equipment"]:
            return say(
                self.lang,
                "zone_table_equipped",
                name=name,
                equipment=self.card(option["equipment"]),
            )
        return say(self.lang, f"zone_{option['zone']}", name=name)


def _sees(viewer: Viewer, seat: str) -> bool:
    return viewer.is_referee or viewer.seats == frozenset({seat})


def view(campaign: Mapping[str, Any], viewer: Viewer, lang: str) -> dict[str, Any]:
    config = config_of(campaign)
    words = Words(config, lang)
    party = []
    for i, member in enumerate(config.party, start=1):
        seat = f"P{i}"
        held = campaign["party"][seat]
        entry: dict[str, Any] = {
            "seat": seat,
            "name": words.seat(seat),
            "kind": member.kind,
            "age": member.age,
            "agility": 100 - member.age,
            "main_card_id": member.main_card_id,
            "main_equipment": held["main_equipment"],
            "carried_count": len(held["carried"]),
            "holds": len(held["carried"]),  # the campaign page's column (`campaign.col.holds`)
        }
        if _sees(viewer, seat):
            entry["carried"] = [dict(card) for card in held["carried"]]
        party.append(entry)
    battles = [
        {
            "number": n,
            "mode": b.mode,
            "boss": b.boss.main_card_id if b.boss else None,
            "boss_level": boss_level(config, n),
            "evil": [e.name for e in b.evil],
            "won": n in campaign["won"],
        }
        for n, b in enumerate(config.battles, start=1)
    ]
    awaited = awaited_seat(campaign)
    out: dict[str, Any] = {
        "viewer": str(viewer),
        "status": campaign["status"],
        "sequence": config.sequence,
        "leader": leader(config),
        "battle": campaign["battle"],
        "attempt": campaign["attempt"],
        "retries_left": campaign["retries_left"],
        "carry_limit": config.carry_limit,
        "battles": battles,
        "games": _games(campaign, len(config.battles)),
        "next_game": campaign["battle"],
        "party": party,
        "pending": {"seat": awaited, "decision": _decision(campaign)} if awaited else None,
        "results": [dict(r) for r in campaign["results"]],
        "result": result(campaign),
    }
    options = campaign["carry_options"]
    out["carry_options"] = {s: list(o) for s, o in options.items() if _sees(viewer, s)}
    if viewer.is_referee:
        out["referee"] = {"rng": dict(campaign["rng"]), "battle_seed": campaign["battle_seed"]}
    return out


def _games(campaign: Mapping[str, Any], total: int) -> list[dict[str, Any]]:
    """The battles as every campaign page reads a campaign's games (`Campaigns`)."""
    lost = [r["battle"] for r in campaign["results"] if r["outcome"] != "won"]
    return [
        {"number": n, "won": n in campaign["won"], "lost": lost.count(n)}
        for n in range(1, total + 1)
    ]


def _decision(campaign: Mapping[str, Any]) -> str:
    return "choose_next_battle" if campaign["status"] == "choose_battle" else "choose_carry"


def lines(campaign: Mapping[str, Any], viewer: Viewer, lang: str) -> list[str]:
    """The campaign in words: battles, party, what is next or how it ended."""
    config = config_of(campaign)
    words = Words(config, lang)
    out = [
        say(
            lang,
            "header",
            won=len(campaign["won"]),
            total=len(config.battles),
            retries=campaign["retries_left"],
        )
    ]
    for n, battle in enumerate(config.battles, start=1):
        state = (
            "battle_won"
            if n in campaign["won"]
            else ("battle_next" if n == campaign["battle"] else "battle_to_play")
        )
        out.append(
            say(
                lang,
                "battle_line",
                number=n,
                opponent=words.opponent(n),
                mode=words.mode(battle.mode),
                state=say(lang, state),
            )
        )
    for i, member in enumerate(config.party, start=1):
        seat = f"P{i}"
        held = campaign["party"][seat]
        equipment = (
            say(lang, "with_equipment", equipment=words.card(held["main_equipment"]))
            if held["main_equipment"]
            else ""
        )
        main = words.card(member.main_card_id or "")
        if _sees(viewer, seat):
            cards = ", ".join(_carried_name(words, c) for c in held["carried"])
            out.append(
                say(
                    lang,
                    "member",
                    name=words.seat(seat),
                    main=main,
                    equipment=equipment,
                    cards=cards or say(lang, "nothing"),
                )
            )
        else:
            out.append(
                say(
                    lang,
                    "member_hidden",
                    name=words.seat(seat),
                    main=main,
                    equipment=equipment,
                    count=len(held["carried"]),
                )
            )
    for fought in campaign["results"]:
        outcome = say(lang, f"outcome_{fought['outcome']}")
        out.append(
            say(lang, "fought", number=fought["battle"], attempt=fought["attempt"], outcome=outcome)
        )
    out.append(_status_line(campaign, words))
    return out + survivor_lines(campaign, lang)


def _carried_name(words: Words, card: Mapping[str, Any]) -> str:
    name = words.card(card["card_id"])
    if card["equipment"]:
        name += say(words.lang, "with_equipment", equipment=words.card(card["equipment"]))
    return name


def _status_line(campaign: Mapping[str, Any], words: Words) -> str:
    lang, status = words.lang, campaign["status"]
    if status == "battle":
        return say(lang, "next_battle", number=campaign["battle"], attempt=campaign["attempt"])
    if status in ("choose_battle", "carry"):
        key = "waiting_battle_choice" if status == "choose_battle" else "waiting_carry"
        return say(lang, key, name=words.seat(str(awaited_seat(campaign))))
    outcome = result(campaign)
    assert outcome is not None
    if outcome["won"]:
        return say(lang, "won", won=outcome["battles_won"], retries=outcome["retries_used"])
    return say(
        lang,
        "lost",
        number=outcome["lost_at"],
        won=outcome["battles_won"],
        retries=outcome["retries_used"],
    )


def survivor_lines(campaign: Mapping[str, Any], lang: str) -> list[str]:
    """R139 in words: per battle won, who was still in play at its end."""
    config = config_of(campaign)
    words = Words(config, lang)
    outcome = result(campaign) or {"survivors": {}}
    return [
        say(lang, "survivors", number=n, names=", ".join(words.seat(s) for s in seats))
        for n, seats in outcome["survivors"].items()
    ]
