"""The conformance suite every registered game must pass, played at random over many seeds.

It checks, through the `Game` protocol only: random play ends within the game's documented
cap; a clone is independent of its original; a dumped state loads back the same; actions
round-trip through JSON; replaying the log rebuilds the same `state_hash`; every listed
legal action is accepted; actions outside the list are refused and leave the state
unchanged; no view or event stream a seat receives holds an id hidden from it; a
determinized world looks the same to its seat and depends only on what that seat sees;
the game's declaration (`GameInfo`) names what it implements; a result the rules hold for
publication reaches nobody but its reviewers before it is published (`check_held_results`).
Each check raises `ConformanceError` naming the seed, the step and what went wrong.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from typing import Any

from .actions import PLATFORM_ACTIONS, Action
from .capabilities import (
    Automata,
    Autopilot,
    Evaluation,
    Exports,
    HeldResult,
    HeldResults,
    Narration,
    ReferencePlayer,
    RlEncoding,
    SampleConfigs,
    SimulationRows,
    TableBuilder,
    capability,
)
from .declaration import declaration_problems
from .errors import IllegalAction
from .playout import random_action
from .protocol import Game, Outcome, state_hash
from .rng import Rng
from .table import Table, replay
from .viewer import Viewer, filter_events


class ConformanceError(AssertionError):
    pass


def _json_round_trip(action: Action) -> Action:
    return Action.from_json(json.loads(json.dumps(action.to_json())))


def _perturbed_args(value: Any, rng: Rng) -> Iterator[Any]:
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield from (value + 1, value - 1, -value, 10**6, "x")
    elif isinstance(value, str):
        yield from (value + "?", "", 7)
    elif isinstance(value, tuple | list):
        yield from ([], [*value, *value], list(value)[:-1])
    elif value is None:
        yield from (0, "")


def outside_actions(
    game: Game[Any], state: Any, rng: Rng, per_state: int = 12
) -> list[tuple[str, Action]]:
    """(seat, action) pairs that are not in that seat's legal list now: other seats'
    moves, arguments nudged, arguments added or dropped, unknown action types."""
    seats = game.seats(state)
    legal = {seat: game.legal_actions(state, seat) for seat in seats}
    pool = [a for actions in legal.values() for a in actions]
    candidates: list[tuple[str, Action]] = []
    for seat in seats:
        for action in pool:
            candidates.append((seat, action))
            for name, value in action.args.items():
                for nudged in _perturbed_args(value, rng):
                    candidates.append((seat, Action(action.type, **{**action.args, name: nudged})))
            candidates.append((seat, Action(action.type, **action.args, unexpected=1)))
            if action.args:
                candidates.append((seat, Action(action.type)))
        candidates.append((seat, Action("no_such_action")))
        candidates.append(("nobody", pool[0] if pool else Action("no_such_action")))
    outside = [
        (seat, a)
        for seat, a in candidates
        if a.type not in PLATFORM_ACTIONS and a not in legal.get(seat, [])
    ]
    return [outside[rng.below(len(outside))] for _ in range(min(per_state, len(outside)))]


def check_views(game: Game[Any], table: Table, context: str, since: int = 0) -> None:
    """No seat's view, nor its events from `since` on, shows an id hidden from it."""
    state = table.state
    for seat in game.seats(state):
        hidden = game.hidden_from(state, seat)
        shown = json.dumps(game.view(state, Viewer.seat(seat)))
        seen = filter_events(table.events[since:], Viewer.seat(seat))
        events = json.dumps([e.to_json() for e in seen])
        for item in hidden:
            needle = json.dumps(item)
            if needle in shown:
                raise ConformanceError(f"{context}: {seat}'s view shows hidden {item}")
            if needle in events:
                raise ConformanceError(f"{context}: {seat}'s events show hidden {item}")


def _everything_seen(game: Game[Any], table: Table, seat: str | None) -> str:
    """All a seat (None: the public) is given: its view, its events and its exports."""
    viewer = Viewer.seat(seat) if seat is not None else Viewer.public()
    state = table.state
    parts: list[Any] = [game.view(state, viewer)]
    parts += [e.to_json() for e in filter_events(table.events, viewer)]
    exports = capability(game, Exports)
    if exports is not None:
        for lang in game.info.languages:
            parts += [(x.title, x.text) for x in exports.exports(state, viewer, lang)]
    return json.dumps(parts, ensure_ascii=False)


