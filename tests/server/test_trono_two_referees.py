"""Two referees never silently overwrite each other (issue 27, point 3): an override
carries the version the referee saw (`seen`, the audit trail's length in the view); a
second edit of the same thing made on an older version is refused, naming who changed it,
when and to what; an edit of another thing made meanwhile still passes."""

from __future__ import annotations

from .test_trono_workflow import FIRST, SECOND, client, clock, season

__all__ = ["client", "clock"]  # the fixtures this module borrows


def chests(house: str, to: int, seen: int, why: str) -> dict[str, object]:
    return {
        "type": "override",
        "kind": "adjust_parameter",
        "subject": house,
        "value": {"param": "chests", "to": to},
        "reason": why,
        "seen": seen,
    }


def test_a_second_override_of_the_same_parameter_on_an_older_version_is_refused(client, clock):
    game = season(client, clock)
    clock.set("2026-10-26 21:14")
    first_saw = game.view(FIRST)["view"]["audit_seen"]
    second_saw = game.view(SECOND)["view"]["audit_seen"]
    assert game.view(FIRST)["view"]["teams"]["stark"]["chests"] == 5
    game.ok(FIRST, chests("stark", 6, first_saw, "errore di trascrizione"))
    after_first = game.view(SECOND)["view"]

    clock.set("2026-10-26 21:20")
    refused = game.act(SECOND, chests("stark", 9, second_saw, "bonus"))
    assert 400 <= refused.status_code < 500, refused.text
    body = refused.json()
    assert body["code"] == "E_EDIT_STALE"
    assert body["message_it"] == (
        "Arbitra Uno ha già cambiato le casse di Stark alle 21:14 (5 → 6): "
        "ricarica per vedere il valore attuale."
    )
    assert body["message"] == (
        "Arbitra Uno already changed Stark's chests at 21:14 (5 → 6): "
        "reload to see the current value."
    )
    now = game.view(SECOND)["view"]
    assert now["teams"]["stark"]["chests"] == 6
    assert now["audit"] == after_first["audit"]

    # another thing (Tyrell's chests, Stark's soldiers) on the same old version still passes
    game.ok(SECOND, chests("tyrell", 7, second_saw, "bonus"))
    soldiers = {
        **chests("stark", 0, second_saw, "diserzione"),
        "value": {"param": "soldiers", "to": 3},
    }
    game.ok(SECOND, soldiers)
    # and the same thing on the version that shows the first change passes too
    game.ok(SECOND, chests("stark", 9, first_saw + 1, "bonus"))
    assert game.view(FIRST)["view"]["teams"]["stark"]["chests"] == 9


def test_a_moved_draw_made_on_an_older_version_is_refused_too(client, clock):
    game = season(client, clock)
    clock.set("2026-12-07 10:00")
    saw = game.view(SECOND)["view"]["audit_seen"]
    moved = {"type": "shift_draw", "regular": "2026-12-08", "moved_to": "2026-12-07"}
    game.ok(FIRST, {**moved, "reason": "Immacolata", "seen": saw})
    late = {**moved, "moved_to": "2026-12-09", "reason": "festa", "seen": saw}
    refused = game.act(SECOND, late)
    assert refused.status_code == 422, refused.text
    assert refused.json()["message_it"].startswith(
        "Arbitra Uno ha già cambiato l'estrazione dell'8 dicembre 2026 alle 10:00 ("
    )
