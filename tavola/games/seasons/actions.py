"""Every action of §6 (and `undo`): its arguments, the order of the checks — FINISHED,
GAME_OVER, MODE_ONLY, PROMPT_PENDING, WRONG_PHASE, then the action's own errors — and the
rule it carries out. The caller runs it on a clone, so a refusal changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tavola.core import Action, Event, IllegalAction

from . import adjustments, flow, prompts, scoring
from .catalogue import Card, Catalogue
from .dice import dice_with_face, die_ids, face_index
from .emit import emit
from .errors import CatalogueError
from .faces import FaceError, face_code, parse_face
from .game_cards import catalogue_of
from .messages import Phrase, prompt_phrase, refuse
from .state import SeasonsState

ANSWERS = {
    "name_cards": ("name_cards",),
    "resolve_instruction": ("instruction", "amount"),
    "prelude_assign": ("prelude_assign",),
}
ADJUSTMENTS = frozenset(
    {
        "adjust_dummbot_crystals",
        "dummbot_draw",
        "give_card_to_dummbot",
        "dummbot_remove_from_array",
        "move_season_token",
        "adjust_dummbot_hand_count",
        "human_draw",
    }
)
ROUND_PHASES = {
    "report_dice": "REPORT_DICE",
    "choose_die": "CHOOSE_DIE",
    "end_human_turn": "HUMAN_TURN",
    "end_round": "END_OF_ROUND",
    "report_human_score": "GAME_OVER",
}


@dataclass(frozen=True, slots=True)
class Arg:
    kind: str  # "int", "bool", "str", "names" (list of str), "faces" (2 str), "any"
    required: bool = False
    code: str | None = None
    """The action's own code for a value of the wrong type (else `BAD_ARGUMENT`)."""


ARGS: dict[str, dict[str, Arg]] = {
    "name_cards": {"names": Arg("names", True), "missing": Arg("int"), "force": Arg("bool")},
    "resolve_instruction": {"amount": Arg("int", code="INVALID_AMOUNT")},
    "prelude_assign": {
        name: Arg("int", True, "INVALID_ASSIGNMENT") for name in ("hand", "library2", "library3")
    },
    "add_catalogue_card": {
        "name": Arg("any", True),
        "alias_of": Arg("str"),
        "prestige": Arg("any"),
        "card_type": Arg("any"),
    },
    "report_dice": {"faces": Arg("faces", True)},
    "choose_die": {"index": Arg("int", True, "INVALID_DIE_INDEX")},
    "end_human_turn": {},
    "end_round": {},
    "report_human_score": {
        name: Arg("int", code="INVALID_SCORE") for name in ("crystals", "prestige", "total")
    },
    "adjust_dummbot_crystals": {"delta": Arg("int", True, "INVALID_DELTA")},
    "dummbot_draw": {"n": Arg("int", True, "INVALID_COUNT")},
    "give_card_to_dummbot": {
        "name": Arg("str", True),
        "to": Arg("str", True),
        "force": Arg("bool"),
    },
    "dummbot_remove_from_array": {
        "to": Arg("str", True),
        "filter": Arg("str"),
        "name": Arg("str"),
    },
    "move_season_token": {"delta": Arg("int", True, "INVALID_DELTA")},
    "adjust_dummbot_hand_count": {"delta": Arg("int", True, "INVALID_DELTA")},
    "human_draw": {"n": Arg("int", True, "INVALID_COUNT")},
    "undo": {},
}


def mode_required(state: SeasonsState, kind: str) -> str | None:
    """The mode or setting an action needs, when the game is not in it (`MODE_ONLY`)."""
    cfg = state.config
    if kind in ("prelude_assign", "human_draw") and cfg.mode != "practice":
        return "practice"
    if kind == "name_cards" and cfg.mode != "companion":
        return "companion"
    if kind == "report_dice" and cfg.dice_source != "table_rolls":
        return "table_rolls"
    blind = cfg.mode == "companion" and cfg.hand_tracking == "blind_until_revealed"
    if kind == "adjust_dummbot_hand_count" and not blind:
        return "blind_until_revealed"
    return None


def prompt_allows(state: SeasonsState, kind: str) -> bool:
    """While a prompt is pending: its answer and `add_catalogue_card`; with an instruction
    or amount prompt also the adjustments (R31), except those that run automatic steps of
    their own (a token move, a named draw: DECISIONS)."""
    prompt = state.prompt
    assert prompt is not None
    if kind == "add_catalogue_card" or prompt["kind"] in ANSWERS.get(kind, ()):
        return True
    if prompt["kind"] in ("instruction", "amount") and kind in ADJUSTMENTS:
        return not needs_steps(state, kind)
    return False


def needs_steps(state: SeasonsState, kind: str) -> bool:
    named = state.config.mode == "companion" and state.config.hand_tracking == "named_on_draw"
    return kind == "move_season_token" or (kind == "dummbot_draw" and named)


