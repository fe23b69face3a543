"""Scores and the result (§7, §9): the human must score strictly more."""

from __future__ import annotations

from tavola.games.seasons.game import game

from .engine_support import act, first, human_view, new, refused

ARRAY = [
    "Syllas the Faithful",
    "Amulet of Air",
    "Kairn the Destroyer",
    "Damned Soul of Onys",
    "Runic Cube of Eolis",
]


def over(config=None, crystals=87, cards=ARRAY):
    return new(
        config or {},
        phase="GAME_OVER",
        month=1,
        year=4,
        dummbot={"crystals": crystals, "array": cards},
    )


def test_s22_score_and_tie():
    """Scenario 22 (§7, §9): 87 crystals + array 54 = 141; a total of 141 loses, 142 wins."""
    state = over()
    view = human_view(state)
    assert view["dummbot"]["array_prestige"] == 54 and view["dummbot"]["score"] == 141
    tie = over()
    events = act(tie, "report_human_score", total=141)
    assert first(events, "result") == {
        "dummbot_score": 141,
        "human_score": 141,
        "winner": "dummbot",
    }
    assert tie.phase == "FINISHED"
    outcome = game.outcome(tie)
    assert outcome.winners == () and outcome.reason == "dummbot_scored_more_or_tied"
    win = over()
    act(win, "report_human_score", total=142)
    assert win.result["winner"] == "human"
    assert game.outcome(win).placements == {"human": 1}
    assert game.outcome(win).scores == {"human": 142, "dummbot": 141}


def test_score_zero_against_zero_loses():
    """§7: 0 crystals and an empty array score 0; a human total of 0 loses."""
    state = over(crystals=0, cards=[])
    act(state, "report_human_score", crystals=0, prestige=0)
    assert state.result["winner"] == "dummbot"


def test_s23_practice_needs_the_breakdown():
    """Scenario 23 (§6.2): total 90 → BREAKDOWN_REQUIRED; crystals −1 → INVALID_SCORE;
    crystals 70 + prestige 20 → 90. Before game over → WRONG_PHASE."""
    early = new({"mode": "practice"}, dummbot_face="+6c /2")
    refused(early, "WRONG_PHASE", "report_human_score", crystals=70, prestige=20)
    state = over({"mode": "practice"})
    refused(state, "BREAKDOWN_REQUIRED", "report_human_score", total=90)
    refused(state, "INVALID_SCORE", "report_human_score", crystals=-1, prestige=5)
    act(state, "report_human_score", crystals=70, prestige=20)
    assert state.result["human_score"] == 90


def test_score_ranges_and_the_confirming_total():
    """§6.2 ranges; a total sent with the breakdown must be its sum (DECISIONS)."""
    state = over()
    refused(state, "INVALID_SCORE", "report_human_score", total=20000)
    refused(state, "INVALID_SCORE", "report_human_score", crystals=10, prestige=-1000)
    refused(state, "INVALID_SCORE", "report_human_score", crystals=10, prestige=5, total=16)
    refused(state, "BAD_ARGUMENT", "report_human_score", crystals=10)
    refused(state, "BAD_ARGUMENT", "report_human_score")
    act(state, "report_human_score", crystals=100, prestige=-5, total=95)
    assert state.result == {
        "dummbot_crystals": 87,
        "dummbot_prestige": 54,
        "dummbot_score": 141,
        "human_score": 95,
        "winner": "dummbot",
        "ended_by_cap": False,
    }


def test_finished_refuses_everything():
    state = over()
    act(state, "report_human_score", total=200)
    refused(state, "FINISHED", "report_human_score", total=1)
    refused(state, "FINISHED", "undo")
    assert game.to_act(state) == frozenset() and game.legal_actions(state, "human") == []


def test_safety_cap_outcome_reason():
    state = new(phase="GAME_OVER", month=5, year=2, ended_by_cap=True)
    act(state, "report_human_score", total=1)
    assert state.result["ended_by_cap"] and game.outcome(state).reason == "safety_cap"