def check_held_hidden(
    game: Game[Any], table: Table, held: list[HeldResult], reviewers: frozenset[str], context: str
) -> None:
    """Nothing held for publication is in what a seat other than a reviewer, or the
    public, is given (a needle is looked for in its JSON form as well as written)."""
    for seat in [*(s for s in game.seats(table.state) if s not in reviewers), None]:
        seen = _everything_seen(game, table, seat)
        for result in held:
            for needle in result.needles:
                if needle in seen or json.dumps(needle, ensure_ascii=False)[1:-1] in seen:
                    who = seat or "the public"
                    raise ConformanceError(f"{context}: {who} is given a held result: {needle}")


def check_held_results(game: Game[Any], seed: int) -> Table:
    """For a game that holds results for publication (`HeldResults`): random play of its
    holding table until a result is held; then nobody but the reviewers is given it; then
    the game's own publication step, after which each result reaches its audience."""
    holds = capability(game, HeldResults)
    if holds is None:
        raise ConformanceError(f"{game.name}: holds no result for publication")
    table = Table(game, holds.holding_config(), seed)
    rng = Rng(seed, stream=98)
    cap = game.max_decisions(table.state)
    steps = 0
    while not (held := holds.held_results(table.state)):
        if not table.to_act or steps > cap:
            raise ConformanceError(f"seed {seed}: its holding table never held a result")
        waiting = sorted(table.to_act)
        seat = waiting[rng.below(len(waiting))]
        table.act(seat, random_action(game, table.state, seat, rng))
        steps += 1
    context = f"seed {seed}, step {steps}"
    check_held_hidden(game, table, held, holds.reviewers(table.state), context)
    publishing = holds.publication(table.state)
    if publishing is None:
        raise ConformanceError(f"{context}: a result is held but nothing publishes it")
    table.act(*publishing)
    for result in held:
        audience: list[str | None] = [*sorted(result.audience)] or [None]
        for reader in audience:
            seen = _everything_seen(game, table, reader)
            for needle in result.needles:
                if needle not in seen and json.dumps(needle, ensure_ascii=False)[1:-1] not in seen:
                    who = reader or "the public"
                    raise ConformanceError(f"{context}: published, {who} is not given {needle}")
    return table


def check_determinize(game: Game[Any], state: Any, rng: Rng, context: str) -> None:
    for seat in game.seats(state):
        world = game.determinize(state, seat, rng)
        if game.view(world, Viewer.seat(seat)) != game.view(state, Viewer.seat(seat)):
            raise ConformanceError(f"{context}: a determinized world looks different to {seat}")
        if game.legal_actions(world, seat) != game.legal_actions(state, seat):
            raise ConformanceError(f"{context}: {seat} has other legal actions in its world")


def check_determinize_blind(game: Game[Any], state: Any, rng: Rng, context: str) -> None:
    """A determinized world depends only on what its seat sees: a world looks the same to
    the seat as the real state, so determinizing it again with the same seed must give the
    same world. A determinize that draws around (or in the order of) the real hidden values
    fails; one that leaves them untouched passes, and is the view checks' business.
    The seeds come from a copy of `rng`, so that the random play goes on as without it."""
    seeds = rng.clone()
    for seat in game.seats(state):
        seed, other = seeds.next_u32(), seeds.next_u32()
        world = game.dump(game.determinize(state, seat, Rng(seed)))
        twice = game.determinize(game.determinize(state, seat, Rng(other)), seat, Rng(seed))
        if game.dump(twice) != world:
            raise ConformanceError(f"{context}: {seat}'s world depends on what it cannot see")


def check_step(game: Game[Any], table: Table, rng: Rng, context: str) -> None:
    """Every legal action (a sample when many) is accepted by a clone; outside actions are
    refused by the real state without changing it; a clone is independent."""
    state = table.state
    before = state_hash(game, state)
    dumped = game.dump(state)
    if game.dump(game.load(dumped)) != dumped:
        raise ConformanceError(f"{context}: load(dump(state)) is not the same state")
    if game.dump(game.clone(state)) != dumped:
        raise ConformanceError(f"{context}: dump(clone(state)) is not dump(state)")
    for seat in sorted(game.to_act(state)):
        actions = game.legal_actions(state, seat)
        if not actions:
            raise ConformanceError(f"{context}: {seat} is awaited but has no legal action")
        sample = actions if len(actions) <= 6 else [rng.choice(actions) for _ in range(6)]
        for action in sample:
            if _json_round_trip(action) != action:
                raise ConformanceError(f"{context}: {action!r} does not round-trip through JSON")
            copy = game.clone(state)
            try:
                game.apply(copy, seat, action)
            except IllegalAction as exc:
                raise ConformanceError(
                    f"{context}: legal {action!r} of {seat} refused: {exc.code}"
                ) from None
            if state_hash(game, state) != before:
                raise ConformanceError(f"{context}: applying to a clone changed the original")
    for seat, action in outside_actions(game, state, rng):
        try:
            game.apply(state, seat, action)
        except IllegalAction:
            pass
        else:
            raise ConformanceError(f"{context}: {seat} {action!r} is not listed but was accepted")
        if state_hash(game, state) != before:
            raise ConformanceError(f"{context}: refused {action!r} changed the state")


