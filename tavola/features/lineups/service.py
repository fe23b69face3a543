"""Saved lineups for any game that offers `Lineups`: the game found (or a 404 naming why),
its catalogue and check, and an account's lineups read, saved (only valid ones, and at
most `SAVED_MAX` per game) and deleted."""

from __future__ import annotations

from typing import Any

from tavola.core import Game, UnknownGame, get_game
from tavola.core.capabilities import Lineups, capability
from tavola.server.live import aware
from tavola.server.refusal import Refusal
from tavola.store import Database
from tavola.store.repo import now

from . import records
from .names import lineup_name
from .tables import SavedLineupRow

SAVED_MAX = 30
"""Lineups an account may keep per game."""


def lineups_of(name: str) -> tuple[Game[Any], Lineups]:
    """The game `name` and its lineups, or a 404: no such game, or one without lineups."""
    try:
        game = get_game(name)
    except UnknownGame as exc:
        raise Refusal.of(404, exc) from None
    lineups = capability(game, Lineups)
    if lineups is None:
        title = game.info.text(game.info.title, "en")
        raise Refusal(
            404,
            "no_lineups",
            f"{title} has no lineups to build or save.",
            message_it=f"{game.info.text(game.info.title, 'it')} non ha formazioni da comporre"
            " o salvare.",
            messages={
                "ja": f"{game.info.text(game.info.title, 'ja')}には保存できる編成がありません。"
            },
        )
    return game, lineups


def catalog(name: str, lang: str | None) -> dict[str, Any]:
    """The game's catalogue in `lang`, or in its first language when it lacks `lang`."""
    game, lineups = lineups_of(name)
    languages = game.info.languages
    chosen = lang if lang in languages else ("en" if "en" in languages else languages[0])
    return {**lineups.lineup_catalog(chosen), "game": game.name, "lang": chosen}


def check(name: str, body: Any) -> dict[str, Any]:
    _, lineups = lineups_of(name)
    return lineups.check_lineup(body).to_json()


def saved(db: Database, account_id: str, name: str) -> list[dict[str, Any]]:
    game, _ = lineups_of(name)
    with db.session() as session:
        rows = records.of_account(session, account_id, game.name)
    return [_entry(row) for row in rows]


def save(
    db: Database, account_id: str, name: str, lineup_name_sent: str, body: Any
) -> dict[str, Any]:
    """Saves a valid lineup under its name (replacing one of that name): 422
    `invalid_lineup` with the problems otherwise, 409 `too_many_lineups` past the limit."""
    game, lineups = lineups_of(name)
    kept_name = lineup_name(lineup_name_sent)
    checked = lineups.check_lineup(body)
    if not checked.ok or checked.lineup is None:
        raise Refusal(
            422,
            "invalid_lineup",
            "This lineup breaks the rules: see its problems.",
            message_it="Questa formazione non rispetta le regole: guarda i suoi problemi.",
            messages={"ja": "この編成はルールに違反しています。問題点を確認してください。"},
            problems=[p.to_json() for p in checked.problems],
            summary=dict(checked.summary),
        )
    at = now()
    with db.session() as session:
        count = records.save(session, account_id, game.name, kept_name, dict(checked.lineup), at)
        if count > SAVED_MAX:
            session.rollback()
            raise Refusal(
                409,
                "too_many_lineups",
                f"You already keep {SAVED_MAX} lineups for this game: delete one first.",
                message_it=f"Hai già {SAVED_MAX} formazioni salvate per questo gioco:"
                " prima cancellane una.",
                messages={
                    "ja": f"このゲームの編成はすでに{SAVED_MAX}個保存されています。"
                    "先にどれかを削除してください。"
                },
            )
        session.commit()
    return {"name": kept_name, "lineup": checked.lineup, "updated_at": at.isoformat()}


def delete(db: Database, account_id: str, name: str, lineup_name_sent: str) -> dict[str, Any]:
    game, _ = lineups_of(name)
    kept_name = lineup_name(lineup_name_sent)
    with db.session() as session:
        removed = records.remove(session, account_id, game.name, kept_name)
        session.commit()
    if not removed:
        raise Refusal(
            404,
            "unknown_lineup",
            "You have no saved lineup of that name for this game.",
            message_it="Non hai nessuna formazione salvata con quel nome per questo gioco.",
            messages={"ja": "このゲームにその名前の保存済み編成はありません。"},
        )
    return {"name": kept_name, "deleted": True}


def _entry(row: SavedLineupRow) -> dict[str, Any]:
    moment = aware(row.updated_at).isoformat()  # SQLite reads its instants back naive
    return {"name": row.name, "lineup": row.body, "updated_at": moment}