def phase_allows(state: SeasonsState, kind: str) -> bool:
    if kind == "add_catalogue_card":
        return True
    if kind in ANSWERS:
        return state.prompt is not None
    if kind == "move_season_token":
        return state.phase == "HUMAN_TURN"
    if kind in ADJUSTMENTS:
        return state.phase in ("HUMAN_TURN", "END_OF_ROUND") or state.prompt is not None
    return state.phase == ROUND_PHASES[kind]


def check_order(state: SeasonsState, action: Action) -> None:
    """§6's common checks, in the spec's order (undo is checked on its own, before)."""
    kind = action.type
    if state.phase == "GAME_OVER" and kind != "report_human_score":
        raise refuse("GAME_OVER")
    mode = mode_required(state, kind)
    if mode is not None:
        raise refuse("MODE_ONLY", action=kind, mode=mode)
    if state.prompt is not None and not prompt_allows(state, kind):
        raise refuse("PROMPT_PENDING", prompt=prompt_phrase(state.prompt))
    if not phase_allows(state, kind):
        raise refuse("WRONG_PHASE", action=kind, phase=state.phase)


def arguments(state: SeasonsState, action: Action) -> dict[str, Any]:
    """The action's arguments, checked against `ARGS` (`BAD_ARGUMENT`, or the action's own
    code for a value of the wrong type)."""
    spec = ARGS[action.type]
    given = dict(action.args)
    if unknown := sorted(set(given) - set(spec)):
        detail = Phrase("argument.unknown", {"names": ", ".join(unknown)})
        raise refuse("BAD_ARGUMENT", action=action.type, detail=detail)
    if missing := sorted(n for n, a in spec.items() if a.required and n not in given):
        detail = Phrase("argument.missing", {"names": ", ".join(missing)})
        raise refuse("BAD_ARGUMENT", action=action.type, detail=detail)
    out: dict[str, Any] = {}
    for name, value in given.items():
        arg = spec[name]
        if not _fits(arg.kind, value):
            if arg.code is not None:
                raise _own_type_error(state, action.type, arg.code)
            detail = Phrase(f"argument.{arg.kind}", {"name": name})
            raise refuse("BAD_ARGUMENT", action=action.type, detail=detail)
        out[name] = list(value) if arg.kind in ("names", "faces") else value
    return out


def _fits(kind: str, value: Any) -> bool:
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind in ("names", "faces"):
        ok = isinstance(value, list | tuple) and all(isinstance(v, str) for v in value)
        return ok and (kind == "names" or len(value) == 2)
    return True


def _own_type_error(state: SeasonsState, kind: str, code: str) -> IllegalAction:
    if code == "INVALID_COUNT":
        top = adjustments.HUMAN_DRAW_MAX if kind == "human_draw" else adjustments.DRAW_MAX
        return refuse(code, max=top)
    if code == "INVALID_AMOUNT":
        return refuse(code, n=(state.prompt or {}).get("max", 0))
    if code == "INVALID_DELTA" and kind != "adjust_dummbot_crystals":
        key = "INVALID_DELTA_MOVE" if kind == "move_season_token" else "INVALID_DELTA_HAND"
        return refuse(code, key, unknown=len(adjustments.unknown_cards(state)))
    return refuse(code)


def dispatch(state: SeasonsState, action: Action) -> list[Event]:
    """Checks and applies one action (other than `undo`) on `state`; then resumes the
    automatic steps (R1)."""
    check_order(state, action)
    args = arguments(state, action)
    events: list[Event] = []
    HANDLERS[action.type](state, events, args)
    flow.run(state, events)
    return events


# -- the actions -------------------------------------------------------------------------------

Handler = Callable[[SeasonsState, list[Event], dict[str, Any]], None]


