"""Issue 28, finding 6: `TAVOLA_CREATE_BURST=0`, which the README calls no limit.

    PYTHONPATH=. python bench/attacks/create_burst_zero.py [--requests 40]

Prints whether the server starts, and how many of the creations it accepts."""

from __future__ import annotations

import argparse

import httpx
from served import ANNA, BRUNO, serve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=40)
    args = parser.parse_args()
    body = {"game": "legends", "options": {"mode": "simplified"}, "seats": [ANNA, BRUNO]}
    try:
        with (
            serve({"TAVOLA_CREATE_BURST": "0"}) as server,
            httpx.Client(base_url=server.url, timeout=30) as client,
        ):
            codes = [
                client.post(
                    "/api/games", json={**body, "seed": s, "practice_seed_known": True}
                ).status_code
                for s in range(args.requests)
            ]
    except RuntimeError as exc:
        print(f"server started: no ({exc})")
        return
    print(f"server started: yes; games created: {codes.count(201)} of {args.requests}")


if __name__ == "__main__":
    main()
