"""The house book's one table: per game, the tables opened and finished. Its own metadata,
not the store's: the feature's table exists only where the feature is registered (its
migration), so the store's models never claim it."""

from __future__ import annotations

from sqlalchemy import Column, Integer, MetaData, String, Table

metadata = MetaData()

HOUSE_BOOK = Table(
    "house_book",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("opened", Integer, nullable=False),
    Column("finished", Integer, nullable=False),
)

FAILING_ROWS = Table("failing_rows", metadata, Column("game_id", String(80), primary_key=True))
"""Tests only: what a failing feature wrote before it raised (test_failing_part)."""
