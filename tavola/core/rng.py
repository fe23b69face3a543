"""A small seeded RNG (PCG32) whose whole state is two integers.

Games keep one in their state, so that (config, seed, setup, action log) rebuilds the
exact game and a clone carries the same future. Python's `random` is avoided on purpose:
its state is large and its algorithms may change between Python versions.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


def derive_seed(seed: int, *labels: object) -> int:
    """A new 63-bit seed from a seed and labels, e.g. one per bot seat or per simulated game."""
    text = "|".join([str(seed), *map(str, labels)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


SECRET_BYTES = 32
"""A keyed seed's secret: 256 bits, beyond any search."""
KEYED_SEED_BITS = 62
"""A keyed seed's size: as many bits as a table's own seed drawn by the server."""


def new_secret() -> str:
    """A fresh secret for `keyed_seed`, in hex (for the shell: drawing it is an input)."""
    return secrets.token_hex(SECRET_BYTES)


def keyed_seed(secret: str, *labels: object) -> int:
    """A seed nobody can compute or guess without `secret`: HMAC-SHA256 over the labels
    (a game's slot). Unlike a stream's next output, seeds of other labels, published or
    not, tell nothing of it."""
    message = "|".join(map(str, labels)).encode()
    digest = hmac.new(bytes.fromhex(secret), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - KEYED_SEED_BITS)


class Rng:
    """PCG-XSH-RR 32-bit output, 64-bit state."""

    __slots__ = ("inc", "state")

    def __init__(self, seed: int, stream: int = 0x5EED) -> None:
        self.inc = ((stream << 1) | 1) & _MASK64
        self.state = 0
        self.next_u32()
        self.state = (self.state + (seed & _MASK64)) & _MASK64
        self.next_u32()

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if not 0 < n <= 0x100000000:
            raise ValueError(f"bound out of range: {n}")
        # `next_u32` inlined, with literal constants and fewer big-integer operations
        # (each costs hundreds of instructions): every random choice of every game passes
        # here. `2**32 % n` is `(2**32 - n) % n`; doubling the 32 bits then shifting is
        # the 32-bit rotation.
        threshold = 0x100000000 % n
        while True:
            old = self.state
            self.state = (old * 6364136223846793005 + self.inc) & 0xFFFFFFFFFFFFFFFF
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            r = (xorshifted * 0x100000001 >> (old >> 59)) & 0xFFFFFFFF
            if r >= threshold:
                return r % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return ((self.next_u32() >> 5) * 67108864 + (self.next_u32() >> 6)) / 9007199254740992.0

    def choice(self, items: Sequence[T]) -> T:
        """`items[self.below(len(items))]`, with `below` inlined (one call less per pick)."""
        n = len(items)
        if not 0 < n <= 0x100000000:
            raise ValueError(f"bound out of range: {n}")
        threshold = 0x100000000 % n
        while True:
            old = self.state
            self.state = (old * 6364136223846793005 + self.inc) & 0xFFFFFFFFFFFFFFFF
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            r = (xorshifted * 0x100000001 >> (old >> 59)) & 0xFFFFFFFF
            if r >= threshold:
                return items[r % n]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        other.inc = self.inc
        return other

    def to_json(self) -> dict[str, int]:
        return {"state": self.state, "inc": self.inc}

    @classmethod
    def from_json(cls, data: dict[str, int]) -> Rng:
        rng = cls.__new__(cls)
        rng.state = int(data["state"]) & _MASK64
        rng.inc = int(data["inc"]) & _MASK64
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.state, self.inc) == (other.state, other.inc)

    def __hash__(self) -> int:
        return hash((self.state, self.inc))

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