def _check_timeout(game: Game[Any], table: Table, seat: str, context: str) -> None:
    """A clock runs out: the timeout is accepted once; the same timeout again is stale."""
    timeout = game.timeout_action(table.state, seat)
    table.act(seat, timeout)
    before = table.hash
    try:
        game.apply(table.state, seat, timeout)
    except IllegalAction:
        pass
    else:
        raise ConformanceError(f"{context}: a repeated timeout of {seat} was accepted")
    if table.hash != before:
        raise ConformanceError(f"{context}: a refused timeout changed the state")


def check_declaration(game: Game[Any]) -> None:
    """The declaration tells the truth: everything the registry checks
    (`declaration.declaration_problems`: the capabilities it names are the ones the game
    implements, its seat kinds are known, its texts, modes and form words exist, a game of
    imperfect information hides it), and further its automata can be built, its samples
    are valid configs and its presets seat tables."""
    info = game.info
    if problems := declaration_problems(game):
        raise ConformanceError("; ".join(problems))
    automata = capability(game, Automata)
    for kind in info.automata:
        if automata is None or not callable(automata.automaton(kind, 1).choose):
            raise ConformanceError(f"{game.name}: automaton {kind} cannot be built")
    for lang in info.languages:
        if not (info.title.get(lang) and info.description.get(lang)):
            raise ConformanceError(f"{game.name}: no title or description in {lang}")
    samples = capability(game, SampleConfigs)
    for sample in samples.sample_configs() if samples is not None else []:
        game.Config.model_validate(sample)
    builder = capability(game, TableBuilder)
    if builder is not None:
        for preset in builder.presets():
            builder.TableOptions.model_validate(dict(preset.options))
            if not set(preset.seats) <= set(info.seat_kinds):
                raise ConformanceError(f"{game.name}: preset {preset.id} seats undeclared kinds")
            fields = preset.to_json()["seat_fields"]  # one per seat, {} where it has none
            seats = [{**own, "kind": kind} for kind, own in zip(preset.seats, fields, strict=True)]
            Table(game, builder.table_config(preset.options, seats), 1)


def check_capabilities(game: Game[Any], table: Table, since: int, context: str) -> None:
    """What each offered capability says of the position is sound: one line (or None) per
    event told, in every language; a finite evaluation for every seat; the reference bot
    and the learning encoding pick actions the rules accept; seats on autopilot are seats."""
    state, seats = table.state, game.seats(table.state)
    narration = capability(game, Narration)
    for seat in seats:
        if narration is None:
            break
        viewer = Viewer.seat(seat)
        events = filter_events(table.events[since:], viewer)
        for lang in game.info.languages:
            lines = narration.narrate_for(state, events, lang, game.view(state, viewer))
            if len(lines) != len(events) or not all(x is None or x for x in lines):
                raise ConformanceError(f"{context}: {seat}'s events told wrongly in {lang}")
    evaluation = capability(game, Evaluation)
    for seat in seats:
        if evaluation is not None and not math.isfinite(evaluation.evaluate(state, seat)):
            raise ConformanceError(f"{context}: the evaluation for {seat} is not finite")
    reference = capability(game, ReferencePlayer)
    encoding = capability(game, RlEncoding)
    codec = encoding.rl_codec(state) if encoding is not None else None
    for seat in sorted(table.to_act):
        if reference is not None:
            chosen = reference.reference_bot(1).choose(game, game.clone(state), seat)
            _check_accepted(game, state, seat, chosen, f"{context}: the reference bot's")
        if codec is not None:
            legal = game.legal_actions(state, seat)
            observed = codec.observe(game.view(state, Viewer.seat(seat)), seat)
            mask = codec.mask(state, seat, legal)
            if observed.shape != (codec.observation_size,) or abs(observed).max() > codec.bound:
                raise ConformanceError(f"{context}: {seat}'s observation is out of shape")
            if mask.shape != (codec.action_size,) or not mask.any():
                raise ConformanceError(f"{context}: {seat}'s action mask is empty")
            decoded = codec.decode(state, seat, int(mask.argmax()))
            _check_accepted(game, state, seat, decoded, f"{context}: the encoding's")
    autopilot = capability(game, Autopilot)
    if autopilot is not None and not autopilot.on_autopilot(state) <= set(seats):
        raise ConformanceError(f"{context}: a seat on autopilot is not a seat")


