"""Issue 28, finding 2: one client writes a new `X-Forwarded-For` on every creation.

    PYTHONPATH=. python bench/attacks/forwarded_for.py [--requests 45]

Prints how many games the one loopback client created against the default limit of 30 (no
trusted proxy set), and how many wrong sign-ins it could make, to as many names, before it
was told to wait (20 free a client)."""

from __future__ import annotations

import argparse
import random

import httpx
from served import ANNA, BRUNO, serve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=45)
    args = parser.parse_args()
    rng = random.Random(7)
    with serve() as server, httpx.Client(base_url=server.url, timeout=30) as client:
        codes = []
        for seed in range(args.requests):
            forged = ".".join(str(rng.randrange(1, 255)) for _ in range(4))
            body = {
                "game": "legends",
                "options": {"mode": "simplified"},
                "seats": [ANNA, BRUNO],
                "seed": seed,
                "practice_seed_known": True,
            }
            answer = client.post("/api/games", json=body, headers={"X-Forwarded-For": forged})
            codes.append(answer.status_code)
        client.get("/api/me")  # the page's first request: its CSRF token
        token = {"X-CSRF-Token": client.cookies.get("tavola_csrf") or ""}
        signins = []
        for attempt in range(args.requests):
            forged = ".".join(str(rng.randrange(1, 255)) for _ in range(4))
            body = {"name": f"guess{attempt}", "password": "not the password"}
            headers = {**token, "X-Forwarded-For": forged}
            signins.append(client.post("/api/account/signin", json=body, headers=headers))
    created = codes.count(201)
    refused = codes.count(429)
    print(f"games created: {created} of {args.requests} (limit 30); refused 429: {refused}")
    waited = sum(1 for s in signins if s.status_code == 429)
    print(
        f"failed sign-ins checked: {len(signins) - waited} of {len(signins)} (20 free a client);"
        f" told to wait (429): {waited}"
    )


if __name__ == "__main__":
    main()
