"""The turn's flow (§4 steps 3–6, §5 R7–R47): automatic steps run one after another until
the game awaits someone (`awaiting`) or ends. Queued effects and abilities always resolve
before the flow moves on; a draw instruction may stop for Purgatory's question (D19)."""

from __future__ import annotations

from collections.abc import Callable

from tavola.core import Event

from .abilities import resolve_ability, trigger_arena, triggered
from .content import starter
from .dice import die_value, override_value, scripted_or_random_face
from .effects import apply_effect, change_life, draw_cards, end_game, seat_of
from .lineup import eff_cost
from .state import LeagueState, Turn, other

WINDOW_NEXT = {"open": "attack_decision", "attack": "block_decision", "clash": "damage"}


NOBODY: frozenset[int | str] = frozenset()
ONE: dict[int | str | None, frozenset[int | str]] = {
    0: frozenset({0}),
    1: frozenset({1}),
    "referee": frozenset({"referee"}),
}
"""`awaiting`'s answers for one side, made once: the flow asks at every step."""


def awaiting(state: LeagueState) -> frozenset[int | str]:
    """Whose input the flow waits for now: side indices, or "referee" (`report_die`)."""
    if state.result is not None:
        return NOBODY
    if state.prompt is not None:
        return ONE[state.prompt["seat"]]
    if state.queue:
        return NOBODY
    stage, sides = state.stage, state.sides
    if stage == "tactic":
        assert state.actor is not None
        return ONE[state.actor]
    if stage == "window":
        assert state.t.window_seat is not None
        return ONE[state.t.window_seat]
    if stage == "lineup":
        return frozenset(i for i, s in enumerate(sides) if s.lineup is None)
    if stage == "override":
        return frozenset(
            i for i, s in enumerate(sides) if s.sealed is not None and s.sealed["choice"] is None
        )
    if stage == "report_die":
        return ONE["referee"]
    if stage == "attack_decision" and attack_possible(state):
        assert state.attacker is not None
        return ONE[state.attacker]
    if stage == "block_decision" and block_possible(state) is None:
        assert state.defender is not None
        return ONE[state.defender]
    return NOBODY


def attack_possible(state: LeagueState) -> bool:
    """R33: an attacker with a legend in the arena decides."""
    assert state.attacker is not None
    return state.sides[state.attacker].arena is not None


def block_possible(state: LeagueState) -> str | None:
    """R36: None when the defender decides, else why the block is skipped."""
    defender = state.defender
    assert defender is not None
    if state.sides[defender].arena is None:
        return "no_legend"
    if state.t.block_prevented[defender]:
        return "prevented"
    return None


def advance(state: LeagueState, events: list[Event]) -> None:
    """Runs the flow until someone must act or the game is over."""
    while state.result is None:
        if state.prompt is not None:
            return
        if state.queue:
            _resolve_next(state, events)
            continue
        if awaiting(state):
            return
        STEPS[state.stage](state, events)


def _resolve_next(state: LeagueState, events: list[Event]) -> None:
    item = state.queue[0]
    if item["kind"] == "draw":
        side = item["owner"]
        purgatory = state.sides[side].gimmick == "purgatory"
        if purgatory and state.config.purgatory_optional and "extra" not in item:
            state.prompt = {"kind": "take_extra", "seat": side}
            return
        state.queue.pop(0)
        draw_cards(state, side, item["n"], purgatory and item.get("extra", True), events)
    elif item["kind"] == "ability":
        state.queue.pop(0)
        resolve_ability(state, item, events)
    elif item["kind"] == "discard":
        # R25, R50: a played card reaches the discard pile once its effects are resolved.
        state.queue.pop(0)
        state.sides[item["owner"]].discard.append(item["card"])
    else:
        state.queue.pop(0)
        apply_effect(state, item, events)


def draw_instruction(state: LeagueState, side: int, n: int) -> None:
    state.queue.append({"kind": "draw", "owner": side, "n": n})


# -- game preparation (§4 steps 3–6, R11, R12)


