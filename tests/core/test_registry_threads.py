"""The registry loads its entry points once, whole, even when many threads ask at once
(the server's first requests arrive together, while the game's modules are still being
imported)."""

from __future__ import annotations

import threading
import time

from tavola.core import registry


class SlowEntryPoint:
    """The real entry point, loaded as slowly as a first import."""

    def __init__(self, real) -> None:
        self.real = real

    def load(self):
        time.sleep(0.05)
        return self.real.load()


def test_many_threads_asking_at_once_all_find_the_game(monkeypatch):
    real = registry.entry_points(group="tavola.games")
    monkeypatch.setattr(registry, "entry_points", lambda group: [SlowEntryPoint(e) for e in real])
    monkeypatch.setattr(registry, "_games", {})
    monkeypatch.setattr(registry, "_loaded", False)
    gate = threading.Barrier(8)
    found: list[str] = []

    def ask() -> None:
        gate.wait()
        found.append(registry.get_game("legends").name)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == ["legends"] * 8
