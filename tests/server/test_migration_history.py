"""Migrations are history: the schema after every revision, upgrading one step at a time from
nothing to the head and then downgrading back to nothing, is the one a golden file recorded
(on the code before the migrations shared `tavola/store/migrations/columns.py`). A helper
edited later, or a migration that builds a column another way, shows up here on SQLite and
PostgreSQL.

A new revision adds its steps: regenerate the golden file only on purpose, after checking
that the earlier steps' lines did not change:

    .venv/bin/python -m tests.server.test_migration_history --regen
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, create_engine, inspect

from tavola.store.db import migrations

GOLDEN = Path(__file__).parent / "golden" / "migration_history.json"


def _schema(connection: Connection) -> dict[str, Any]:
    """Every table's columns, keys, references, indexes and unique constraints."""
    found = inspect(connection)
    tables: dict[str, Any] = {}
    for table in sorted(found.get_table_names()):
        if table == "alembic_version":
            continue
        tables[table] = {
            "columns": [
                f"{c['name']} {c['type']!r} {'NULL' if c['nullable'] else 'NOT NULL'}"
                + (f" DEFAULT {c['default']}" if c.get("default") is not None else "")
                for c in found.get_columns(table)
            ],
            "primary_key": found.get_pk_constraint(table)["constrained_columns"],
            "foreign_keys": sorted(
                f"{f['constrained_columns']} -> {f['referred_table']}{f['referred_columns']}"
                for f in found.get_foreign_keys(table)
            ),
            "indexes": sorted(
                f"{i['name']} {i['column_names']}{' UNIQUE' if i['unique'] else ''}"
                for i in found.get_indexes(table)
            ),
            "unique": sorted(str(u["column_names"]) for u in found.get_unique_constraints(table)),
        }
    return tables


def history(db_url: str) -> list[dict[str, Any]]:
    """Each step up from nothing to the head, then each step down, with the tables it
    changed: as they are after it, or None where it dropped them."""
    engine = create_engine(db_url)
    steps: list[dict[str, Any]] = []
    try:
        with engine.begin() as connection:
            config = migrations(connection)
            revisions = [s.revision for s in ScriptDirectory.from_config(config).walk_revisions()]
            before: dict[str, Any] = {}
            moves = [("up", r) for r in reversed(revisions)]
            moves += [("down", r) for r in [*revisions[1:], "base"]]
            for way, revision in moves:
                if way == "up":
                    command.upgrade(config, revision)
                else:
                    command.downgrade(config, revision)
                after = _schema(connection)
                changed = {
                    t: after.get(t)
                    for t in sorted({*before, *after})
                    if before.get(t) != after.get(t)
                }
                steps.append({way: revision, "tables": changed})
                before = after
    finally:
        engine.dispose()
    return steps


def test_every_revision_builds_the_schema_it_always_built(db_url):
    dialect = "sqlite" if db_url.startswith("sqlite") else "postgresql"
    golden = json.loads(GOLDEN.read_text())[dialect]
    steps = history(db_url)
    for step, recorded in zip(steps, golden, strict=False):
        assert step == recorded
    assert len(steps) == len(golden)


def _regenerate() -> None:
    from tests.server import pg

    with tempfile.TemporaryDirectory() as folder, pg.cluster() as pg_url:
        recorded = {
            "sqlite": history(f"sqlite:///{folder}/tavola.db"),
            "postgresql": history(pg_url),
        }
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__" and "--regen" in sys.argv:
    _regenerate()