def prepare(state: LeagueState, events: list[Event]) -> None:
    """Card instances, shuffles, rooms, lives; then each seat's initial hand (seat 0 first)."""
    # A new mapping, not an update: clones share `cards` (fixed from here on), so filling
    # the one a clone shares would change its original.
    cards = dict(state.cards)
    for side, player in enumerate(state.sides):
        assert player.lineup is not None
        ids = [f"{side}-{k:02d}" for k in range(len(player.lineup.deck))]
        cards.update(zip(ids, player.lineup.deck, strict=True))
        player.deck = ids
    state.cards = cards
    if state.config.shuffle_decks:
        for side, player in enumerate(state.sides):
            state.rng.shuffle(player.deck)
            events.append(Event("DECK_SHUFFLED", {"seat": seat_of(side)}))
    for player in state.sides:
        assert player.lineup is not None
        player.waiting = [e.legend_id for e in player.lineup.team]
        player.life = state.config.life_start
        player.uses = state.config.override_uses
        if state.config.open_teams:
            player.revealed = list(player.waiting)
    events.append(Event("GAME_PREPARED", {"lives": [p.life for p in state.sides]}))
    for side in (0, 1):
        draw_instruction(state, side, state.config.initial_hand)
    state.stage = "turn_start"


# -- turn start and cost step (R13–R20)


def turn_start(state: LeagueState, events: list[Event]) -> None:
    """R13: the next turn, then V3, V2 and the turn cap (V5), in that order."""
    state.turn_no += 1
    state.t = Turn()
    state.attacker = None
    for player in state.sides:
        player.die = None
    events.append(Event("TURN_STARTED", {"turn": state.turn_no}))
    empty = [not p.waiting for p in state.sides]
    lives = [p.life for p in state.sides]
    if all(empty):
        end_game(state, _more_life(lives), "both_out_life", events)
    elif any(empty):
        end_game(state, empty.index(False), "no_legends", events)
    elif state.turn_no > state.config.max_turns:
        end_game(state, _more_life(lives), "turn_cap", events)
    else:
        state.stage = "roll"


def _more_life(lives: list[int]) -> int | None:
    if lives[0] == lives[1]:
        return None
    return 0 if lives[0] > lives[1] else 1


def roll(state: LeagueState, events: list[Event]) -> None:
    """R14, R15: both dice (seat 0 first); a tie rolls again, up to the cap, then a coin."""
    turn = state.t
    for side in (0, 1):
        if turn.faces[side] is None:
            face = scripted_or_random_face(state)
            if face is None:
                state.stage = "report_die"
                return
            turn.faces[side] = face
    faces = [int(f) for f in turn.faces if f is not None]
    values = [die_value(state, side, faces[side]) for side in (0, 1)]
    for side in (0, 1):
        state.sides[side].die = values[side]
    turn.faces = [None, None]
    events.append(Event("DICE_ROLLED", {"faces": faces, "values": values}))
    if values[0] != values[1]:
        state.stage = "override_open"
        return
    events.append(Event("DICE_TIED", {"values": values}))
    turn.tie_rolls += 1
    if turn.tie_rolls >= state.config.max_tie_rerolls:
        _decide_roles(state, state.rng.below(2), "coin", events)


def override_open(state: LeagueState, events: list[Event]) -> None:
    """R16: the eligible seats (a use left and a card in hand) choose, sealed."""
    eligible = [side for side, p in enumerate(state.sides) if p.uses >= 1 and len(p.hand) >= 1]
    if not eligible:
        state.stage = "roles"
        return
    for side in eligible:
        state.sides[side].sealed = {"kind": "override", "choice": None}
    events.append(Event("OVERRIDE_WINDOW_OPENED", {"eligible": [seat_of(s) for s in eligible]}))
    state.stage = "override"


def reveal_overrides(state: LeagueState, events: list[Event]) -> None:
    """R17, R18: every choice revealed together, seat 0's first; a tie rolls again."""
    for side, player in enumerate(state.sides):
        sealed, player.sealed = player.sealed, None
        if sealed is None:
            continue
        choice = sealed["choice"]
        if choice["type"] == "keep_die":
            events.append(Event("DIE_KEPT", {"seat": seat_of(side), "value": player.die}))
            continue
        card = choice["card"]
        player.hand.remove(card)
        player.discard.append(card)
        player.expose(card)
        cost = starter().cards[state.cards[card]].cost
        player.die = override_value(state, side, cost)
        player.uses -= 1
        events.append(
            Event(
                "DIE_OVERRIDDEN",
                {
                    "seat": seat_of(side),
                    "card": card,
                    "card_id": state.cards[card],
                    "value": player.die,
                    "uses_left": player.uses,
                },
            )
        )
    dice = [p.die for p in state.sides]
    if dice[0] == dice[1]:
        events.append(Event("DICE_TIED", {"values": dice}))
        state.stage = "roll"
    else:
        state.stage = "roles"


def roles(state: LeagueState, events: list[Event]) -> None:
    dice = [int(p.die or 0) for p in state.sides]
    _decide_roles(state, 0 if dice[0] > dice[1] else 1, "dice", events)


