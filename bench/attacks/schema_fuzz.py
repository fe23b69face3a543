"""Issue 28, finding 7: schemathesis's requests, positive and negative, against the server in
process, and how many schema-valid ones the server refused for their shape.

    python bench/attacks/schema_fuzz.py [--examples 15]

For each operation and each mode (positive: requests the schema allows; negative: requests
it does not), `--examples` requests drawn with a fixed seed (the same each run). A request
that names a game is sent again for each real game, and one on a game's path again on a
real table with a seat's token, so that bodies reach the games. Each request sent is
drawn as positive is checked against the published schema itself (its parameters are
valid as drawn, its body may have been changed); printed: requests, 5xx answers, and
schema-valid requests refused for their shape (422 `bad_request`, or `invalid_config` for
one option: what the schema should have said), with a few of them.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import jsonschema_rs
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode

from tavola.server.app import create_app

GAMES = ("legends", "trono", "league", "seasons")
RULES_ACROSS_FIELDS = frozenset({"seed", "practice_seed_known", "creator_seat"})
"""The request's own rules across fields (`bad_request` naming the field), which no JSON
schema the generators read states: counted apart."""


class Fuzz:
    def __init__(self, examples: int) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="tavola-fuzz-"))
        self.app = create_app(
            f"sqlite:///{self.folder / 'tavola.db'}", bot_delay=3600, create_limit=None
        )
        self.schema = schemathesis.openapi.from_asgi("/openapi.json", self.app)
        self.document = self.app.openapi()
        self.examples = examples
        self.counts: Counter[str] = Counter()
        self.refused: list[str] = []
        self.seat = self._real_seat()

    def _real_seat(self) -> tuple[str, str, str]:
        live, passes = self.app.state.service.tables.create(
            "legends",
            {"mode": "simplified"},
            [{"name": "Anna", "age": 9}, {"name": "Bruno", "age": 30}],
            seed=3,
            practice_seed_known=True,
        )
        seat, given_pass = next(iter(passes.items()))
        token = self.app.state.service.tables.join(
            live.game_id, seat, None, None, given_pass.invite
        )
        return live.game_id, seat, token

    def validator(self, path: str, method: str) -> Any:
        body = self.document["paths"][path][method.lower()].get("requestBody")
        if body is None:
            return None
        found = body["content"].get("application/json", {}).get("schema")
        if found is None:
            return None
        root = {**found, "components": self.document["components"]}
        return jsonschema_rs.Draft202012Validator(root)

    def send(self, case: Any, validator: Any, positive: bool) -> None:
        response = case.call()
        self.counts["requests"] += 1
        if response.status_code >= 500:
            self.counts["5xx"] += 1
        if response.status_code != 422 or not positive or not self.valid(case, validator):
            return
        answer = response.json()
        if answer.get("field") in RULES_ACROSS_FIELDS:
            self.counts["schema-valid, refused by a rule across fields"] += 1
        if self.for_shape(answer):
            self.counts["schema-valid, refused for shape"] += 1
            if len(self.refused) < 6:
                sent = json.dumps(case.body, default=str)[:140]
                self.refused.append(f"{case.method} {case.path}: {sent} -> {answer['message']}")

    @staticmethod
    def for_shape(answer: dict[str, Any]) -> bool:
        """A refusal of the request's shape: the routes' and the seat models' (`bad_request`,
        but for the request's rules across fields: a seed at a person's table, where the
        creator sits), or one option's type or bounds (`invalid_option` on `options.…`). A
        game's rule across fields (a practice table's seats are bots) is the game's."""
        field = str(answer.get("field", ""))
        if answer.get("code") == "bad_request":
            return field not in RULES_ACROSS_FIELDS
        return answer.get("reason") == "invalid_option" and field.startswith("options.")

    @staticmethod
    def valid(case: Any, validator: Any) -> bool:
        """The request's body as the published schema judges it (no schema: valid)."""
        if validator is None:
            return True
        if not isinstance(case.body, dict | list | str | int | float | bool):
            return False  # no body, or bytes
        try:
            return bool(validator.is_valid(case.body))
        except ValueError:  # not JSON at all (bytes, no body)
            return False

    def send_variants(self, case: Any, validator: Any, positive: bool) -> None:
        """The request as drawn, then for each real game, then on a real table."""
        self.send(case, validator, positive)
        body = case.body
        if isinstance(body, dict) and "game" in body:
            for game in GAMES:
                case.body = {**body, "game": game}
                self.send(case, validator, positive)
            case.body = body
        params = case.path_parameters or {}
        if "game_id" in params:
            game_id, seat, token = self.seat
            headers = case.headers
            case.path_parameters = {**params, "game_id": game_id}
            if "seat" in params:
                case.path_parameters["seat"] = seat
            case.headers = {**(headers or {}), "Authorization": f"Bearer {token}"}
            self.send(case, validator, positive)
            case.path_parameters, case.headers = params, headers

    def run(self) -> None:
        for result in self.schema.get_all_operations():
            operation = result.ok()
            validator = self.validator(operation.path, operation.method)
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                try:
                    self.draw(operation, validator, mode)
                except Unsatisfiable:  # nothing to make invalid (no parameter, no body)
                    continue

    def draw(self, operation: Any, validator: Any, mode: GenerationMode) -> None:
        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(
            max_examples=self.examples,
            derandomize=True,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        def draw(case: Any) -> None:
            self.send_variants(case, validator, mode is GenerationMode.POSITIVE)

        draw()

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=15)
    args = parser.parse_args()
    fuzz = Fuzz(args.examples)
    try:
        fuzz.run()
    finally:
        fuzz.close()
    for key in (
        "requests",
        "5xx",
        "schema-valid, refused for shape",
        "schema-valid, refused by a rule across fields",
    ):
        print(f"{key}: {fuzz.counts[key]}")
    for line in fuzz.refused:
        print("  " + line)


if __name__ == "__main__":
    main()
