"""A game kept in a record file: the load → replay → verify → act → atomic save cycle that
`tavola new/legal/act/view` and every game's own record commands share.

The file is a `GameRecord` (JSON: game, config, seed, setup, action log, state hash). Loading
replays the log and checks the recorded state hash; an action is written back only if the
game accepts it, through a temporary file renamed over the old one."""

from __future__ import annotations

import json
import os
import secrets
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from . import commitment
from .actions import Action, Event
from .capabilities import SampleConfigs, capability
from .errors import TavolaError
from .registry import get_game
from .table import GameRecord, Table, replay


class RecordProblem(TavolaError):
    """The record file cannot be used: missing, unreadable or its hash does not match."""


def read_config(path: Path | None) -> dict[str, Any]:
    """A TOML file's top-level keys, as the game's config."""
    if path is None:
        return {}
    try:
        with path.open("rb") as fh:
            return dict(tomllib.load(fh))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RecordProblem(
            "E_CONFIG_FILE", f"Cannot read {path}: {exc}", message_it=f"Non leggo {path}: {exc}"
        ) from None


def load_table(path: Path) -> Table:
    """Replays the record at `path` and checks its state hash."""
    try:
        record = GameRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        raise RecordProblem(
            "E_NO_RECORD",
            f"There is no game record at {path}.",
            message_it=f"Non c'è una partita in {path}.",
        ) from None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise RecordProblem(
            "E_BAD_RECORD",
            f"{path} is not a game record: {exc}",
            message_it=f"{path} non è una partita valida: {exc}",
        ) from None
    table = replay(record)
    if record.state_hash is not None and record.state_hash != table.hash:
        raise RecordProblem(
            "E_HASH_MISMATCH",
            f"{path}: replaying the log gives state {table.hash[:12]}…, the file says "
            f"{record.state_hash[:12]}…; the file was not written by this version or was edited.",
            message_it=f"{path}: rigiocando il registro si ottiene lo stato {table.hash[:12]}…, "
            f"il file dice {record.state_hash[:12]}…; il file è stato modificato o viene da "
            "un'altra versione.",
        )
    return table


def save_table(table: Table, path: Path) -> None:
    """Writes the record atomically: a temporary file in the same folder, renamed over."""
    text = json.dumps(table.record().to_json(), indent=1, ensure_ascii=False) + "\n"
    folder = path.resolve().parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def act_on_file(path: Path, seat: str, action: Action) -> tuple[Table, list[Event]]:
    """Loads, applies one action as `seat`, saves if accepted. A refusal raises
    `IllegalAction` and leaves the file untouched."""
    table = load_table(path)
    events = table.act(seat, action)
    save_table(table, path)
    return table, events


def create(
    game_name: str, path: Path, config: dict[str, Any], seed: int | None, *, force: bool
) -> Table:
    """A new game saved at `path` (without a config: the game's first sample table)."""
    if path.exists() and not force:
        raise RecordProblem(
            "E_FILE_EXISTS",
            f"{path} already exists (use --force to replace it).",
            message_it=f"{path} esiste già (usa --force per sostituirlo).",
        )
    game = get_game(game_name)
    if not config:
        samples = capability(game, SampleConfigs)
        config = dict(samples.sample_configs()[0]) if samples is not None else {}
    # `tavola verify` checks the salt; a seed chosen here gets one derived from it (as `play`).
    salt = commitment.new_salt() if seed is None else commitment.salt_of_chosen_seed(seed)
    seed = secrets.randbelow(2**31) if seed is None else seed
    table = Table(game, config, seed, salt=salt)
    save_table(table, path)
    return table
