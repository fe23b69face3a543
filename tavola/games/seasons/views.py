"""Views (§8). The human sees the table as it is at the physical game: the calendar, both
dice and whose is which, Dummbot's crystals, array, score and hand size, the hand cards
they have legitimately seen, the discard pile, the pending prompt and the history; in
practice also the pile's size and their own cards. The public view is the human's without
`human_cards`. Nobody but the referee (tests, scenarios) sees the RNG, the pile's order or
the unseen hand; prompts never name a hidden card."""

from __future__ import annotations

from typing import Any

from tavola.core import Viewer

from .config import effective
from .dice import season_of
from .dummbot_turn import face_of
from .game_cards import card, catalogue_of
from .messages import prompt_phrase, text
from .scoring import array_prestige, dummbot_score
from .state import UNKNOWN, SeasonsState, copy_json


def visible_hand(state: SeasonsState) -> list[str]:
    """Hand cards the human may see: those seen (§8), or every named one with
    `show_dummbot_hand`."""
    hand = state.dummbot.hand
    if state.config.show_dummbot_hand:
        return [iid for iid in hand if state.instances[iid] != UNKNOWN]
    return [iid for iid in hand if iid in state.seen]


def hidden_from_human(state: SeasonsState) -> set[str]:
    """The instance ids the human's view and events never show: the pile, and the hand
    cards not visible (catalogue ids are public and never listed)."""
    shown = set(visible_hand(state))
    return set(state.deck) | {iid for iid in state.dummbot.hand if iid not in shown}


def card_entry(state: SeasonsState, iid: str) -> dict[str, Any]:
    found = card(state, iid)
    if found is None:
        return {"iid": iid, "card": None, "name": None, "prestige": None, "type": None}
    return {
        "iid": iid,
        "card": found.id,
        "name": found.name,
        "prestige": found.prestige,
        "type": found.type,
    }


def prompt_view(state: SeasonsState) -> dict[str, Any] | None:
    prompt = state.prompt
    if prompt is None:
        return None
    shown: dict[str, Any] = copy_json(prompt)
    if prompt["kind"] == "prelude_assign":
        shown["offer"] = [card_entry(state, iid) for iid in prompt["offer"]]
    phrase = prompt_phrase(prompt)
    shown["text"] = {lang: text(lang, phrase.key, **phrase.params) for lang in ("it", "en")}
    return shown


def view(state: SeasonsState, viewer: Viewer) -> dict[str, Any]:
    cfg = state.config
    human = viewer.is_referee or "human" in viewer.seats
    settings = cfg.model_dump(mode="json")
    settings.pop("user_cards")
    level = effective(cfg)
    dice = []
    for i, die in enumerate(state.dice):
        owner = None
        if state.human_die is not None:
            owner = "human" if i == state.human_die else "dummbot"
        face = face_of(die["face"])
        dice.append(
            {"die_id": die["die_id"], "face": face.to_data(), "code": die["face"], "owner": owner}
        )
    out: dict[str, Any] = {
        "mode": cfg.mode,
        "difficulty": cfg.difficulty,
        "config": {
            **settings,
            "transmute_crystals": level.transmute_crystals,
            "season_pick": level.season_pick,
            "year_draws": level.year_draws,
        },
        "phase": state.phase,
        "round": state.round,
        "month": state.month,
        "year": state.year,
        "season": season_of(state.month),
        "max_year_reached": state.max_year_reached,
        "dice": dice,
        "dice_season": state.dice_season,
        "dummbot": {
            "crystals": state.dummbot.crystals,
            "array": [card_entry(state, iid) for iid in state.dummbot.array],
            "array_prestige": array_prestige(state),
            "score": dummbot_score(state),
            "hand_size": len(state.dummbot.hand),
            "hand_known": [card_entry(state, iid) for iid in visible_hand(state)],
            "recurring": [state.instances[iid] for iid in state.dummbot.recurring],
        },
        "discard": [card_entry(state, iid) for iid in state.discard],
        "prompt": prompt_view(state),
        "catalogue": catalogue_of(state).to_view(),
        "log": copy_json(state.log),
        "can_undo": bool(state.undo),
        "pending_year_end": state.pending_year_end,
        "ended_by_cap": state.ended_by_cap,
        "result": copy_json(state.result),
    }
    if cfg.dice_selection == "rotating_lines":
        out["lines"] = {s: list(ids) for s, ids in state.lines.items()}
    if cfg.mode == "practice":
        out["deck_size"] = len(state.deck)
        if human:
            out["human_cards"] = [card_entry(state, iid) for iid in state.human_cards]
    if viewer.is_referee:
        out["referee"] = {
            "hand": [card_entry(state, iid) for iid in state.dummbot.hand],
            "deck": [card_entry(state, iid) for iid in state.deck],
            "seen": list(state.seen),
            "instances": dict(state.instances),
            "queue": copy_json(state.queue),
            "rng": state.rng.to_json(),
            "script": {"rng": list(state.script_rng), "samples": copy_json(state.script_samples)},
            "user_cards": copy_json(state.user_cards),
            "decisions": state.decisions,
            "undo": [entry["action"] for entry in state.undo],
        }
    return out
