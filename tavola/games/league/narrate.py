"""The battle told in words a player reads, in Japanese, English and Italian (`[tell]` of
the i18n catalogues): dice and overrides, roles, the cost pool, cards set and revealed,
designations once revealed, attack and block, damage, exits, the end.

An event is told from its own data only: a viewer's filtered events already hide what the
viewer may not see (a drawn card, a face-down card, a designation), and the names said are
the content set's, which every player may read (§8). Players are "Player 1" and "Player 2"
(seats "0" and "1"). Every whole number said is a quantity (life, damage, cost, a count,
a die, a turn; ids are strings) and is written as the reader's language writes numbers
("10,000", "10.000")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tavola.core import Event

from .content import starter
from .messages import MESSAGES, number, numbers_said


class Teller:
    """Tells one event at a time in `lang`."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.content = starter()

    def t(self, key: str, **params: Any) -> str:
        return MESSAGES.text(self.lang, f"tell.{key}", **numbers_said(self.lang, params))

    def number(self, n: int) -> str:
        return number(self.lang, n)

    def word(self, key: str) -> str:
        return MESSAGES.text(self.lang, f"word.{key}")

    def player(self, seat: Any) -> str:
        return self.t("player", n=int(seat) + 1)

    def card(self, card_id: Any) -> str:
        card = self.content.cards.get(str(card_id))
        return card.names.get(self.lang) if card else str(card_id)

    def legend(self, legend_id: Any) -> str:
        legend = self.content.legends.get(str(legend_id))
        return legend.names.get(self.lang) if legend else str(legend_id)

    def ability(self, ability_id: Any) -> str:
        ability = self.content.abilities.get(str(ability_id))
        return ability.names.get(self.lang) if ability else str(ability_id)

    def listing(self, items: Sequence[str]) -> str:
        """ "A, B and C" in the language's own way."""
        if len(items) < 2:
            return "".join(items)
        head = self.t("list_separator").join(items[:-1])
        return f"{head}{self.t('list_last')}{items[-1]}"

    def counted(self, key: str, n: int, **params: Any) -> str:
        """`key.zero`, `key.one` or `key.other` by `n`; a catalogue without `zero` says
        `other`."""
        form = "zero" if n == 0 else "one" if n == 1 else "other"
        if form == "zero" and not MESSAGES.has(f"tell.{key}.zero", self.lang):
            form = "other"
        return self.t(f"{key}.{form}", n=n, **params)

    def line(self, event: Event) -> str | None:
        tell = TELLERS.get(event.type)
        return tell(self, event.data) if tell is not None else None


def _deck_left(t: Teller, left: int) -> str:
    return t.counted("deck_left", left)


def _cards_drawn(t: Teller, d: Mapping[str, Any]) -> str:
    player, left = t.player(d["seat"]), _deck_left(t, int(d["deck_left"]))
    cards = d.get("cards")
    if cards:
        names = t.listing([t.t("card_name", card=t.card(card_id)) for _, card_id in cards])
        return t.t("cards_drawn_named", player=player, cards=names, left=left)
    return t.counted("cards_drawn", int(d["count"]), player=player, count=d["count"], left=left)


def _dice_rolled(t: Teller, d: Mapping[str, Any]) -> str:
    parts = []
    for side, (face, value) in enumerate(zip(d["faces"], d["values"], strict=True)):
        key = "die_plain" if face == value else "die_changed"
        parts.append(t.t(key, player=t.player(side), face=face, value=value))
    return t.t("dice_rolled", first=parts[0], second=parts[1])


def _override_window(t: Teller, d: Mapping[str, Any]) -> str:
    eligible = list(d["eligible"])
    if len(eligible) == 2:
        return t.t("override_window.both")
    return t.t("override_window.one", player=t.player(eligible[0]))


def _die_overridden(t: Teller, d: Mapping[str, Any]) -> str:
    uses = int(d["uses_left"])
    player, card = t.player(d["seat"]), t.card(d["card_id"])
    return t.counted("die_overridden", uses, player=player, card=card, value=d["value"], uses=uses)


def _roles(t: Teller, d: Mapping[str, Any]) -> str:
    key = "roles_coin" if d["by"] == "coin" else "roles_dice"
    return t.t(key, attacker=t.player(d["attacker"]), defender=t.player(d["defender"]))


