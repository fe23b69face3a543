"""A connection's outbox: messages sent in order by its own task; a reader that falls
behind (a full queue, or a send that does not finish in time) is dropped and closed with
1013, and nobody else waits for it."""

from __future__ import annotations

import asyncio

from tavola.server.outbox import TOO_SLOW, TOO_SLOW_REASON, Limits, Outbox

from .api_helpers import run_in_own_loop

DEADLINE = 5.0


class Socket:
    """A socket whose sends finish at once, or never (`stuck`), or fail (`gone`)."""

    def __init__(self, stuck: bool = False, gone: bool = False) -> None:
        self.stuck, self.gone = stuck, gone
        self.sent: list[str] = []
        self.closed = asyncio.Event()
        self.close_code: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        if self.gone:
            raise RuntimeError("the client left")
        if self.stuck:
            await asyncio.Event().wait()
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.close_code = (code, reason)
        self.closed.set()


def outbox(socket: Socket, limits: Limits, drops: list[Socket]) -> Outbox:
    return Outbox(socket, limits, lambda: drops.append(socket))  # type: ignore[arg-type]


async def settled() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_a_reader_whose_queue_fills_is_dropped_and_the_others_get_everything():
    async def scenario() -> tuple[Socket, Socket, list[Socket], Outbox]:
        fast, stuck, drops = Socket(), Socket(stuck=True), []
        limits = Limits(queued=3, send_timeout=60)
        boxes = [outbox(fast, limits, drops), outbox(stuck, limits, drops)]
        for n in range(10):
            for box in boxes:
                box.put(str(n))
            await settled()
        await asyncio.wait_for(stuck.closed.wait(), DEADLINE)
        return fast, stuck, drops, boxes[1]

    fast, stuck, drops, dropped = run_in_own_loop(scenario())
    assert fast.sent == [str(n) for n in range(10)]
    assert stuck.close_code == (TOO_SLOW, TOO_SLOW_REASON)
    assert drops == [stuck]
    assert not dropped.open


def test_a_reader_whose_send_does_not_finish_in_time_is_dropped():
    async def scenario() -> tuple[Socket, list[Socket]]:
        stuck, drops = Socket(stuck=True), []
        outbox(stuck, Limits(queued=100, send_timeout=0.05), drops).put("state")
        await asyncio.wait_for(stuck.closed.wait(), DEADLINE)
        return stuck, drops

    stuck, drops = run_in_own_loop(scenario())
    assert stuck.close_code == (TOO_SLOW, TOO_SLOW_REASON)
    assert drops == [stuck]


def test_a_reader_that_left_is_let_go_without_a_close():
    async def scenario() -> tuple[Socket, list[Socket], Outbox]:
        gone, drops = Socket(gone=True), []
        box = outbox(gone, Limits(), drops)
        box.put("state")
        await settled()
        box.put("update")  # after it stopped: nothing
        return gone, drops, box

    gone, drops, box = run_in_own_loop(scenario())
    assert (gone.sent, gone.close_code, drops, box.open) == ([], None, [gone], False)


def test_a_stopped_outbox_leaves_no_task_behind():
    async def scenario() -> bool:
        box = outbox(Socket(), Limits(), [])
        box.put("state")
        await settled()
        box.stop()
        await settled()
        return box._sender.done()

    assert run_in_own_loop(scenario())


def test_an_answer_goes_out_at_once_when_nothing_waits_and_behind_what_waits_otherwise():
    async def scenario() -> tuple[list[str], list[str]]:
        socket = Socket()
        box = outbox(socket, Limits(), [])
        await box.answer("result 1")
        at_once = list(socket.sent)
        box.put("update 2")
        await box.answer("result 2")  # the update is still queued: the answer goes after it
        await settled()
        return at_once, socket.sent

    at_once, sent = run_in_own_loop(scenario())
    assert at_once == ["result 1"]
    assert sent == ["result 1", "update 2", "result 2"]


def test_an_answer_to_a_reader_that_fell_behind_counts_in_its_queue():
    async def scenario() -> Socket:
        stuck = Socket(stuck=True)
        box = outbox(stuck, Limits(queued=2, send_timeout=60), [])
        box.put("0")
        await settled()  # being sent, for ever
        box.put("1")
        box.put("2")  # the queue is full, not over
        assert box.open
        await box.answer("result")
        await asyncio.wait_for(stuck.closed.wait(), DEADLINE)
        return stuck

    assert run_in_own_loop(scenario()).close_code == (TOO_SLOW, TOO_SLOW_REASON)
