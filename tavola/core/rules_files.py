"""A game's rules told for players (`GameInfo.rules`): one CommonMark file per language,
`<lang>.md`, that the server shows at `/rules/<game>`. Here only what registration checks
of them, cheaply (no text is parsed): the files are the game's own, and a page is bounded."""

from __future__ import annotations

from pathlib import Path

from .capabilities import GameInfo

MAX_RULES_BYTES = 512_000
"""The largest rules file a game may have: a page a phone still opens at once."""


def rules_file(info: GameInfo, lang: str) -> Path | None:
    """The file of the game's rules in `lang`, or None when it has none."""
    if info.rules is None or lang not in info.rules_languages():
        return None
    return info.rules / f"{lang}.md"


def rules_problems(info: GameInfo) -> list[str]:
    """How the game's rules folder is not what the shell serves, one sentence each: a file
    for a language the game does not declare, a file over the bound, or one that does not
    open with its page's title (`# …`)."""
    folder = info.rules
    if folder is None or not folder.is_dir():
        return []
    problems = []
    for file in sorted(folder.glob("*.md")):
        if file.stem not in info.languages:
            problems.append(
                f"{info.name}: its rules {file.name} are in a language it does not declare"
            )
            continue
        if file.stat().st_size > MAX_RULES_BYTES:
            problems.append(f"{info.name}: its rules {file.name} exceed {MAX_RULES_BYTES} bytes")
            continue
        with file.open(encoding="utf-8", errors="replace") as text:
            first = text.readline()
        if not first.startswith("# "):
            problems.append(f"{info.name}: its rules {file.name} do not open with '# <title>'")
    return problems