def _tactic_set(t: Teller, d: Mapping[str, Any]) -> str:
    if "card_id" in d:
        return t.t("tactic_set_named", player=t.player(d["seat"]), card=t.card(d["card_id"]))
    return t.t("tactic_set", player=t.player(d["seat"]))


def _legend_entered(t: Teller, d: Mapping[str, Any]) -> str:
    legend = t.content.legends[d["legend"]]
    names = [t.ability(a) for a in d["abilities"]]
    abilities = t.t("abilities", list=t.listing(names)) if names else t.t("no_abilities")
    return t.t(
        "legend_entered",
        player=t.player(d["seat"]),
        legend=legend.names.get(t.lang),
        attribute=t.word(f"attribute.{legend.attribute}"),
        dv=legend.dv,
        abilities=abilities,
        cost=d["cost"],
    )


def _effect(t: Teller, d: Mapping[str, Any]) -> str | None:
    """The effects whose result no later event tells (a life change, a draw, a mill, a
    revive, a salvage and a break have their own events)."""
    params: Mapping[str, Any] = d["params"]
    op = params["op"]
    owner = int(d["seat"])
    side = owner if params.get("side", "self") == "self" else 1 - owner
    amount = int(params.get("amount", 0))
    if op in ("dv", "die_next"):
        stem = "dv" if op == "dv" else "die"
        key = f"{stem}_{'up' if amount > 0 else 'down'}"
        return t.t(f"effect.{key}", player=t.player(side), amount=abs(amount))
    if op in ("dmg_bonus", "dmg_reduce", "cost", "stay"):
        return t.t(f"effect.{op}", player=t.player(owner), amount=amount)
    if op in ("no_block", "silence"):
        return t.t(f"effect.{op}", player=t.player(1 - owner))
    return None


def _life(t: Teller, d: Mapping[str, Any]) -> str:
    before, after, delta = int(d["from"]), int(d["to"]), int(d["delta"])
    player = t.player(d["seat"])
    if delta > 0 and after == before:
        return t.t("life_capped", player=player, after=after)
    key = "life_gained" if delta > 0 else "life_lost"
    return t.t(key, player=player, amount=abs(after - before), before=before, after=after)


def _damage(t: Teller, d: Mapping[str, Any]) -> str:
    if d["blocked"]:
        att, blocker = d["e_att"], d["e_def"]
        return t.t("damage_blocked", att=att, blocker=blocker, raw=d["raw"], final=d["final"])
    return t.t("damage_open", att=d["e_att"], final=d["final"])


def _window_card(key: str) -> Callable[[Teller, Mapping[str, Any]], str]:
    def tell(t: Teller, d: Mapping[str, Any]) -> str:
        window = t.word(str(d["window"]))
        return t.t(key, player=t.player(d["seat"]), card=t.card(d.get("card_id")), window=window)

    return tell


def _skipped(prefix: str) -> Callable[[Teller, Mapping[str, Any]], str]:
    def tell(t: Teller, d: Mapping[str, Any]) -> str:
        return t.t(f"{prefix}_{d['reason']}")

    return tell


def _returned(t: Teller, d: Mapping[str, Any]) -> str | None:
    lines = [
        t.t("legend_returned", legend=t.legend(legend), player=t.player(seat))
        for seat, legend in d["legends"]
    ]
    return " ".join(lines) or None


def _ended(t: Teller, d: Mapping[str, Any]) -> str:
    condition, winner = str(d["condition"]), d.get("winner")
    lives = " – ".join(t.number(int(life)) for life in d.get("lives", ()))
    if winner is None:
        key = {"both_out_life": "both_out_draw", "turn_cap": "turn_cap_draw"}.get(condition)
        return t.t(f"end.{key or 'draw'}", lives=lives)
    loser = 1 - int(winner)
    return t.t(f"end.{condition}", winner=t.player(winner), loser=t.player(loser), lives=lives)


def _seat(key: str) -> Callable[[Teller, Mapping[str, Any]], str]:
    def tell(t: Teller, d: Mapping[str, Any]) -> str:
        return t.t(key, player=t.player(d["seat"]))

    return tell


def _seat_card(key: str) -> Callable[[Teller, Mapping[str, Any]], str]:
    def tell(t: Teller, d: Mapping[str, Any]) -> str:
        return t.t(key, player=t.player(d["seat"]), card=t.card(d["card_id"]))

    return tell