def _decide_roles(state: LeagueState, attacker: int, by: str, events: list[Event]) -> None:
    """R19: the higher die attacks; pending die modifiers are spent (R61)."""
    state.attacker = attacker
    for player in state.sides:
        player.pending_die_mod = 0
    events.append(
        Event(
            "ROLES_DECIDED",
            {"attacker": seat_of(attacker), "defender": seat_of(other(attacker)), "by": by},
        )
    )
    state.stage = "cost"


def cost_step(state: LeagueState, events: list[Event]) -> None:
    """R20: each pool is the sum of both final dice."""
    total = sum(int(p.die or 0) for p in state.sides)
    for player in state.sides:
        player.pool = total
    events.append(Event("COST_GAINED", {"pool": total}))
    state.stage = "draw"


# -- draw and tactic phases (R21–R29)


def draw_phase(state: LeagueState, events: list[Event]) -> None:
    """R21: the attacker's draw instruction of 1 card, then the defender's."""
    assert state.attacker is not None
    draw_instruction(state, state.attacker, 1)
    draw_instruction(state, other(state.attacker), 1)
    state.stage = "tactic"
    state.actor = state.attacker


def end_tactic_step(state: LeagueState) -> None:
    """R23: the attacker's step ends, then the defender's; then entry."""
    if state.actor == state.attacker:
        state.actor = state.defender
    else:
        state.actor = None
        state.stage = "entry"


# -- entry and battle (R30–R40)


def entry(state: LeagueState, events: list[Event]) -> None:
    """R30, R31: attacker's legend enters, then the defender's; then `on_entry`."""
    assert state.attacker is not None
    legends = starter().legends
    for side in (state.attacker, other(state.attacker)):
        player = state.sides[side]
        legend_id = player.designated
        if legend_id is None or legend_id == "none":
            events.append(Event("NO_ENTRY", {"seat": seat_of(side)}))
            continue
        cost = eff_cost(legends[legend_id], player.gimmick, state.config)
        player.waiting.remove(legend_id)
        player.arena = legend_id
        player.pool -= cost
        if legend_id not in player.revealed:
            player.revealed.append(legend_id)
        events.append(
            Event(
                "LEGEND_ENTERED",
                {
                    "seat": seat_of(side),
                    "legend": legend_id,
                    "abilities": list(player.abilities(legend_id)),
                    "cost": cost,
                },
            )
        )
    trigger_arena(state, "on_entry")
    open_window(state, "open")


def open_window(state: LeagueState, window: str) -> None:
    """R48, R49: the attacker's activation turn, then the defender's; a player without a
    face-down card is skipped silently."""
    assert state.attacker is not None
    state.t.window = window
    for side in (state.attacker, other(state.attacker)):
        if state.sides[side].zone:
            state.t.window_seat = side
            state.stage = "window"
            return
    close_window(state)


def close_window(state: LeagueState) -> None:
    window = state.t.window
    assert window is not None
    state.t.window = None
    state.t.window_seat = None
    state.stage = WINDOW_NEXT[window]


def pass_window(state: LeagueState, side: int) -> None:
    """R48: after the attacker's turn comes the defender's (if it has a face-down card)."""
    defender = state.defender
    if side == state.attacker and defender is not None and state.sides[defender].zone:
        state.t.window_seat = defender
    else:
        close_window(state)


def attack_decision(state: LeagueState, events: list[Event]) -> None:
    """R33, R34: no legend in the attacker's arena, no attack."""
    state.t.attack = "none"
    events.append(Event("ATTACK_SKIPPED", {"reason": "no_legend"}))
    state.stage = "turn_end"


def declare_attack(state: LeagueState, events: list[Event]) -> None:
    """R35: `on_attack` abilities, then window `attack`."""
    state.t.attack = "declared"
    events.append(Event("ATTACK_DECLARED", {"seat": seat_of(state.attacker or 0)}))
    trigger_arena(state, "on_attack")
    open_window(state, "attack")


def block_decision(state: LeagueState, events: list[Event]) -> None:
    """R36: the block skipped (no legend, or prevented)."""
    reason = block_possible(state)
    assert reason is not None
    state.t.block = "prevented" if reason == "prevented" else "none"
    events.append(Event("BLOCK_SKIPPED", {"reason": reason}))
    after_block(state)


def after_block(state: LeagueState) -> None:
    """R37: `on_block` or `on_no_block`, then window `clash`."""
    trigger_arena(state, "on_block" if state.t.block == "declared" else "on_no_block")
    open_window(state, "clash")