def _name_cards(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    missing = int(args.get("missing", 0))
    if missing < 0:
        count = (state.prompt or {}).get("count")
        raise refuse("WRONG_COUNT", count=count, n=len(args["names"]) + missing)
    prompts.name_cards(state, events, args["names"], missing, bool(args.get("force", False)))


def _resolve(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    prompts.resolve_instruction(state, events, args.get("amount"))


def _prelude(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    prompts.prelude_assign(state, events, args["hand"], args["library2"], args["library3"])


def _add_card(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    """§6.1: this game's catalogue gains the card or alias (the terminal and the page save
    `cards_user.json`: the engine never writes a file, DECISIONS). The spec's `type` is
    `card_type` here: an action's own `type` is its name (DECISIONS)."""
    name, alias_of = args["name"], args.get("alias_of")
    has_card_kind = "prestige" in args or "card_type" in args
    if alias_of is not None and has_card_kind:
        detail = Phrase("argument.both_kinds")
        raise refuse("BAD_ARGUMENT", action="add_catalogue_card", detail=detail)
    catalogue = catalogue_of(state)
    try:
        if alias_of is not None:
            _, added = catalogue.aliased(name, alias_of)
            entry: dict[str, Any] = {"name": added.aliases[-1], "alias_of": added.id}
        else:
            added = _new_card(catalogue, name, args)
            entry = {"name": added.name, "prestige": added.prestige, "type": added.type}
    except CatalogueError as exc:
        raise prompts.catalogue_refusal(exc) from None
    state.user_cards.append(entry)
    emit(state, events, "catalogue_card_added", {"name": entry["name"], "card": added.id})


def _new_card(catalogue: Catalogue, name: Any, args: Mapping[str, Any]) -> Card:
    """The catalogue's own order of refusals: name, duplicate, prestige, type (§6.1); a
    missing prestige is a bad one."""
    prestige: Any = args.get("prestige")
    card_type: Any = args.get("card_type")
    return catalogue.added(name, prestige, card_type)[1]


def report_candidates(state: SeasonsState) -> tuple[str, list[str]]:
    """R5: the season whose dice are reported, and the dice a reported face may be on (in
    id order): the season's five, or the line's two with `rotating_lines`."""
    season = state.dice_season or "winter"
    if state.config.dice_selection == "rotating_lines":
        return season, state.lines[season][:2]
    return season, die_ids(season)


def _report_dice(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    """R5: two faces of the season's dice (of the line's two dice with `rotating_lines`),
    on two different dice: the first valid assignment in die-id order."""
    season, candidates = report_candidates(state)
    faces = []
    for code in args["faces"]:
        try:
            faces.append(parse_face(code))
        except FaceError as exc:
            raise refuse("BAD_FACE_CODE", code=code, reason=exc.reason) from None
    options = []
    for code, face in zip(args["faces"], faces, strict=True):
        on = [d for d in dice_with_face(season, face) if d in candidates]
        if not on:
            if state.config.dice_selection == "rotating_lines":
                first, second = candidates
                raise refuse(
                    "FACE_NOT_ON_SEASON_DICE",
                    "FACE_NOT_ON_LINE_DICE",
                    code=code,
                    first=first,
                    second=second,
                )
            where = Phrase(f"word.season_dice.{season}")
            raise refuse("FACE_NOT_ON_SEASON_DICE", code=code, season=where)
        options.append(sorted(on, key=candidates.index))
    pair = next(((a, b) for a in options[0] for b in options[1] if a != b), None)
    if pair is None:
        raise refuse("SAME_DIE_CONFLICT", die_id=options[0][0])
    state.dice = [
        {"die_id": die, "face_index": face_index(die, face), "face": face_code(face)}
        for die, face in zip(pair, faces, strict=True)
    ]
    emit(
        state,
        events,
        "dice_reported",
        {"dice": [{"die_id": d["die_id"], "face": d["face"]} for d in state.dice]},
    )
    state.phase = "CHOOSE_DIE"


def _choose_die(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    """R6: die `index` to the human, the other to Dummbot."""
    index = args["index"]
    if index not in (0, 1):
        raise refuse("INVALID_DIE_INDEX")
    state.human_die = index
    human, dummbot = state.dice[index], state.dice[1 - index]
    emit(
        state,
        events,
        "die_chosen",
        {
            "human": {"die_id": human["die_id"], "face": human["face"]},
            "dummbot": {"die_id": dummbot["die_id"], "face": dummbot["face"]},
        },
    )
    state.phase = "HUMAN_TURN"


def _end_human_turn(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    """R9–R18."""
    state.phase = "DUMMBOT_TURN"
    state.queue[:0] = flow.end_human_turn_steps(state)


def _end_round(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    """R19–R33."""
    state.queue[:0] = flow.end_round_steps(state)


def _report_score(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    scoring.report_human_score(
        state, events, args.get("crystals"), args.get("prestige"), args.get("total")
    )


def _crystals(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    adjustments.adjust_crystals(state, events, args["delta"])


def _draw(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    adjustments.dummbot_draw(state, events, args["n"])


def _give(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    adjustments.give_card(state, events, args["name"], args["to"], bool(args.get("force", False)))


def _remove(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    adjustments.remove_from_array(
        state, events, args["to"], args.get("filter", "any"), args.get("name")
    )


def _move(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    adjustments.move_season_token(state, events, args["delta"])


def _hand_count(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    adjustments.adjust_hand_count(state, events, args["delta"])


def _human_draw(state: SeasonsState, events: list[Event], args: Mapping[str, Any]) -> None:
    adjustments.human_draw(state, events, args["n"])


HANDLERS: dict[str, Handler] = {
    "name_cards": _name_cards,
    "resolve_instruction": _resolve,
    "prelude_assign": _prelude,
    "add_catalogue_card": _add_card,
    "report_dice": _report_dice,
    "choose_die": _choose_die,
    "end_human_turn": _end_human_turn,
    "end_round": _end_round,
    "report_human_score": _report_score,
    "adjust_dummbot_crystals": _crystals,
    "dummbot_draw": _draw,
    "give_card_to_dummbot": _give,
    "dummbot_remove_from_array": _remove,
    "move_season_token": _move,
    "adjust_dummbot_hand_count": _hand_count,
    "human_draw": _human_draw,
}
