"""`evaluate(state, seat)`: a team's standing as its players would judge it, for the search
bots (DECISIONS 19), on Legends' scale: ±WIN for a finished game, well inside it in play."""

from tavola.bots import IsmctsBot, make_bot
from tavola.core import Table, get_game
from tavola.games.trono.evaluate import ELIMINATED, WIN, evaluate

from .tables import g4, post, turn

GAME = get_game("trono")
TYRELL = "player:tyrell1"


def value(table: Table, seat: str = TYRELL) -> float:
    return evaluate(table.state, seat)


def test_more_banners_are_better():
    assert value(g4()) < value(g4(tyrell={"banners": 4})) < value(g4(tyrell={"banners": 12}))


def test_more_soldiers_are_better():
    weak, middling = g4(tyrell={"soldiers": 3}), g4(tyrell={"soldiers": 10})
    assert value(weak) < value(middling) < value(g4())


def test_more_chests_are_better_while_turns_remain():
    assert value(g4()) < value(g4(tyrell={"chests": 15}))


def test_a_rival_ahead_lowers_the_standing():
    assert value(g4(greyjoy={"banners": 12})) < value(g4())


def test_an_eliminated_team_is_worse_off_than_any_team_still_in_play():
    out = g4(tyrell={"status": "eliminated", "soldiers": 0})
    hopeless = g4(tyrell={"soldiers": 3}, greyjoy={"banners": 40})
    assert value(out) == ELIMINATED < value(hopeless) < 0


def test_a_finished_game_scores_by_its_outcome():
    table = g4(setup={"turn": 36}, tyrell={"banners": 30})
    turn(table)
    assert table.state.phase == "over" and table.state.result["winners"] == ["tyrell"]
    assert value(table) == WIN
    assert value(table, "player:stark1") == -WIN


def test_values_in_play_stay_inside_a_finished_games_range():
    table = Table(GAME, GAME.sample_configs()[0], 2)
    bot = GAME.reference_bot(0)
    seats = [s for s in GAME.seats(table.state) if s.startswith("player:")]
    while table.outcome is None:
        for seat in seats:
            assert -WIN < value(table, seat) < WIN
        seat = sorted(table.to_act)[0]
        table.act(seat, bot.choose(GAME, table.state, seat))
    assert sorted(value(table, s) for s in seats) == [-WIN, -WIN, -WIN, WIN]


def test_a_sealed_post_counts_as_resolved():
    rallied, taxed = g4(), g4()
    post(rallied, "tyrell", ["rally", "rally", "rally"])
    post(taxed, "tyrell", ["tax", "tax", "tax"])
    assert value(taxed) < value(rallied)


def test_a_throne_low_on_soldiers_defends_rather_than_rallies():
    defended, rallied = g4(stark={"soldiers": 7}), g4(stark={"soldiers": 7})
    post(defended, "stark", ["defend", "defend", "defend"])
    post(rallied, "stark", ["rally", "rally", "rally"])
    assert value(rallied, "player:stark1") < value(defended, "player:stark1")


def test_evaluating_leaves_the_state_unchanged():
    table = g4()
    post(table, "tyrell", [("attack", "trono"), "tax", "rally"])
    before = table.hash
    value(table)
    assert table.hash == before


class Counted:
    """Trono counting the actions applied and the evaluations asked for."""

    def __init__(self) -> None:
        self.applied = self.evaluated = 0

    def __getattr__(self, name):
        return getattr(GAME, name)

    def apply(self, state, seat, action):
        self.applied += 1
        return GAME.apply(state, seat, action)

    def evaluate(self, state, seat):
        self.evaluated += 1
        return GAME.evaluate(state, seat)


def test_ismcts_stops_its_rollouts_at_the_evaluation():
    """With `evaluate`, a rollout is a couple of posts, not the rest of the game."""
    game = Counted()
    table = g4()
    action = IsmctsBot(1, iterations=60).choose(game, table.state, TYRELL)
    assert action in GAME.legal_actions(table.state, TYRELL)
    assert game.evaluated >= 60 and game.applied < 60 * 8


def test_greedy_plays_a_post_at_a_trono_table():
    action = make_bot("greedy", GAME, 1, TYRELL).choose(GAME, g4().state, TYRELL)
    assert action.type == "submit_post" and action in GAME.legal_actions(g4().state, TYRELL)
