"""Commitments: a secret fixed before it matters, published as its SHA-256, revealed after,
so that anyone can check it was never changed. One mechanism for every secret a table holds:
a game's seed (with a random salt) and any secret a game's rules fix ahead (a formation).

A commitment is the lowercase hex SHA-256 of the secret's UTF-8 bytes. A seed's secret is
the text `tavola-seed-v1:<seed in decimal>:<salt>`, the salt 64 lowercase hex characters
(256 random bits): a seed alone has at most 62 bits and its bare hash could be searched;
with the salt it cannot. The salt is revealed with the seed."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

SEED_SCHEME = "tavola-seed-v1"
"""Names the layout of a seed's secret; a new layout gets a new name."""
SALT_BYTES = 32
_SALT = re.compile(r"[0-9a-f]{64}")
_DIGEST = re.compile(r"[0-9a-f]{64}")


def digest(secret: str) -> str:
    """The commitment to `secret`: the hex SHA-256 of its UTF-8 bytes."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def opens(commitment: str, secret: str) -> bool:
    """Whether `secret` is the one `commitment` was made to."""
    return hmac.compare_digest(digest(secret), commitment.strip().lower())


def new_salt() -> str:
    """A fresh salt for a seed's commitment: 256 random bits as 64 hex characters."""
    return secrets.token_hex(SALT_BYTES)


def salt_of_chosen_seed(seed: int) -> str:
    """The salt of a seed the player chose at the terminal (`--seed`): no secret to keep
    from them, so derived from the seed, and the same seed plays and saves alike."""
    return digest(f"{SEED_SCHEME}:chosen:{int(seed)}")


def is_salt(salt: object) -> bool:
    return isinstance(salt, str) and _SALT.fullmatch(salt) is not None


def is_commitment(value: object) -> bool:
    return isinstance(value, str) and _DIGEST.fullmatch(value) is not None


def seed_secret(seed: int, salt: str) -> str:
    """The text a seed's commitment hashes (documented above; the browser builds the same)."""
    if not is_salt(salt):
        raise ValueError("a salt is 64 lowercase hex characters")
    return f"{SEED_SCHEME}:{int(seed)}:{salt}"


def seed_commitment(seed: int, salt: str) -> str:
    return digest(seed_secret(seed, salt))


def seed_opens(commitment: str, seed: int, salt: str) -> bool:
    """Whether `seed` and `salt` are what `commitment` was made to (a malformed salt is not)."""
    return is_salt(salt) and opens(commitment, seed_secret(seed, salt))