def _check_accepted(game: Game[Any], state: Any, seat: str, action: Action, who: str) -> None:
    """A player's choice is accepted by the rules (a game may accept shorthands it does not
    list, such as a group of attackers at once)."""
    try:
        game.apply(game.clone(state), seat, action)
    except IllegalAction as exc:
        raise ConformanceError(f"{who} {action!r} for {seat} was refused: {exc.code}") from None


def check_rows(game: Game[Any], table: Table, context: str) -> None:
    """The game's reading of a finished game gives whole numbers."""
    rows = capability(game, SimulationRows)
    if rows is None:
        return
    extractor = rows.row_extractor()
    view = table.view(Viewer.referee())
    figures = [*extractor.length(view, table.events)]
    for seat in game.seats(table.state):
        figures.extend(extractor.seat_columns(view, seat).values())
    if not all(isinstance(x, int) and x >= 0 for x in figures):
        raise ConformanceError(f"{context}: simulation rows read {figures}")


def check_utility(game: Game[Any], ending: Outcome, context: str) -> None:
    """The scores of a finished game keep to the declared utility (`GameInfo.utility`)."""
    scores = list(ending.scores.values())
    if not scores:
        return
    if game.info.utility == "zero_sum" and not math.isclose(sum(scores), 0, abs_tol=1e-9):
        raise ConformanceError(f"{context}: declared zero-sum, the scores add up to {sum(scores)}")
    if game.info.utility == "identical" and max(scores) != min(scores):
        raise ConformanceError(f"{context}: declared identical, the seats score {scores}")


def play_random_game(
    game: Game[Any],
    config: Mapping[str, Any],
    seed: int,
    *,
    deep_checks_every: int = 7,
) -> Table:
    """Plays one random game with all checks; returns the finished table."""
    table = Table(game, config, seed)
    rng = Rng(seed, stream=99)
    cap = game.max_decisions(table.state)
    steps = checked_events = 0
    order = game.seats(table.state)
    while table.to_act:
        context = f"seed {seed}, step {steps}"
        if steps > cap:
            raise ConformanceError(f"{context}: still running beyond its cap of {cap} actions")
        # Early steps (setup, first turns) are checked densely, long games more sparsely.
        if steps % (deep_checks_every if steps < 150 else 5 * deep_checks_every) == 0:
            check_step(game, table, rng, context)
            check_views(game, table, context, since=checked_events)
            if (holds := capability(game, HeldResults)) is not None:
                held = holds.held_results(table.state)
                if held:
                    check_held_hidden(game, table, held, holds.reviewers(table.state), context)
            check_capabilities(game, table, checked_events, context)
            checked_events = len(table.events)
            check_determinize(game, table.state, rng, context)
            check_determinize_blind(game, table.state, rng, context)
        waiting = table.to_act
        seat = [s for s in order if s in waiting][rng.below(len(waiting))]
        if seat in game.clocks(table.state) and rng.below(5) == 0:
            _check_timeout(game, table, seat, context)
        else:
            table.act(seat, random_action(game, table.state, seat, rng))
        steps += 1
    if (ending := game.outcome(table.state)) is None:
        raise ConformanceError(f"seed {seed}: nobody is awaited but there is no outcome")
    check_utility(game, ending, f"seed {seed}, end")
    check_views(game, table, f"seed {seed}, end", since=checked_events)
    check_capabilities(game, table, checked_events, f"seed {seed}, end")
    check_rows(game, table, f"seed {seed}, end")
    rebuilt = replay(table.record())
    if rebuilt.hash != table.hash:
        raise ConformanceError(f"seed {seed}: replaying the log gives another state hash")
    return table
