"""R24 and R69: a deadline a referee moved to an instant off the minute is told to the
second in the late post's refusal, beside the post's own instant."""

from .tables import g4, override, post, refused


def test_r24_a_late_post_after_a_moved_deadline_names_it_to_the_second():
    table = g4("calendar")
    moved = {"deadline": "2025-03-03T12:00:30.000Z"}  # 13:00:30 in Rome
    override(table, "reschedule_turn", "1", moved)
    late = refused(
        "E_DEADLINE_PASSED", post, table, "tyrell", ["tax"] * 3, at="2025-03-03T12:00:31Z"
    )
    assert "13:00:30" in late.localized("it") and "13:00:31" in late.localized("it")
    assert "13:00:30" in late.localized("en")


def test_r24_a_deadline_on_the_minute_reads_without_seconds():
    table = g4("calendar")
    late = refused(
        "E_DEADLINE_PASSED", post, table, "tyrell", ["tax"] * 3, at="2025-03-04T18:50:02Z"
    )
    assert "19:50 " in late.localized("it") and "19:50:02" in late.localized("it")
