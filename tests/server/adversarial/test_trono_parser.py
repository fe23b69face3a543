"""Issue 28, finding 5: the deployments a referee copies from a forum post (`deploy_text`)
are read in time linear in the text, within bounds (parts, their length, parentheses'
depth) refused in Italian and English, and never on the server's event loop.

Linear without a clock: the parser's Python lines are counted (`sys.settrace`) on texts of
n and 2n characters. Before, each level of parentheses was read again whole, so doubling
a nested text quadrupled the lines."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

import pytest

from tavola.core import Action, IllegalAction
from tavola.games.trono import forum_parser
from tavola.games.trono.characters import starter_catalogue
from tavola.games.trono.game import TronoGame
from tavola.server.refusal import Refusal
from tavola.server.service import GameService
from tests.server.api_helpers import run_in_own_loop

try:
    from tavola.games.trono.forum_deploy import parse_forum_deploy
except ImportError:  # the code before issue 28
    parse_forum_deploy = forum_parser.parse_forum_deploy  # type: ignore[attr-defined]

CATALOGUE = starter_catalogue()


def read(text: str) -> list[dict[str, Any]]:
    return parse_forum_deploy(text, CATALOGUE, [])


def refusal(text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as refused:
        read(text)
    return refused.value


def lines_run(text: str) -> int:
    """The Python lines the Trono parsers run to read `text`, refused or not."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        nonlocal count
        if "trono" not in frame.f_code.co_filename:
            return None
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        with contextlib.suppress(IllegalAction):
            read(text)
    finally:
        sys.settrace(None)
    return count


def nested(n: int) -> str:
    return "a(" * (n // 3) + ")" * (n // 3)


def joined_by_e(n: int) -> str:
    return "a (" + "x e " * (n // 4) + ")"


def many_names(n: int) -> str:
    return "x," * (n // 2)


@pytest.mark.parametrize("make", [nested, joined_by_e, many_names])
def test_reading_a_hostile_text_twice_as_long_takes_at_most_twice_the_work(make):
    short, long = lines_run(make(1000)), lines_run(make(2000))
    assert long <= 2.2 * short, (short, long)


def test_parentheses_deeper_than_two_are_refused_in_both_languages():
    refused = refusal("Nerea (Stark (la casata (Stark)))")
    assert refused.code == "E_DEPLOY_TEXT_FORM"
    assert refused.message == (
        "The deployments cannot be read: parentheses may be nested at most 2 deep."
    )
    assert refused.message_it == (
        "Gli schieramenti non si possono leggere: le parentesi si annidano al massimo su 2 livelli."
    )


def test_more_parts_than_a_post_writes_are_refused():
    assert len(read(", ".join(["Nerea (Stark)"] * 40))) == 40
    refused = refusal(", ".join(["Nerea (Stark)"] * 41))
    assert refused.code == "E_DEPLOY_TEXT_FORM"
    assert "40" in refused.message and "40" in str(refused.message_it)


def test_a_deployment_longer_than_a_line_is_refused():
    assert read("Nerea" + " " * 180 + "(Stark)") == [
        {"character": "nerea_salsedine", "target": "stark"}
    ]
    refused = refusal("Nerea" + " " * 200 + "(Stark)")
    assert refused.code == "E_DEPLOY_TEXT_FORM"
    assert refused.message.endswith("one deployment is at most 200 characters long.")


def test_within_the_bounds_a_post_reads_as_before():
    text = "Ardengo (Baratheon, azione 1), Alvise sull'azione 2 e Zaira su Tyrell\nNerea ((Stark))"
    assert read(text) == [
        {"character": "ardengo_fiammavecchia", "target": "baratheon", "slot": 1},
        {"character": "alvise_guadalupo", "slot": 2},
        {"character": "zaira_delle_dune", "target": "tyrell"},
        {"character": "nerea_salsedine"},
        {"character": "", "target": "stark"},
    ]


@contextlib.asynccontextmanager
async def attached(service: GameService) -> Any:
    """As the server does: the loop commits the groups (the WebSocket's moves' way)."""
    service.writes.attach(asyncio.get_running_loop())
    try:
        yield
    finally:
        service.writes.attach(None)


@pytest.fixture
def applied_in(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The threads Trono's `apply` ran in (the real one runs)."""
    threads: list[int] = []
    real = TronoGame.apply

    def apply(self: TronoGame, state: Any, seat: str, action: Action) -> Any:
        threads.append(threading.get_ident())
        return real(self, state, seat, action)

    monkeypatch.setattr(TronoGame, "apply", apply)
    yield threads


def test_a_copied_post_sent_over_the_socket_is_read_in_a_worker_thread(database, applied_in):
    service = GameService(database, bot_delay=3600)
    live, _ = service.tables.create(
        "trono",
        {"max_turns": 2},
        [{"kind": "reference"}, {"kind": "random"}],
        seed=4,
        practice_seed_known=True,
    )
    post = Action("record_post", team="stark", author="bot01", deploy_text="Nerea (Stark)")

    async def main() -> tuple[int, str]:
        async with attached(service):
            try:
                await service.moves.act_on_loop(live.game_id, "referee:arbitro", post, None)
            except Refusal as refused:  # no turn is open: the game says so, in a thread
                return threading.get_ident(), refused.code
            return threading.get_ident(), "played"

    loop_thread, answer = run_in_own_loop(main())
    assert answer != "played"
    assert applied_in and loop_thread not in applied_in
