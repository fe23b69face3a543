"""What a saved lineup's name may be: 1 to 40 visible characters, single spaces between
words. It is a path segment, so no `/` and neither `.` nor `..`; two names that differ only
in the form of a character or in spacing are one name."""

from __future__ import annotations

import unicodedata

from tavola.server.refusal import Refusal

NAME_MAX = 40
_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
"""Characters a reader cannot see or tell apart (as for account names)."""


def lineup_name(name: str) -> str:
    """The name as kept (composed characters, single spaces), or a Refusal."""
    if len(name) > 4 * NAME_MAX:  # refused before any work on it
        raise _too_long()
    kept = " ".join(unicodedata.normalize("NFC", name).split())
    if not kept:
        raise _bad(
            "a lineup needs a name",
            "una formazione ha bisogno di un nome",
            "編成には名前が必要です",
        )
    if len(kept) > NAME_MAX:
        raise _too_long()
    if (
        kept in (".", "..")  # a browser's URL reads these as steps up the path
        or "/" in kept
        or "\ufffd" in kept  # what a path that is not UTF-8 is read as
        or any(unicodedata.category(c) in _INVISIBLE for c in kept)
    ):
        raise _bad(
            "a lineup's name has only visible characters (no “/”, nor “.” or “..” alone)"
            " and single spaces",
            "il nome di una formazione ha solo caratteri visibili (niente «/», né «.» o «..»"
            " da soli) e spazi singoli",
            "編成の名前には目に見える文字（「/」と、「.」「..」だけの名前を除く）と"
            "単独のスペースだけが使えます",
        )
    return kept


def _too_long() -> Refusal:
    return _bad(
        f"a lineup's name has at most {NAME_MAX} characters",
        f"il nome di una formazione ha al massimo {NAME_MAX} caratteri",
        f"編成の名前は{NAME_MAX}文字までです",
    )


def _bad(en: str, it: str, ja: str) -> Refusal:
    return Refusal(
        422,
        "bad_lineup_name",
        f"name: {en}.",
        message_it=f"name: {it}.",
        messages={"ja": f"name: {ja}。"},
        field="name",
    )
