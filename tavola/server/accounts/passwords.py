"""Password hashes (argon2, through pwdlib). A hash takes tens of milliseconds and 64 MiB:
a few at a time, so that a burst of sign-ins cannot exhaust the server's memory."""

from __future__ import annotations

import functools
import secrets
import threading

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher

AT_ONCE = 4
"""Hashes computed at the same time at most; the others wait their turn."""

_hasher = PasswordHash((Argon2Hasher(),))
_turns = threading.BoundedSemaphore(AT_ONCE)


def hash_password(password: str) -> str:
    with _turns:
        return _hasher.hash(password)


def check_password(password: str, stored: str | None) -> tuple[bool, str | None]:
    """Whether `password` matches `stored`, and its new hash when the stored one was made
    with weaker settings. No account (None): a hash is checked all the same, so that the
    answer takes as long whether the name exists or not."""
    with _turns:
        if stored is None:
            _hasher.verify(password, _unknown())
            return False, None
        return _hasher.verify_and_update(password, stored)


@functools.cache
def _unknown() -> str:
    """The hash of a password nobody knows."""
    return _hasher.hash(secrets.token_urlsafe(24))
