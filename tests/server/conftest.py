"""Server fixtures: a database of each kind (SQLite file, real PostgreSQL), and apps."""

from __future__ import annotations

import itertools
import uuid

import pytest
from sqlalchemy import create_engine, text

from tavola.store import Database

from . import pg


@pytest.fixture(scope="session")
def pg_cluster():
    if not pg.available():
        pytest.fail("PostgreSQL is not installed: `make test` installs Debian's postgresql")
    with pg.cluster() as url:
        yield url


_databases = itertools.count()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A fresh, empty database: a SQLite file, or a new database in the test cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tavola.db'}"
    base = request.getfixturevalue("pg_cluster")
    name = f"t{next(_databases)}_{uuid.uuid4().hex[:6]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return base.rsplit("/", 1)[0] + f"/{name}"


@pytest.fixture
def database(db_url):
    """A migrated `Database` on `db_url`."""
    db = Database(db_url)
    db.migrate()
    yield db
    db.dispose()
