"""The battle still ahead in the current turn, foreseen without playing it: who fights, the
damage the defender takes and which legend exits. The evaluation adds it to the position,
since a legend designated now fights only after the reveal and one ply of search would
otherwise see no difference between sending the strongest legend and the weakest.

It reads the world it is given (a bot's determinized world: the opponent's designation
there is a guess). A side still to designate is expected to field its hardest-hitting
affordable legend; the attacker attacks; the defender blocks as §10.3's `basic` does (when
its legend is at least as strong, or the hit would be lethal). Abilities still to trigger
this turn count (those changing DV, damage or the block), and so do the tactic cards face
down whose window is still to come, played as `basic` plays them (each that fits the role,
the pool left after the legend's entry, and helps)."""

from __future__ import annotations

from dataclasses import dataclass

from .abilities import fits_role
from .actions import affordable
from .content import starter
from .content_model import Effect
from .lineup import eff_cost
from .state import LeagueState, other

AHEAD = frozenset({"tactic", "entry", "window", "attack_decision", "block_decision"})
"""The stages of a turn whose battle is still to come."""
WINDOWS = ("open", "attack", "clash")
FIRST_WINDOW = {"tactic": 0, "entry": 0, "attack_decision": 1, "block_decision": 2}
"""The first window still to come at a stage outside the windows."""


@dataclass(frozen=True, slots=True)
class Battle:
    damage: int
    """The final damage (F5) the defender takes."""
    burn: tuple[int, int]
    """Per side, the life it loses besides (a counter)."""
    exiting: tuple[str | None, str | None]
    """Per side, the legend that goes to the rest room (F6), if any."""


def fighter(state: LeagueState, side: int) -> str | None:
    """The legend `side` fights with this turn: in the arena, designated, or (its tactic
    step not over) the affordable one of highest DV."""
    player = state.sides[side]
    if player.arena is not None:
        return player.arena
    if player.designated is not None:
        return None if player.designated == "none" else player.designated
    if state.stage != "tactic":
        return None
    legends = starter().legends
    options = affordable(state, side)
    return max(options, key=lambda x: (legends[x].dv, -legends[x].cost)) if options else None


def _pool_left(state: LeagueState, side: int, legend: str | None) -> int:
    """The pool once the side's legend has entered (it pays at entry, R30)."""
    player = state.sides[side]
    if legend is None or player.arena is not None:
        return player.pool
    return player.pool - eff_cost(starter().legends[legend], player.gimmick, state.config)


