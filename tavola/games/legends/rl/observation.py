"""What a seat sees of Legends of AZ, as a fixed-size float32 vector.

Built only from `game.view(state, Viewer.seat(seat))` and the public catalogue (card
definitions by id), so no hidden information can enter it: another seat's hand, the
deck's order and sealed choices are absent from that view. Seats are relative (0 is the
observer, then the turn order) and cards sit in the slots of `slots`, the same
slots the action encoding names. Card definitions are `cards` vectors (53).

Battle modes (classic, epic), in order:
- global (31): mode one-hot (classic, epic, simplified), phase one-hot (`PHASES`), awaited,
  round/max rounds, turn/100, deck/100, discard/100, equipment window open, attacks
  forgone, actions this turn/100, forgo draws this turn/10, rules (attack stat choice,
  defence stat choice, extra draws per character / per player / off, counter-attacks
  immediate, classic damage ceil), won, draw;
- combat (16): open, defence setup, window, target is an EG, from a counter phase, attack
  value/1000, defence value/1000, defence stat (none, def, mp), parried, plays in the
  window/30, consecutive passes/8, attackers/T, observer eligible, observer has priority;
- main choice (C): which catalogue characters the observer may choose as its main;
- per relative seat (S × (22 + T × 75 + E × 61)): self, teammate, opponent, boss,
  eliminated, permission (good, neutral, evil), hand size/10, sealed, main protected,
  active, counter-attacking, in the counter queue, attacked this turn, table size/T, EGs/E,
  attacking, defending, eligible, priority, awaited; then its table slots (present, main,
  HP/1000, max HP/1000, damage/1000, STR, MP, DEF /100, ready, vulnerable, exhausted,
  asleep, sleep turns left/3, forwent, warded, acted this turn, equipped, targetable,
  attacking, attacked, attacks with MP, modifiers/4, and its card's 53) and EG slots
  (present, phases/10, progress/10, complete, structure/10, hits/10, targetable, attacked,
  and its card's 53);
- own hand slots (H × 54): usable by the seat's permission, and the card's 53;
- revive slots (R × 53): the newest non-main characters of the discard pile.

Simplified mode (Strappacamicia):
- global (31): mode, phase, awaited, reference stat (hp, str, mp, def), clash/max clashes,
  pot/100, war pending, the stat an awaited choice would switch to (4), the table's
  switches (reflip, switch applies next, tied-only wars, shuffled winnings), won, draw;
- per relative seat (S × 117): self, pile/100, out, in the clash, flipped, at war, awaited,
  cards turned this clash/3, the last of them (53); the last clash's card (53), its
  value/1000, won it, tied.

Values are scaled to about [-1, 1] and clipped to ±`BOUND`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..alignments import permits
from ..cards import CharacterCard
from ..catalog import Catalog
from .cards import CARD_FEATURES, CardFeatures
from .slots import EG_SLOTS, HAND_SLOTS, REVIVE_SLOTS, TABLE_SLOTS, relative_seats

H, T, E, R = HAND_SLOTS, TABLE_SLOTS, EG_SLOTS, REVIVE_SLOTS
BOUND = 10.0
MODES = ("classic", "epic", "simplified")
PHASES = (
    "setup_cut",
    "setup_main_choice",
    "setup_formation",
    "main",
    "counter",
    "defence_setup",
    "window",
    "simplified_flip",
    "simplified_choice",
    "game_over",
)
SIDES = ("good", "neutral", "evil")
REFERENCE_STATS = ("hp", "str", "mp", "def")
CHAR_FEATURES = 22 + CARD_FEATURES
EG_FEATURES = 8 + CARD_FEATURES
SEAT_FEATURES = 22 + T * CHAR_FEATURES + E * EG_FEATURES
BATTLE_GLOBAL = 31
COMBAT = 16
SIMPLIFIED_GLOBAL = 31
SIMPLIFIED_SEAT = 8 + CARD_FEATURES + CARD_FEATURES + 3


class _Row:
    """A cursor over the vector being filled, so sections are written in order."""

    __slots__ = ("i", "v")

    def __init__(self, size: int) -> None:
        self.v = np.zeros(size, dtype=np.float32)
        self.i = 0

    def put(self, *values: float) -> None:
        n = len(values)
        self.v[self.i : self.i + n] = values
        self.i += n

    def onehot(self, value: Any, options: Sequence[Any]) -> None:
        if value in options:
            self.v[self.i + options.index(value)] = 1.0
        self.i += len(options)

    def vec(self, values: np.ndarray) -> None:
        n = len(values)
        self.v[self.i : self.i + n] = values
        self.i += n

    def skip(self, n: int) -> None:
        self.i += n


class LegendsObservation:
    """The observation of games with `seats` seats; `main_cards` are the catalogue's
    characters (the main choices), empty in the simplified mode."""

    def __init__(self, seats: int, main_cards: Sequence[str], battle: bool, catalog: Catalog):
        self.seats = seats
        self.main_cards = tuple(main_cards)
        self.battle = battle
        self.catalog = catalog
        self.cards = CardFeatures(catalog)
        if battle:
            self.size = (
                BATTLE_GLOBAL
                + COMBAT
                + len(self.main_cards)
                + seats * SEAT_FEATURES
                + H * (1 + CARD_FEATURES)
                + R * CARD_FEATURES
            )
        else:
            self.size = SIMPLIFIED_GLOBAL + seats * SIMPLIFIED_SEAT

    def __call__(self, view: Mapping[str, Any], seat: str) -> np.ndarray:
        row = _Row(self.size)
        if self.battle:
            self._battle(row, view, seat)
        else:
            self._simplified(row, view, seat)
        assert row.i == self.size, (row.i, self.size)
        return np.clip(row.v, -BOUND, BOUND, out=row.v)

    # -- shared ---------------------------------------------------------------------------

    def _head(self, row: _Row, view: Mapping[str, Any], seat: str) -> None:
        row.onehot(view["mode"], MODES)
        row.onehot(view["phase"], PHASES)
        row.put(float(any(p["seat"] == seat for p in view["pending"])))

    def _result(self, row: _Row, view: Mapping[str, Any], seat: str) -> None:
        result = view["result"]
        if result is None:
            row.skip(2)
        else:
            row.put(float(seat in result["winners"]), float(result["draw"]))

    # -- battles --------------------------------------------------------------------------

    def _battle(self, row: _Row, view: Mapping[str, Any], seat: str) -> None:
        seats = view["seats"]
        order = relative_seats(view["turn_order"], seat)
        rules = view.get("rules", {})
        self._head(row, view, seat)
        row.put(
            view.get("round_no", 0) / max(1, view.get("max_rounds", 1)),
            view.get("turn_no", 0) / 100,
            view["deck_size"] / 100,
            len(view["discard"]) / 100,
            float(view.get("equip_window_open", False)),
            float(view.get("attack_skipped", False)),
            view.get("actions_this_turn", 0) / 100,
            view.get("forgo_draws_this_turn", 0) / 10,
            float(rules.get("attack_stat_rule") == "choice"),
            float(rules.get("defence_stat_rule") == "choice"),
        )
        row.onehot(rules.get("extra_draw_mode"), ("per_character", "per_player", "off"))
        row.put(
            float(rules.get("counter_attack_mode") == "immediate"),
            float(rules.get("classic_damage") == "ceil"),
        )
        self._result(row, view, seat)
        fight = view.get("combat")
        self._combat(row, fight, seat)
        candidates = {c["card_id"] for c in view.get("main_candidates", [])}
        row.put(*(float(c in candidates) for c in self.main_cards))
        me = seats[seat]
        pending = {p["seat"] for p in view["pending"]}
        for other in order:
            self._seat(row, view, fight, seat, other, other in pending, me["team"])
        permission = me.get("permission", "neutral")
        hand = me.get("hand", [])[:H]
        for ref in hand:
            side = self.catalog[ref["card_id"]].side
            row.put(float(permits(permission, side)))
            row.vec(self.cards(ref["card_id"]))
        row.skip((H - len(hand)) * (1 + CARD_FEATURES))
        revive = self._revive(view["discard"])
        for ref in revive:
            row.vec(self.cards(ref["card_id"]))
        row.skip((R - len(revive)) * CARD_FEATURES)

    def _combat(self, row: _Row, fight: Mapping[str, Any] | None, seat: str) -> None:
        if fight is None:
            row.skip(COMBAT)
            return
        row.put(
            1.0,
            float(fight["stage"] == "defence_setup"),
            float(fight["stage"] == "window"),
            float(fight["target_kind"] == "eg"),
            float(fight["origin"] == "counter"),
            fight["attack_value"] / 1000,
            (fight["defence_value"] or 0) / 1000,
        )
        row.onehot(fight["defence_stat"], (None, "def", "mp"))
        row.put(
            float(fight["parried"]),
            fight["plays_in_window"] / 30,
            fight["consecutive_passes"] / 8,
            len(fight["attackers"]) / T,
            float(seat in fight["eligible_seats"]),
            float(fight["priority_seat"] == seat),
        )

    def _seat(
        self,
        row: _Row,
        view: Mapping[str, Any],
        fight: Mapping[str, Any] | None,
        me: str,
        seat: str,
        awaited: bool,
        my_team: str,
    ) -> None:
        info = view["seats"][seat]
        table, egs = info.get("table", []), info.get("egs", [])
        targetable = set(info.get("targetable", []))
        attackers = {a["iid"]: a["stat"] for a in fight["attackers"]} if fight else {}
        attacked = fight["target"] if fight else None
        row.put(
            float(seat == me),
            float(seat != me and info["team"] == my_team),
            float(info["team"] != my_team),
            float(info["kind"] == "auto_boss"),
            float(info.get("eliminated", False)),
        )
        row.onehot(info.get("permission"), SIDES)
        row.put(
            info.get("hand_size", 0) / 10,
            float(info.get("sealed", False)),
            float(info.get("main_protected", False)),
            float(view.get("active_seat") == seat),
            float(view.get("counter_seat") == seat),
            float(seat in view.get("counter_queue", [])),
            float(seat in view.get("attacked_seats_this_turn", [])),
            len(table) / T,
            len(egs) / E,
            float(fight is not None and fight["attacking_seat"] == seat),
            float(fight is not None and fight["defending_seat"] == seat),
            float(fight is not None and seat in fight["eligible_seats"]),
            float(fight is not None and fight["priority_seat"] == seat),
            float(awaited),
        )
        for ch in table[:T]:
            iid = ch["iid"]
            row.put(
                1.0,
                float(ch["is_main"]),
                ch["hp"] / 1000,
                ch["max_hp"] / 1000,
                ch["damage"] / 1000,
                ch["str"] / 100,
                ch["mp"] / 100,
                ch["def"] / 100,
                float(ch["ready"]),
                float(ch["vulnerable"]),
                float(ch["exhausted"]),
                float(ch["asleep"]),
                ch["sleep_remaining"] / 3,
                float(ch["forwent"]),
                float(ch["warded"]),
                float(ch["acted_this_turn"]),
                float(ch["equipment"] is not None),
                float(iid in targetable),
                float(iid in attackers),
                float(iid == attacked),
                float(attackers.get(iid) == "mp"),
                len(ch["modifiers"]) / 4,
            )
            row.vec(self.cards(ch["card_id"]))
        row.skip((T - min(len(table), T)) * CHAR_FEATURES)
        for eg in egs[:E]:
            row.put(
                1.0,
                eg["phases"] / 10,
                eg["progress"] / 10,
                float(eg["complete"]),
                eg["structure"] / 10,
                eg["hits_taken"] / 10,
                float(eg["iid"] in targetable),
                float(eg["iid"] == attacked),
            )
            row.vec(self.cards(eg["card_id"]))
        row.skip((E - min(len(egs), E)) * EG_FEATURES)

    def _revive(self, discard: Sequence[Mapping[str, str]]) -> list[Mapping[str, str]]:
        """The revive slots, from the public discard pile (as `slots.revive_cards`)."""
        found: list[Mapping[str, str]] = []
        for ref in reversed(discard):
            card = self.catalog[ref["card_id"]]
            if isinstance(card, CharacterCard) and not ref["iid"].startswith("m"):
                found.append(ref)
                if len(found) == R:
                    break
        return found

    # -- the simplified mode ----------------------------------------------------------------

    def _simplified(self, row: _Row, view: Mapping[str, Any], seat: str) -> None:
        order = relative_seats(view["turn_order"], seat)
        mine: Mapping[str, Any] = next((p for p in view["pending"] if p["seat"] == seat), {})
        options = view.get("simplified", {})
        clash = view.get("clash")
        last = view.get("last_clash")
        war = view.get("war_seats")
        self._head(row, view, seat)
        row.onehot(view.get("reference_stat"), REFERENCE_STATS)
        row.put(
            view.get("clash_no", 0) / max(1, view.get("max_clashes", 1)),
            len(view.get("pot", [])) / 100,
            float(war is not None),
        )
        row.onehot(mine.get("switch_to"), REFERENCE_STATS)
        row.put(
            float(options.get("special_card_value") == "reflip"),
            float(options.get("switch_applies") == "next"),
            float(options.get("war_participants") == "tied_only"),
            float(options.get("shuffle_winnings", False)),
        )
        self._result(row, view, seat)
        pending = {p["seat"] for p in view["pending"]}
        for other in order:
            info = view["seats"][other]
            turned = clash["cards"].get(other, []) if clash else []
            row.put(
                float(other == seat),
                info.get("pile_size", 0) / 100,
                float(info.get("out", False)),
                float(clash is not None and other in clash["participants"]),
                float(clash is not None and other in clash["submitted"]),
                float(war is not None and other in war),
                float(other in pending),
                len(turned) / 3,
            )
            self._card(row, turned[-1]["card_id"] if turned else None)
            shown = last["cards"].get(other, []) if last else []
            self._card(row, shown[-1]["card_id"] if shown else None)
            if last is not None and other in last["values"]:
                row.put(
                    last["values"][other] / 1000,
                    float(last["winner"] == other),
                    float(other in last["tied"]),
                )
            else:
                row.skip(3)

    def _card(self, row: _Row, card_id: str | None) -> None:
        if card_id is None:
            row.skip(CARD_FEATURES)
        else:
            row.vec(self.cards(card_id))
