"""Gioco del Trono gets the same simulation: a practice table of bot teams, one row per
game, the same rows whatever the number of workers."""

from tavola.sim import build_spec, simulate


def test_trono_practice_games_simulate_alike_on_one_and_two_workers():
    spec = build_spec("trono", ["reference", "reference", "reference", "random"], seed=3)
    one = simulate(spec, 4, workers=1)
    two = simulate(spec, 4, workers=2, chunk_size=1)
    assert one.rows == two.rows
    assert [row["game"] for row in one.rows] == [0, 1, 2, 3]
    for row in one.rows:
        assert row["winners"]  # every practice game ends with a winner (R72–R74)
        assert row["bot_player:bot04"] == "random"
        places = [row[f"place_player:bot0{i}"] for i in range(1, 5)]
        assert sorted(places) == [1, 2, 3, 4]