def _seat_legend(key: str) -> Callable[[Teller, Mapping[str, Any]], str]:
    def tell(t: Teller, d: Mapping[str, Any]) -> str:
        return t.t(key, player=t.player(d["seat"]), legend=t.legend(d["legend"]))

    return tell


TELLERS: dict[str, Callable[[Teller, Mapping[str, Any]], str | None]] = {
    "LINEUP_ACCEPTED": lambda t, d: t.t(
        "lineup_accepted", player=t.player(d["seat"]), gimmick=t.word(f"gimmick.{d['gimmick']}")
    ),
    "DECK_SHUFFLED": _seat("deck_shuffled"),
    "GAME_PREPARED": lambda t, d: t.t("game_prepared", life=d["lives"][0]),
    "CARDS_DRAWN": _cards_drawn,
    "TURN_STARTED": lambda t, d: t.t("turn_started", turn=d["turn"]),
    "DICE_ROLLED": _dice_rolled,
    "DICE_TIED": lambda t, d: t.t("dice_tied", value=d["values"][0]),
    "DIE_REPORTED": lambda t, d: t.t("die_reported", player=t.player(d["seat"]), face=d["face"]),
    "OVERRIDE_WINDOW_OPENED": _override_window,
    "OVERRIDE_CHOSEN": _seat("override_chosen"),
    "DIE_KEPT": lambda t, d: t.t("die_kept", player=t.player(d["seat"]), value=d["value"]),
    "DIE_OVERRIDDEN": _die_overridden,
    "ROLES_DECIDED": _roles,
    "COST_GAINED": lambda t, d: t.t("cost_gained", pool=d["pool"]),
    "COST_SPENT": lambda t, d: t.t("cost_spent", player=t.player(d["seat"]), amount=d["amount"]),
    "SUPPORT_USED": _seat_card("support_used"),
    "TACTIC_SET": _tactic_set,
    "TACTIC_STEP_ENDED": _seat("step_ended"),
    "LEGEND_DESIGNATED": _seat_legend("legend_designated"),
    "NO_ENTRY": _seat("no_entry"),
    "LEGEND_ENTERED": _legend_entered,
    "ABILITY_TRIGGERED": lambda t, d: t.t(
        "ability_triggered", legend=t.legend(d["legend"]), ability=t.ability(d["ability"])
    ),
    "EFFECT_APPLIED": _effect,
    "LIFE_CHANGED": _life,
    "CARD_MILLED": _seat_card("card_milled"),
    "CARD_SALVAGED": _seat_card("card_salvaged"),
    "CARD_DESTROYED": _seat_card("card_destroyed"),
    "LEGEND_REVIVED": _seat_legend("legend_revived"),
    "TACTIC_ACTIVATED": _window_card("tactic_activated"),
    "WINDOW_PASSED": lambda t, d: t.t(
        "window_passed", player=t.player(d["seat"]), window=t.word(str(d["window"]))
    ),
    "ATTACK_DECLARED": _seat("attack_declared"),
    "ATTACK_SKIPPED": _skipped("attack"),
    "BLOCK_DECLARED": _seat("block_declared"),
    "BLOCK_SKIPPED": _skipped("block"),
    "DAMAGE_CALCULATED": _damage,
    "LEGEND_EXITED": _seat_legend("legend_exited"),
    "COST_LOST": lambda t, d: t.t("cost_lost"),
    "LEGENDS_RETURNED": _returned,
    "TURN_ENDED": lambda t, d: t.t("turn_ended", turn=d["turn"]),
    "GAME_ENDED": _ended,
}


def narrate_for(events: Sequence[Event], lang: str) -> list[str | None]:
    """One line per event (None: not worth telling), from the events alone."""
    teller = Teller(lang)
    return [teller.line(event) for event in events]


def narrate(events: Sequence[Event], lang: str) -> list[str]:
    """The events worth telling, in words."""
    return [line for line in narrate_for(events, lang) if line]


def outcome_line(result: Mapping[str, Any] | None, lang: str) -> str:
    """The end of the game in words (`too_many_actions` when the safety cap stopped it)."""
    if result is None:
        return Teller(lang).t("end.too_many_actions")
    return _ended(Teller(lang), result)