class _Clash:
    """This turn's modifiers as they will stand, worked on a copy."""

    def __init__(self, state: LeagueState, fighters: tuple[str | None, str | None]) -> None:
        t = state.t
        self.state = state
        self.fighters = fighters
        self.dv = list(t.dv_mod)
        self.bonus = list(t.dmg_bonus)
        self.reduce = list(t.dmg_reduce)
        self.prevented = list(t.block_prevented)
        self.immune = list(t.exit_immune)
        self.burn = [0, 0]
        """Life each side loses outside the attack (a counter)."""
        self.pools = [_pool_left(state, side, fighters[side]) for side in (0, 1)]
        self.blocked: bool | None = None
        """Unknown until the block decision."""

    def fire(self, side: int, trigger: str) -> None:
        """`side`'s legend's abilities with `trigger` (R52: role and silence), applied."""
        state, legend = self.state, self.fighters[side]
        if legend is None or state.t.silenced[side]:
            return
        abilities = starter().abilities
        for ability_id in state.sides[side].abilities(legend):
            ability = abilities[ability_id]
            if ability.trigger != trigger or not fits_role(ability.attribute, side, state):
                continue
            for effect in ability.effects:
                self.apply(side, effect)

    def apply(self, side: int, effect: Effect) -> None:
        op = effect.op
        if op == "dv":
            self.dv[side if effect.side == "self" else other(side)] += effect.amount
        elif op == "dmg_bonus":
            self.bonus[side] += effect.amount
        elif op == "dmg_reduce":
            self.reduce[side] += effect.amount
        elif op == "no_block":
            self.prevented[other(side)] = True
        elif op == "stay":
            self.immune[side] = True
        elif op == "burn":
            self.burn[other(side)] += effect.amount

    def helps(self, side: int, effect: Effect) -> bool:
        """Whether playing the effect now changes the battle for `side` (§10.3's usefulness
        for the ops a battle feels)."""
        op = effect.op
        if op == "stay":
            return self.blocked is True and self.strength(side) <= self.strength(other(side))
        if op == "no_block" or (op == "dv" and effect.side == "opp"):
            return self.fighters[other(side)] is not None
        return op in ("dv", "dmg_bonus", "dmg_reduce", "burn")

    def play_window(self, window: str, sides: tuple[int, ...]) -> None:
        """Each of `sides`, in turn, plays its face-down cards of `window` that help."""
        state = self.state
        cards = starter().cards
        for side in sides:
            if self.fighters[side] is None:
                continue
            role = "attacker" if side == state.attacker else "defender"
            for iid, _ in state.sides[side].zone:
                card = cards[state.cards[iid]]
                price = card.cost if state.config.card_costs_use_pool else 0
                if (
                    card.window == window
                    and card.role in ("any", role)
                    and price <= self.pools[side]
                    and all(self.helps(side, e) for e in card.effects)
                ):
                    self.pools[side] -= price
                    for effect in card.effects:
                        self.apply(side, effect)

    def strength(self, side: int) -> int:
        legend = self.fighters[side]
        return 0 if legend is None else max(0, starter().legends[legend].dv + self.dv[side])


def battle(state: LeagueState) -> Battle | None:
    """The battle ahead this turn, or None when none is (no attack, or already fought)."""
    t = state.t
    attacker = state.attacker
    if attacker is None or state.stage not in AHEAD or t.final_damage is not None:
        return None
    defender = other(attacker)
    fighters = (fighter(state, 0), fighter(state, 1))
    if fighters[attacker] is None or t.attack in ("declined", "none"):
        return None
    clash = _Clash(state, fighters)
    order = (attacker, defender)
    if state.stage == "window":
        first = WINDOWS.index(t.window or "open")
        # The side whose activation turn this is plays on; one that passed is done.
        now = order if t.window_seat == attacker else (defender,)
    else:
        first = FIRST_WINDOW[state.stage]
        now = order

    def window(index: int) -> None:
        if index >= first:
            clash.play_window(WINDOWS[index], now if index == first else order)

    for side in order:
        if state.sides[side].arena is None:
            clash.fire(side, "on_entry")
    window(0)
    if t.attack == "undecided":
        clash.fire(attacker, "on_attack")
        clash.fire(defender, "on_attack")
    window(1)
    hit, guard = clash.strength(attacker), clash.strength(defender)
    if t.block == "undecided":
        lethal = hit + clash.bonus[attacker] - clash.reduce[defender] >= state.sides[defender].life
        blocks = (
            fighters[defender] is not None
            and not clash.prevented[defender]
            and (guard >= hit or lethal)
        )
        trigger = "on_block" if blocks else "on_no_block"
        clash.fire(attacker, trigger)
        clash.fire(defender, trigger)
    else:
        blocks = t.block == "declared"
    clash.blocked = blocks
    window(2)
    hit, guard = clash.strength(attacker), clash.strength(defender)
    raw = max(0, hit - guard) if blocks else hit
    damage = max(0, raw + clash.bonus[attacker] - clash.reduce[defender])
    exiting: list[str | None] = [None, None]
    if blocks:
        if hit <= guard and not clash.immune[attacker]:
            exiting[attacker] = fighters[attacker]
        if guard <= hit and not clash.immune[defender]:
            exiting[defender] = fighters[defender]
    return Battle(damage, (clash.burn[0], clash.burn[1]), (exiting[0], exiting[1]))
