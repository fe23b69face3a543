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


def test_r69_an_earlier_deadline_takes_the_first_lotto_evening_after_it():
    table = g4("calendar")  # deadline Tuesday 4 March 2025, draw that evening
    override(table, "reschedule_turn", "1", {"deadline": "2025-03-08T18:50:00.000Z"})
    assert table.state.draw_date == "2025-03-08"  # a later deadline: Saturday's draw
    override(table, "reschedule_turn", "1", {"deadline": "2025-03-06T09:00:00.000Z"})
    assert table.state.draw_date == "2025-03-06"  # closed early: Thursday's, not Saturday's


def test_r69_a_draw_evening_before_the_deadline_is_refused_naming_the_first_possible():
    table = g4("calendar")
    refusal = refused(
        "E_DRAW_EVENING", override, table, "reschedule_turn", "1", {"draw_date": "2025-03-01"}
    )
    assert refusal.message_it == (
        "L'estrazione del turno non può essere del 1º marzo 2025: l'estrazione dev'essere dopo "
        "la scadenza del turno, martedì 4 marzo 2025, 19:50 (ora di Roma). La prima possibile "
        "è quella del 4 marzo 2025."
    )
