"""Issue 28, finding 1: predicting a tournament's deals from the seeds it publishes.

    python bench/attacks/seed_prediction.py

A four-bot single-elimination tournament is created through the real server (the app in
this process, on its own SQLite file; nothing listens on a network), its seed drawn by the
server as for anyone's. Once the semi-finals are over their seeds are public (the
tournament's view, each game's record). The attack then searches every 31-bit stream seed
for the one whose PCG32 outputs are those two seeds (a small C program, built here with
the system's `cc`; without one the rate of the same search in Python is measured and the
time of the whole search extrapolated), rebuilds the tournament from that seed and the
public view, and says the final's seed before comparing it with the one published.

Before the fix the seed is found in seconds and the final's seed predicted. After it, the
whole search finds nothing: each game's seed is keyed (HMAC-SHA256) by a 256-bit secret
the server never shows, not drawn from a stream."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tavola.core import Rng
from tavola.features.tournaments.format import (
    Entrant,
    new_tournament,
    pending,
    record,
    register,
    start,
)
from tavola.server.app import create_app

MASK = (1 << 64) - 1
MULT = 6364136223846793005
INC = Rng(0).inc
OPTIONS = {"format": "single_elimination", "deck_size": 6, "max_rounds": 3}
DECK = ["S1-001", "S1-002", "S1-003", "S1-009", "S1-010", "S1-011"]
BOTS = ("reference", "random", "reference", "random")
DEADLINE = 120.0
PYTHON_SAMPLE = 1 << 20
"""Seeds the Python search tries to measure its rate."""

SEARCH_C = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
static inline uint32_t out(uint64_t old) {
    uint32_t x = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (x >> rot) | (x << ((-rot) & 31));
}
int main(int argc, char **argv) {
    uint64_t a1 = strtoull(argv[1], 0, 10), b1 = strtoull(argv[2], 0, 10);
    uint64_t a2 = strtoull(argv[3], 0, 10), b2 = strtoull(argv[4], 0, 10);
    uint32_t s1 = (uint32_t)strtoul(argv[5], 0, 10), s2 = (uint32_t)strtoul(argv[6], 0, 10);
    uint64_t state = b1;
    for (uint64_t m = 0; m < (1ULL << 31); m++, state += a1)
        if (out(state) == s1 && out(a2 * m + b2) == s2) printf("%llu\n", (unsigned long long)m);
    return 0;
}
"""


def affine(draws: int) -> tuple[int, int]:
    """(a, b) such that the state whose output is draw number `draws` (from 0) of the
    stream of seed m is a*m + b (mod 2**64): `Rng.__init__` then one step per draw."""
    a, b = MULT, (INC * MULT + INC) & MASK  # (inc + m) * MULT + inc
    for _ in range(draws):
        a, b = (a * MULT) & MASK, (b * MULT + INC) & MASK
    return a, b


def output(old: int) -> int:
    x = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
    rot = old >> 59
    return ((x >> rot) | (x << ((-rot) & 31))) & 0xFFFFFFFF


def play(client: TestClient) -> dict[str, Any]:
    """The tournament, created as anyone creates one, played to its end by bots."""
    created = client.post("/api/tournaments", json={"game": "legends", "options": OPTIONS})
    assert created.status_code == 201, created.text
    tournament_id, organiser = created.json()["tournament_id"], created.json()["organiser_token"]
    headers = {"Authorization": f"Bearer {organiser}"}
    for i, kind in enumerate(BOTS):
        registration = {"age": 20 + i, "main": DECK[0], "deck": DECK}
        body = {"name": f"Bot {i + 1}", "kind": kind, "registration": registration}
        answer = client.post(
            f"/api/tournaments/{tournament_id}/entrants", json=body, headers=headers
        )
        assert answer.status_code == 201, answer.text
    assert (
        client.post(f"/api/tournaments/{tournament_id}/start", headers=headers).status_code == 200
    )
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        seen = client.get(f"/api/tournaments/{tournament_id}").json()
        if seen["status"] == "over":
            return dict(seen["public"])
        time.sleep(0.05)
    raise SystemExit("the tournament did not end in time")


def search_c(first: int, second: int, draws: int) -> tuple[list[int], float] | None:
    """Every 31-bit seed whose stream draws `first` then `second` after `draws` draws."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    with tempfile.TemporaryDirectory() as work:
        source, program = Path(work, "search.c"), Path(work, "search")
        source.write_text(SEARCH_C)
        subprocess.run([compiler, "-O2", "-o", str(program), str(source)], check=True)
        a1, b1 = affine(draws)
        a2, b2 = affine(draws + 1)
        began = time.perf_counter()
        found = subprocess.run(
            [str(program), *map(str, (a1, b1, a2, b2, first, second))],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
        return [int(m) for m in found], time.perf_counter() - began


def python_rate(first: int, draws: int) -> float:
    """Seeds a second the same search tries in Python."""
    a, b = affine(draws)
    state, began = b, time.perf_counter()
    for _ in range(PYTHON_SAMPLE):
        if output(state) == first:
            pass
        state = (state + a) & MASK
    return PYTHON_SAMPLE / (time.perf_counter() - began)


def rebuilt_final_seed(public: dict[str, Any], seed: int) -> int:
    """The final's seed as the attacker computes it from the stream's seed and the
    semi-finals' public places, before the final is played."""
    t = new_tournament(OPTIONS, seed)
    for name in public["entrants"]:
        register(t, Entrant(name=name))
    start(t)
    shown = {g["id"]: g for r in public["rounds"] for m in r["matches"] for g in m["games"]}
    for game in pending(t):
        names = [public["entrants"][e] for e in game.entrants]
        record(t, game.id, [shown[game.id]["places"][n] for n in names])
    return pending(t)[0].seed


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        app = create_app(f"sqlite:///{Path(work, 'tavola.db')}", bot_delay=0, tick=0.01)
        with TestClient(app) as client:
            public = play(client)
    games = {g["id"]: g["seed"] for r in public["rounds"] for m in r["matches"] for g in m["games"]}
    first, second, final = games["r1.m1.g1"], games["r1.m2.g1"], games["r2.m1.g1"]
    print(f"published: semi-final seeds {first} and {second}; the final's {final}")
    if max(first, second) >= 2**32:
        print("the seeds are wider than a stream's 32-bit outputs: searched on their low bits")
        first, second = first & 0xFFFFFFFF, second & 0xFFFFFFFF
    draws = 2 * (len(public["entrants"]) - 1)  # the seeding lottery's and the tickets' shuffles
    rate = python_rate(first, draws)
    print(
        f"python search: {rate:,.0f} seeds/s, all 2**31 in {2**31 / rate / 60:,.0f} min"
        " (extrapolated)"
    )
    searched = search_c(first, second, draws)
    if searched is None:
        print("no C compiler: the full search is not run here")
        return
    found, seconds = searched
    print(f"C search over all 2**31 stream seeds: {seconds:.1f} s, found {found or 'none'}")
    for seed in found:
        predicted = rebuilt_final_seed(public, seed)
        verdict = "PREDICTED" if predicted == final else "wrong"
        print(f"stream seed {seed}: the final's seed would be {predicted}: {verdict}")
    if not found:
        print(
            "no stream of a 31-bit seed draws these seeds: each game's seed is keyed by a"
            " 256-bit secret the server never shows (HMAC-SHA256 over the game's slot), so"
            " the published seeds say nothing of the others; a search is over 2**256 secrets"
        )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
