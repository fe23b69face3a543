"""Answers to the pending prompt (§6.1): `name_cards`, `resolve_instruction`,
`prelude_assign`; and the practice prelude's deals (§4.6). Each checks everything before it
changes anything; the caller then resumes the queue (R31)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tavola.core import Event, IllegalAction

from .array import summon
from .catalogue import Card, Catalogue
from .draws import to_hand_named
from .emit import emit
from .errors import CatalogueError
from .game_cards import catalogue_of
from .messages import Phrase, refuse
from .season_change import resolve_pick
from .state import UNKNOWN, SeasonsState
from .steps import open_prompt, push_front

PRELUDE_DEALS = 3
PRELUDE_OFFER = 5


def catalogue_refusal(exc: CatalogueError) -> IllegalAction:
    """A catalogue error as the refusal of the same code and sentences (§3.3, §6.1)."""
    return IllegalAction(exc.code, exc.message, message_it=exc.message_it)


def resolve_names(catalogue: Catalogue, names: list[str]) -> list[Card]:
    """Each typed name's card; the first unknown one is refused `UNKNOWN_CARD` (§3.3)."""
    try:
        return [catalogue.lookup(name) for name in names]
    except CatalogueError as exc:
        raise catalogue_refusal(exc) from None


def accounted(state: SeasonsState, card_id: str) -> int:
    """Copies of a card already known to be out: Dummbot's hand and array, the known discard
    pile, and the human's cards in practice (§6.1 `COPY_LIMIT`)."""
    piles = [state.dummbot.hand, state.dummbot.array, state.discard]
    if state.config.mode == "practice":
        piles.append(state.human_cards)
    return sum(1 for pile in piles for iid in pile if state.instances[iid] == card_id)


def check_copies(state: SeasonsState, cards: list[Card]) -> None:
    """`COPY_LIMIT` when a named card would be one copy too many (with `copy_check`)."""
    if not state.config.copy_check:
        return
    added: Counter[str] = Counter()
    for found in cards:
        added[found.id] += 1
        if accounted(state, found.id) + added[found.id] > found.copies:
            raise refuse("COPY_LIMIT", name=found.name, copies=found.copies)


def reveal_plan(state: SeasonsState, cards: list[Card]) -> list[tuple[str, bool]]:
    """R28: each named card takes a matching known hand entry, else an unnamed one:
    `(instance, newly named)` per card, or `NOT_IN_HAND` when neither is left."""
    taken: set[str] = set()
    plan = []
    for found in cards:
        hand = state.dummbot.hand
        iid = next((i for i in hand if i not in taken and state.instances[i] == found.id), None)
        fresh = iid is None
        if iid is None:
            iid = next((i for i in hand if i not in taken and state.instances[i] == UNKNOWN), None)
        if iid is None:
            raise refuse("NOT_IN_HAND", name=found.name)
        taken.add(iid)
        plan.append((iid, fresh))
    return plan


def check_name_cards(
    state: SeasonsState, names: list[str], missing: int, force: bool
) -> tuple[list[Card], list[tuple[str, bool]]]:
    """Every refusal of `name_cards` (§6.1), in order: count, names, copies."""
    prompt = state.prompt
    assert prompt is not None
    count, purpose = int(prompt["count"]), prompt["purpose"]
    if len(names) + missing != count:
        raise refuse("WRONG_COUNT", count=count, n=len(names) + missing)
    if missing and purpose in ("prelude", "reveal"):
        raise refuse("WRONG_COUNT", "WRONG_COUNT_MISSING", count=count)
    cards = resolve_names(catalogue_of(state), names)
    plan = reveal_plan(state, cards) if purpose == "reveal" else []
    fresh = [c for c, (_, new) in zip(cards, plan, strict=True) if new] if plan else cards
    if not force:
        check_copies(state, fresh)
    return cards, plan


