"""What a name and a password may be. A name is shown to other players and identifies the
account; two names that differ only in case or in the form of a character are one name."""

from __future__ import annotations

import hashlib
import unicodedata

from ..refusal import Refusal

NAME_MIN, NAME_MAX = 2, 32
PASSWORD_MIN, PASSWORD_MAX = 10, 128
_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
"""Categories of characters a reader cannot see or tell apart: controls, format marks
(zero-width joiners, direction overrides), surrogates, private or unassigned code points."""


def account_name(name: str) -> str:
    """The name as it will be shown (composed characters, single spaces), or a Refusal."""
    shown = " ".join(unicodedata.normalize("NFC", name).split())
    if not NAME_MIN <= len(shown) <= NAME_MAX:
        raise _bad(
            "name",
            f"a name has {NAME_MIN} to {NAME_MAX} characters",
            f"un nome ha da {NAME_MIN} a {NAME_MAX} caratteri",
        )
    if any(unicodedata.category(c) in _INVISIBLE for c in shown):
        raise _bad(
            "name",
            "a name has only visible characters and single spaces",
            "un nome ha solo caratteri visibili e spazi singoli",
        )
    return shown


def name_key(name: str) -> str:
    """What makes two names one (case, compatibility forms and spaces folded), as a
    fixed-size hash: folding may lengthen a name many times over."""
    spaced = " ".join(unicodedata.normalize("NFKC", name).split())
    folded = unicodedata.normalize("NFKC", spaced.casefold())
    return hashlib.sha256(folded.encode("utf-8", "surrogatepass")).hexdigest()


def password(text: str) -> str:
    """The password as hashed (compatibility forms folded, so that any keyboard types it
    alike), or a Refusal."""
    if any(unicodedata.category(c) == "Cs" for c in text):
        raise _bad(
            "password",
            "a password is text without lone surrogates",
            "una password è testo senza surrogati isolati",
        )
    folded = unicodedata.normalize("NFKC", text)
    if not PASSWORD_MIN <= len(folded) <= PASSWORD_MAX:
        raise _bad(
            "password",
            f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters",
            f"una password ha da {PASSWORD_MIN} a {PASSWORD_MAX} caratteri",
        )
    return folded


def _bad(field: str, message: str, message_it: str) -> Refusal:
    return Refusal(
        422, f"bad_{field}", f"{field}: {message}.", message_it=f"{message_it}.", field=field
    )
