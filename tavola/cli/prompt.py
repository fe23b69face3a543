"""Reading a line at the terminal, optionally against a clock that shows a countdown."""

from __future__ import annotations

import select
import sys
import time

from rich.console import Console

from tavola.core.capabilities import QuitGame


class Prompt:
    """The `TerminalPrompt` games ask: `ask` returns the typed line (stripped, lower case),
    or None when the clock ran out. The countdown needs a real terminal; on a pipe the line
    is read without a clock."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def ask(self, prompt: str, seconds: float | None = None) -> str | None:
        if seconds is None or not sys.stdin.isatty():
            try:
                line = self.console.input(f"[bold cyan]{prompt}[/] > ")
            except EOFError:
                raise QuitGame from None
            return line.strip().lower()
        return self._timed(prompt, seconds)

    def _timed(self, prompt: str, seconds: float) -> str | None:
        deadline = time.monotonic() + seconds
        shown = -1
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self.console.print()
                return None
            if int(left) != shown:
                shown = int(left)
                self.console.print(f"\r[bold cyan]{prompt}[/] [yellow]({shown:>3}s)[/] > ", end="")
            ready, _, _ = select.select([sys.stdin], [], [], min(1.0, left))
            if ready:
                line = sys.stdin.readline()
                if not line:
                    raise QuitGame
                return line.strip().lower()
