"""A new game (§4): the config checked, the practice pile built and shuffled (step 3), the
dice lines shuffled (step 4), then the prelude (steps 5–7) up to its first input. A blind
companion game has none and goes straight on to round 1 (R2).

`setup` (scenarios and tests, docs/scenarios.md "Seasons solo") may fix the position
instead: the calendar, the dice already rolled, Dummbot's side, the piles, the lines, the
familiar table and a chance script. Card instances are numbered in the order cards are
created: the pile (given or built), then Dummbot's hand, array, the discard pile and the
human's cards, each in the order listed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from tavola.core import ConfigError, Event, Rng

from . import chance, flow
from .catalogue import Catalogue
from .config import parse_config
from .dice import SEASONS, dice_with_face, die_ids, face_at, face_index, season_of
from .errors import CatalogueError
from .faces import FaceError, face_code, parse_face
from .game_cards import catalogue_of, check_familiar_records
from .prompts import deal_prelude
from .state import UNKNOWN, SeasonsState
from .steps import open_prompt

PRELUDE_CARDS = 6
SETUP_KEYS = frozenset(
    {
        "month",
        "year",
        "max_year_reached",
        "round",
        "phase",
        "dice",
        "human_die",
        "dummbot_face",
        "human_face",
        "advanced_from",
        "dummbot",
        "deck",
        "discard",
        "seen",
        "human_cards",
        "lines",
        "skip_prelude",
        "rng",
        "samples",
        "familiar_effects",
        "ended_by_cap",
    }
)
SET_PHASES = ("REPORT_DICE", "CHOOSE_DIE", "HUMAN_TURN", "END_OF_ROUND", "GAME_OVER")
POOLS = {"base_1_30": 30, "base_1_50": 50}


def bad_setup(key: str, reason: str) -> ConfigError:
    return ConfigError("SETUP_INVALID", f"SETUP_INVALID: {key}: {reason}", field=f"setup.{key}")


def new_state(
    config: Mapping[str, Any] | BaseModel, seed: int, setup: Mapping[str, Any] | None = None
) -> SeasonsState:
    cfg = parse_config(config)  # §4 step 1 (the content files load with the package)
    state = SeasonsState(config=cfg, rng=Rng(seed))
    given = dict(setup or {})
    if unknown := sorted(set(given) - SETUP_KEYS):
        raise bad_setup(unknown[0], "not a setup key of Seasons")
    catalogue = catalogue_of(state)
    events: list[Event] = []
    if cfg.mode == "practice":  # §4 step 3
        if "deck" in given:
            state.deck = _instances(state, catalogue, given["deck"], "deck")
        else:
            state.deck = _pool(state, catalogue)
            chance.shuffle(state, state.deck)
    elif "deck" in given:
        raise bad_setup("deck", "the draw pile exists in practice mode only")
    if cfg.dice_selection == "rotating_lines":  # §4 step 4
        lines = given.get("lines", {})
        if not isinstance(lines, Mapping) or set(lines) - set(SEASONS):
            raise bad_setup("lines", "a table {season: [5 die ids]}")
        for season in SEASONS:
            ids = die_ids(season)
            if season in lines:
                line = list(lines[season])
                if sorted(line) != ids:
                    raise bad_setup("lines", f"{season} needs {', '.join(ids)} in some order")
                state.lines[season] = line
            else:
                chance.shuffle(state, ids)
                state.lines[season] = ids
    elif "lines" in given:
        raise bad_setup("lines", "dice lines need dice_selection = rotating_lines")
    _position(state, catalogue, given)
    if _positioned(given):
        _start_position(state, given)
    else:
        _prelude(state, events)
    flow.run(state, events)
    state.opening = events
    return state


def _pool(state: SeasonsState, catalogue: Catalogue) -> list[str]:
    """§4 step 3: `copies` of each card of the pool, in catalogue order."""
    top = POOLS.get(state.config.card_pool)
    deck: list[str] = []
    for card in catalogue:
        if top is not None and not (card.set == "base" and card.number and card.number <= top):
            continue
        deck.extend(state.new_instance(card.id) for _ in range(card.copies))
    return deck


def _prelude(state: SeasonsState, events: list[Event]) -> None:
    """§4 steps 5–7."""
    cfg = state.config
    if cfg.mode == "practice":
        deal_prelude(state, events, 1)
    elif cfg.hand_tracking == "named_on_draw":
        open_prompt(
            state, events, {"kind": "name_cards", "purpose": "prelude", "count": PRELUDE_CARDS}
        )
        state.queue.append({"step": "prelude_done"})
    else:
        state.dummbot.hand = [state.new_instance(UNKNOWN) for _ in range(PRELUDE_CARDS)]
        state.queue.append({"step": "prelude_done"})


def _positioned(given: Mapping[str, Any]) -> bool:
    return any(k in given for k in ("skip_prelude", "phase", "dice", "dummbot_face"))


# -- the position ------------------------------------------------------------------------------


def _position(state: SeasonsState, catalogue: Catalogue, given: Mapping[str, Any]) -> None:
    """Calendar, Dummbot, piles, familiar table and chance script."""
    state.month = _int(given, "month", 1, 1, 12)
    state.year = _int(given, "year", 1, 1, 4)
    state.max_year_reached = _int(given, "max_year_reached", state.year, 1, 4)
    dummbot = given.get("dummbot", {})
    if not isinstance(dummbot, Mapping) or set(dummbot) - {
        "crystals",
        "hand",
        "array",
        "recurring",
    }:
        raise bad_setup("dummbot", "a table with crystals, hand, array, recurring")
    state.dummbot.crystals = _int(dummbot, "crystals", 0, 0, 10**6, where="dummbot.crystals")
    state.dummbot.hand = _instances(
        state, catalogue, dummbot.get("hand", []), "dummbot.hand", blind=True
    )
    state.dummbot.array = _instances(state, catalogue, dummbot.get("array", []), "dummbot.array")
    state.dummbot.recurring = _matched(
        state, catalogue, dummbot.get("recurring", []), state.dummbot.array, "dummbot.recurring"
    )
    state.discard = _instances(state, catalogue, given.get("discard", []), "discard")
    cards = given.get("human_cards", [])
    if cards and state.config.mode != "practice":
        raise bad_setup("human_cards", "the human's cards are tracked in practice mode only")
    state.human_cards = _instances(state, catalogue, cards, "human_cards")
    state.seen = _matched(state, catalogue, given.get("seen", []), state.dummbot.hand, "seen")
    records = given.get("familiar_effects", [])
    if not isinstance(records, list):
        raise bad_setup("familiar_effects", "a list of familiar records (§3.4)")
    if problems := check_familiar_records(records, catalogue):
        raise bad_setup("familiar_effects", "; ".join(problems))
    state.familiar_records = [dict(r) for r in records]
    script = given.get("rng", [])
    if not isinstance(script, list) or not all(_is_int(v) and v >= 0 for v in script):
        raise bad_setup("rng", "a list of whole numbers ≥ 0 (forced randrange results)")
    state.script_rng = list(script)
    samples = given.get("samples", [])
    if not isinstance(samples, list) or not all(isinstance(s, list) for s in samples):
        raise bad_setup("samples", "a list of lists of card names")
    state.script_samples = [[_card_id(catalogue, c, "samples") for c in s] for s in samples]
    state.ended_by_cap = bool(given.get("ended_by_cap", False))


def _start_position(state: SeasonsState, given: Mapping[str, Any]) -> None:
    """The phase the setup asks for; without one, round 1 (or `round`) starts as R2 says."""
    cfg = state.config
    phase = given.get("phase")
    has_dice = "dice" in given or "dummbot_face" in given
    if phase is not None and phase not in SET_PHASES:
        raise bad_setup("phase", f"one of {', '.join(SET_PHASES)}")
    if phase == "REPORT_DICE" and cfg.dice_source != "table_rolls":
        raise bad_setup("phase", "REPORT_DICE needs dice_source = table_rolls")
    if phase in (None, "CHOOSE_DIE", "REPORT_DICE") and not has_dice:
        # The round starts as R2–R5 say: its dice rolled (or awaited) with the script.
        state.round = _int(given, "round", 1, 1, cfg.max_rounds) - 1
        state.queue.append({"step": "start_round"})
        return
    if phase is None:
        phase = "HUMAN_TURN" if "human_die" in given or "dummbot_face" in given else "CHOOSE_DIE"
    state.phase = str(phase)
    state.round = _int(given, "round", 1, 1, cfg.max_rounds)
    state.dice_season = season_of(state.month)
    if phase == "GAME_OVER":
        return
    if phase == "END_OF_ROUND" and "advanced_from" in given:
        start = _int(given, "advanced_from", 1, 1, 12)
        year = state.year - 1 if start > state.month else state.year
        state.advance = {
            "from_month": start,
            "from_year": year,
            "to_month": state.month,
            "to_year": state.year,
        }
    if phase == "END_OF_ROUND" and not has_dice:
        return  # the round's dice are spent: end_round needs none
    _set_dice(state, given)
    if phase in ("HUMAN_TURN", "END_OF_ROUND") and state.human_die is None:
        raise bad_setup("human_die", f"{phase} needs the human's die (0 or 1)")
    state.pending_year_end = phase == "HUMAN_TURN" and state.year >= 4


def _set_dice(state: SeasonsState, given: Mapping[str, Any]) -> None:
    if "dummbot_face" in given:
        dummbot = _die(state, given["dummbot_face"], [], "dummbot_face")
        if "human_face" in given:
            human = _die(state, given["human_face"], [dummbot["die_id"]], "human_face")
        else:
            other = next(
                d for d in die_ids(state.dice_season or "winter") if d != dummbot["die_id"]
            )
            human = {"die_id": other, "face_index": 1, "face": face_code(face_at(other, 1))}
        state.dice, state.human_die = [human, dummbot], 0
        return
    entries = given.get("dice")
    if entries is None:
        raise bad_setup("dice", "this phase needs the two dice rolled")
    if not isinstance(entries, list) or len(entries) != 2:
        raise bad_setup("dice", "two dice: face codes or {die_id, face} tables")
    first = _die(state, entries[0], [], "dice")
    state.dice = [first, _die(state, entries[1], [first["die_id"]], "dice")]
    if "human_die" in given:
        human_die = given["human_die"]
        if human_die not in (0, 1) or isinstance(human_die, bool):
            raise bad_setup("human_die", "0 or 1")
        state.human_die = int(human_die)


def _die(state: SeasonsState, entry: Any, taken: list[str], key: str) -> dict[str, Any]:
    """A die from a face code (its die: the first of the season's dice, then of any
    season's, showing it and not taken) or `{die_id, face}` / `{die_id, face_index}`."""
    if isinstance(entry, str):
        code, die_id = entry, None
    elif isinstance(entry, Mapping) and "die_id" in entry:
        die_id = str(entry["die_id"])
        if "face_index" in entry:
            index = entry["face_index"]
            if not _is_int(index) or not 1 <= index <= 6:
                raise bad_setup(key, "face_index is 1 to 6")
            try:
                face = face_at(die_id, index)
            except (KeyError, IndexError):
                raise bad_setup(key, f"no die {die_id}") from None
            return {"die_id": die_id, "face_index": index, "face": face_code(face)}
        code = str(entry.get("face", ""))
    else:
        raise bad_setup(key, "a face code or a table {die_id, face}")
    try:
        face = parse_face(code)
    except FaceError as exc:
        raise bad_setup(key, f"{code}: {exc.reason}") from None
    season = state.dice_season or season_of(state.month)
    order = [season, *(s for s in SEASONS if s != season)]
    options = [d for s in order for d in dice_with_face(s, face) if d not in taken]
    if die_id is not None:
        options = [d for d in options if d == die_id]
    if not options:
        raise bad_setup(key, f"{code} is on no free die" + (f" {die_id}" if die_id else ""))
    chosen = options[0]
    return {"die_id": chosen, "face_index": face_index(chosen, face), "face": face_code(face)}


# -- values ------------------------------------------------------------------------------------


def _int(
    data: Mapping[str, Any], key: str, default: int, low: int, high: int, *, where: str = ""
) -> int:
    value = data.get(key, default)
    if not _is_int(value) or not low <= value <= high:
        raise bad_setup(where or key, f"a whole number from {low} to {high}")
    return int(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _card_id(catalogue: Catalogue, value: Any, key: str, *, blind: bool = False) -> str:
    """A card named by catalogue id or by name (or `unknown`, for a blind hand card)."""
    if not isinstance(value, str):
        raise bad_setup(key, f"{value!r} is not a card name")
    if blind and value == UNKNOWN:
        return UNKNOWN
    if value in catalogue.cards:
        return value
    try:
        return catalogue.lookup(value).id
    except CatalogueError as exc:
        raise bad_setup(key, exc.message) from None


def _instances(
    state: SeasonsState, catalogue: Catalogue, values: Any, key: str, *, blind: bool = False
) -> list[str]:
    if not isinstance(values, list):
        raise bad_setup(key, "a list of card names or ids")
    return [state.new_instance(_card_id(catalogue, v, key, blind=blind)) for v in values]


def _matched(
    state: SeasonsState, catalogue: Catalogue, values: Any, pile: Sequence[str], key: str
) -> list[str]:
    """Instances of `pile` the names pick (each used once, first match first)."""
    if not isinstance(values, list):
        raise bad_setup(key, "a list of card names or ids")
    free, out = list(pile), []
    for value in values:
        card_id = _card_id(catalogue, value, key)
        iid = next((i for i in free if state.instances[i] == card_id), None)
        if iid is None:
            raise bad_setup(key, f"{value} is not there")
        free.remove(iid)
        out.append(iid)
    return out
