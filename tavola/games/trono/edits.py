"""Two referees never silently overwrite each other (issue 27, point 3; DECISIONS 37).

A referee's edit may carry `seen`: the length of the audit trail the referee was reading
(the view's `audit_seen`). The version is per subject: the edit is refused E_EDIT_STALE
only when an audited edit made after `seen` touched the same thing (Stark's chests, the
Throne, a player's team…), so unrelated edits made meanwhile never collide. The refusal
says who changed it, when (Rome time) and from what to what."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from tavola.core import IllegalAction

from .messages import Phrase, day_of, day_words, reason, refuse, sentence
from .state import AuditEntry, TronoState

# The overrides that change the same thing: a character's grant, revocation and charges.
GROUPS = {
    "grant_character": "character",
    "revoke_character": "character",
    "set_charges": "character",
    "move_player": "player",
    "remove_player": "player",
    # the season's characters (season_characters.py): an edit and a removal collide
    "edit_character": "catalogue",
    "remove_character": "catalogue",
}


def thing_of(kind: str, value: Mapping[str, Any]) -> str | None:
    """What inside the subject an override changes: a parameter, a character."""
    if kind == "adjust_parameter":
        return str(value.get("param"))
    if GROUPS.get(kind) == "character":
        return str(value.get("character"))
    if kind == "set_seat":
        return str(value.get("seat"))
    return None


def key_of(kind: str, subject: str, thing: str | None) -> tuple[str, str, str | None]:
    if kind == "set_seat":  # the seat is the thing, whoever takes it
        return (kind, "", thing)
    return (GROUPS.get(kind, kind), subject, thing)


def seen_of(args: Mapping[str, Any]) -> int | None:
    seen = args.get("seen")
    if seen is None:
        return None
    if not isinstance(seen, int) or isinstance(seen, bool) or seen < 0:
        raise refuse("E_OVERRIDE_RANGE", detail=reason("seen"))
    return seen


def check_seen(
    state: TronoState, seen: int | None, kind: str, subject: str, thing: str | None
) -> None:
    """E_EDIT_STALE when an edit after `seen` changed the same thing (the latest one)."""
    if seen is None:
        return
    key = key_of(kind, subject, thing)
    later = [e for e in state.audit[seen:] if key_of(e.kind, e.subject, e.thing) == key]
    if not later:
        return
    last = later[-1]
    said = {}
    for lang in ("it", "en"):
        params = {
            # a table whose referees have no seat names (the command line): "Un arbitro"
            "who": state.config.referee_names.get(last.referee) or Phrase("stale.someone"),
            "what": what_phrase(state, last),
            "when": _when(state, last.at),
            "before": _words(state, last, last.before, lang),
            "after": _words(state, last, last.after, lang),
        }
        said[lang] = sentence(lang, "E_EDIT_STALE", params)
    raise IllegalAction("E_EDIT_STALE", said["en"], message_it=said["it"])


def _when(state: TronoState, at: int) -> Any:
    zone = ZoneInfo(state.config.timezone)
    moment = datetime.fromtimestamp(at / 1000, tz=UTC).astimezone(zone)
    today = datetime.fromtimestamp(state.now / 1000, tz=UTC).astimezone(zone).date()
    clock = f"{moment:%H:%M}"
    if moment.date() == today:
        return Phrase("stale.at", {"time": clock})
    return Phrase("stale.on", {"day": day_words(moment.date())["date"], "time": clock})


def _house(state: TronoState, key: str) -> str:
    from .houses import display_name

    team = next((t for t in state.teams if t.key == key), None)
    if team is not None and team.house_id:
        return display_name(team.house_id, state.config.house_display_set)
    return key


def what_phrase(state: TronoState, entry: AuditEntry) -> Phrase:
    """The thing an audited edit changed, as a sentence names it ("le casse di Stark")."""
    from .state import catalogue_of

    kind, subject = entry.kind, entry.subject
    group = GROUPS.get(kind, kind)
    if kind == "adjust_parameter" and entry.thing in ("soldiers", "chests", "banners"):
        return Phrase(f"stale.param.{entry.thing}", {"house": _house(state, subject)})
    if group == "character":
        found = catalogue_of(state).get(str(entry.thing))
        name = found.name if found is not None else str(entry.thing)
        return Phrase("stale.character", {"character": name, "house": _house(state, subject)})
    if group == "catalogue":
        shown = entry.before if isinstance(entry.before, dict) else {}
        return Phrase("stale.catalogue", {"character": str(shown.get("name", subject))})
    if kind == "set_seat":
        seat = entry.thing
        return Phrase(f"stale.seat.{seat}" if seat in ("throne", "tower") else "stale.game")
    if group == "player":
        player = state.players.get(subject)
        return Phrase("stale.player", {"name": player.display_name if player else subject})
    if kind == "disqualify_team":
        return Phrase("stale.team", {"house": _house(state, subject)})
    if kind == "assign_house":
        return Phrase("stale.house_of", {"no": subject})
    if kind == "shift_draw":
        from datetime import date

        return Phrase("stale.shift_draw", {"day": day_of(date.fromisoformat(subject))})
    if kind in ("reschedule_turn", "correct_draw"):
        return Phrase(f"stale.{kind}", {"turn": subject})
    return Phrase("stale.game")


def _words(state: TronoState, entry: AuditEntry, value: Any, lang: str) -> str:
    """A value as the audit trail says it (houses, characters, days by name)."""
    from .audit_words import audit_words
    from .forum_words import with_names
    from .state import catalogue_of
    from .views import referee_view

    view = with_names(referee_view(state), catalogue_of(state))
    people = {uid: p.display_name for uid, p in state.players.items()}
    said = audit_words(view, {**entry.model_dump(), "before": value}, people, lang)
    return said["before"]