def name_cards(
    state: SeasonsState, events: list[Event], names: list[str], missing: int, force: bool
) -> None:
    """The named cards go where the prompt's purpose says (R14, R15, R28, §4.5)."""
    cards, plan = check_name_cards(state, names, missing, force)
    prompt = state.prompt
    assert prompt is not None
    state.prompt = None
    purpose = prompt["purpose"]
    emit(state, events, "cards_named", {"count": len(cards), "purpose": purpose})
    if purpose == "reveal":
        for (iid, _), found in zip(plan, cards, strict=True):
            state.instances[iid] = found.id
        picked = [iid for iid, _ in plan]
        resolve_pick(state, events, picked, int(prompt["hand_size"]), bool(prompt["final"]))
        return
    instances = [state.new_instance(found.id) for found in cards]
    if purpose == "deck_summon":
        follow: list[dict[str, Any]] = []
        for iid in instances:
            follow += summon(state, events, iid, "deck")
        push_front(state, follow)
    else:
        state.dummbot.hand.extend(instances)
        if purpose == "prelude":
            state.seen.extend(instances)  # §4.7: the human saw them
        if instances:
            source = prompt.get("source", "prelude")
            to_hand_named(state, events, [found.id for found in cards], source)
    for _ in range(missing):  # R16: the table could not draw them
        emit(state, events, "draw_skipped_empty")


def resolve_instruction(state: SeasonsState, events: list[Event], amount: int | None) -> None:
    """Closes an `instruction` or `amount` prompt (R31); an amount goes to Dummbot."""
    prompt = state.prompt
    assert prompt is not None
    if prompt["kind"] == "amount":
        if amount is None:
            raise refuse(
                "BAD_ARGUMENT", action="resolve_instruction", detail=_arg("amount_missing")
            )
        if not 0 <= amount <= int(prompt["max"]):
            raise refuse("INVALID_AMOUNT", n=int(prompt["max"]))
    elif amount is not None:
        raise refuse("BAD_ARGUMENT", action="resolve_instruction", detail=_arg("amount_unexpected"))
    state.prompt = None
    emit(state, events, "instruction_resolved", {"amount": amount})
    if amount:
        state.dummbot.crystals += amount
        data = {"source": "amount", "applied": amount, "crystals": state.dummbot.crystals}
        emit(state, events, "crystals_changed", data)


def deal_prelude(state: SeasonsState, events: list[Event], deal: int) -> None:
    """§4.6: the top 5 cards of the pile are shown to the human (they leave the pile)."""
    offer, state.deck = state.deck[:PRELUDE_OFFER], state.deck[PRELUDE_OFFER:]
    emit(state, events, "prelude_dealt", {"round": deal})
    open_prompt(state, events, {"kind": "prelude_assign", "offer": offer, "round": deal})


def prelude_assign(
    state: SeasonsState, events: list[Event], hand: int, library2: int, library3: int
) -> None:
    """§4.6: the 3 picked cards are the human's, the other 2 go to Dummbot's hand in deal
    order (seen: the human saw them); then the next deal, or the end of the prelude."""
    prompt = state.prompt
    assert prompt is not None
    offer: list[str] = list(prompt["offer"])
    picks = (hand, library2, library3)
    if len(set(picks)) != 3 or not all(0 <= i < len(offer) for i in picks):
        raise refuse("INVALID_ASSIGNMENT")
    state.prompt = None
    state.human_cards.extend(offer[i] for i in picks)
    given = [iid for i, iid in enumerate(offer) if i not in picks]
    state.dummbot.hand.extend(given)
    state.seen.extend(given)
    emit(state, events, "card_to_hand", {"count": len(given), "source": "prelude"})
    deal = int(prompt["round"])
    if deal < PRELUDE_DEALS:
        deal_prelude(state, events, deal + 1)
    else:
        push_front(state, [{"step": "prelude_done"}])


def _arg(key: str, **params: Any) -> Phrase:
    return Phrase(f"argument.{key}", params)