def effective_dv(state: LeagueState, side: int) -> int:
    """F4: `max(0, dv + dv_mod[side])` of the side's legend in the arena (0 without one)."""
    legend_id = state.sides[side].arena
    if legend_id is None:
        return 0
    return max(0, starter().legends[legend_id].dv + state.t.dv_mod[side])


def damage(state: LeagueState, events: list[Event]) -> None:
    """R38, R39, F5: the final damage, the defender's life, then `after_damage`."""
    attacker = state.attacker
    assert attacker is not None
    defender = other(attacker)
    turn = state.t
    e_att, e_def = effective_dv(state, attacker), effective_dv(state, defender)
    blocked = turn.block == "declared"
    raw = max(0, e_att - e_def) if blocked else e_att
    final = max(0, raw + turn.dmg_bonus[attacker] - turn.dmg_reduce[defender])
    turn.final_damage = final
    events.append(
        Event(
            "DAMAGE_CALCULATED",
            {"e_att": e_att, "e_def": e_def, "blocked": blocked, "raw": raw, "final": final},
        )
    )
    if final:
        change_life(state, defender, -final, events)
        if state.result is not None:
            return
    trigger_arena(state, "after_damage")
    state.stage = "exit"


# -- exit and turn end (R41–R47)


def exit_phase(state: LeagueState, events: list[Event]) -> None:
    """R41, R42, F6: only after an attack and a block; the lower effective DV exits, both on
    a tie, except an `exit_immune` side. The attacker's legend moves first (R43)."""
    turn = state.t
    attacker = state.attacker
    assert attacker is not None
    if turn.attack != "declared" or turn.block != "declared":
        state.stage = "turn_end"
        return
    defender = other(attacker)
    e_att, e_def = effective_dv(state, attacker), effective_dv(state, defender)
    exiting = [False, False]
    exiting[attacker] = e_att <= e_def and not turn.exit_immune[attacker]
    exiting[defender] = e_att >= e_def and not turn.exit_immune[defender]
    turn.exiting = exiting
    _exit(state, attacker, events)
    state.stage = "exit_defender"


def _exit(state: LeagueState, side: int, events: list[Event]) -> None:
    """R43: the legend moves to the rest room, then its `on_exit_self` abilities."""
    if not state.t.exiting[side]:
        return
    player = state.sides[side]
    legend_id = player.arena
    assert legend_id is not None
    player.arena = None
    player.rest.append(legend_id)
    events.append(Event("LEGEND_EXITED", {"seat": seat_of(side), "legend": legend_id}))
    state.queue.extend(triggered(state, side, legend_id, "on_exit_self", in_arena=False))


def exit_defender(state: LeagueState, events: list[Event]) -> None:
    assert state.defender is not None
    _exit(state, state.defender, events)
    state.stage = "after_exit"


def after_exit(state: LeagueState, events: list[Event]) -> None:
    """R43: `after_exit` abilities of the legends still in the arena."""
    trigger_arena(state, "after_exit")
    state.stage = "turn_end"


def turn_end(state: LeagueState, events: list[Event]) -> None:
    """R44: `on_turn_end` abilities of the legends in the arena."""
    trigger_arena(state, "on_turn_end")
    state.stage = "turn_end_reset"


def turn_end_reset(state: LeagueState, events: list[Event]) -> None:
    """R45–R47: pools to 0, arena legends back to the waiting rooms, modifiers and
    designations cleared."""
    events.append(Event("COST_LOST", {"pools": [p.pool for p in state.sides]}))
    returned: list[list[str]] = []
    for side, player in enumerate(state.sides):
        player.pool = 0
        player.designated = None
        if player.arena is not None:
            player.waiting.append(player.arena)
            returned.append([seat_of(side), player.arena])
            player.arena = None
    events.append(Event("LEGENDS_RETURNED", {"legends": returned}))
    events.append(Event("TURN_ENDED", {"turn": state.turn_no}))
    state.t = Turn()
    state.stage = "turn_start"


STEPS: dict[str, Callable[[LeagueState, list[Event]], None]] = {
    "prepare": prepare,
    "turn_start": turn_start,
    "roll": roll,
    "override_open": override_open,
    "roles": roles,
    "cost": cost_step,
    "draw": draw_phase,
    "entry": entry,
    "attack_decision": attack_decision,
    "block_decision": block_decision,
    "damage": damage,
    "exit": exit_phase,
    "exit_defender": exit_defender,
    "after_exit": after_exit,
    "turn_end": turn_end,
    "turn_end_reset": turn_end_reset,
}
