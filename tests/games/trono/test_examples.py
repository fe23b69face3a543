"""Worked examples A–D (§7.4–§7.7) and the battle formulas (R29–R40, R51–R57)."""

from .tables import D, close, draw, g4, g8, post, team, with_values


def example_a(abandon: int = 18):
    table = g4()
    post(table, "stark", [("attack", "all"), "defend", "defend"], abandon=abandon)
    post(table, "tyrell", [("attack", "stark"), ("attack", "stark"), "tax"])
    post(table, "greyjoy", ["defend", ("attack", "trono"), "rally"])
    post(table, "lannister", [("attack", "greyjoy"), "defend", "tax"])
    draw(table)
    return table


def test_example_a_battle_results():
    table = example_a()
    assert (team(table, "stark").soldiers, team(table, "stark").banners) == (17, 2)
    assert (team(table, "tyrell").soldiers, team(table, "tyrell").chests) == (20, 8)
    assert (team(table, "greyjoy").soldiers, team(table, "greyjoy").banners) == (18, 3)
    assert (team(table, "lannister").soldiers, team(table, "lannister").chests) == (20, 9)
    assert all(t.turns_without_attack == 0 for t in table.state.teams)


def test_r51_example_a_stark_steps_down_and_tyrell_climbs():
    table = example_a(18)
    assert table.state.throne == "tyrell"
    assert table.state.bulletins[-1]["lines_it"][1] == "Trono: tyrell"


def test_r51_threshold_equal_to_soldiers_stays():
    assert example_a(17).state.throne == "stark"


def test_example_b_steals_in_post_order():
    table = g8(
        greyjoy={"characters": ["nerea_salsedine"]},
        martell={"characters": ["gemma_tagliaborse"]},
        lannister={"chests": 4},
    )
    numbers = with_values(D, "MI", [0, 0, 0, 0, 0])
    for house in ("tully", "tyrell", "arryn", "targaryen", "baratheon"):
        post(table, house, ["defend", "defend", "defend"])
    post(table, "lannister", ["defend", "defend", "defend"])
    post(
        table,
        "greyjoy",
        ["defend", "defend", ("attack", "trono")],
        at="2025-03-04T10:00:00Z",
        deploy=[{"character": "nerea_salsedine", "target": "lannister"}],
    )
    post(
        table,
        "martell",
        ["defend", "defend", ("attack", "trono")],
        at="2025-03-04T11:00:00Z",
        deploy=[{"character": "gemma_tagliaborse", "target": "lannister"}],
    )
    close(table)
    draw(table, numbers)
    assert team(table, "lannister").chests == 0
    assert team(table, "greyjoy").chests == 5 + 3
    assert team(table, "martell").chests == 5 + 1
    assert team(table, "greyjoy").owns("nerea_salsedine").charges_left == 2
    assert team(table, "martell").owns("gemma_tagliaborse").charges_left == 2


def test_example_c_reduce_shield():
    table = g8(arryn={"characters": ["livia_altarocca"]})
    numbers = with_values(D, "GE", [1, 1, 0, 0, 0])  # arryn: defend 1 + defend 1 = 2
    numbers = with_values(numbers, "FI", [4, 3, 0, 0, 0])  # tyrell attacks arryn 4 + 3
    for house in ("tully", "greyjoy", "lannister", "targaryen", "martell", "baratheon"):
        post(table, house, ["defend", "defend", "defend"])
    post(table, "tyrell", [("attack", "arryn"), ("attack", "arryn"), "tax"])
    post(table, "arryn", ["defend", "defend", "tax"], deploy=[{"character": "livia_altarocca"}])
    close(table)
    draw(table, numbers)
    assert table.state.resolutions[-1]["battle"]["arryn"]["damage"] == 2


def test_example_c_throne_immunity():
    table = g8(greyjoy={"characters": ["anselmo_quieto"]})
    numbers = with_values(D, "RM", [3, 0, 0, 0, 0])  # baratheon attack(all) = 3
    numbers = with_values(numbers, "MI", [2, 0, 0, 0, 0])  # lannister attack(greyjoy) = 2
    numbers = with_values(numbers, "CA", [0, 0, 0, 0, 0])
    for house in ("tully", "tyrell", "arryn", "targaryen", "martell"):
        post(table, house, ["tax", "tax", "tax"])
    post(table, "baratheon", [("attack", "all"), "tax", "tax"])
    post(table, "lannister", [("attack", "greyjoy"), "tax", "tax"])
    post(table, "greyjoy", ["defend", "tax", "tax"], deploy=[{"character": "anselmo_quieto"}])
    close(table)
    draw(table, numbers)
    resolution = table.state.resolutions[-1]
    assert resolution["battle"]["greyjoy"]["damage"] == 2
    assert resolution["op"]["greyjoy"]["baratheon"] == 3


def example_d():
    table = g8(baratheon={"soldiers": 12})
    numbers = with_values(D, "RM", [1, 1, 2, 0, 0])
    numbers = with_values(numbers, "NA", [3, 2, 0, 0, 0])
    numbers = with_values(numbers, "PA", [1, 3, 4, 0, 0])
    numbers = with_values(numbers, "FI", [4, 1, 3, 0, 0])
    for house in ("tully", "greyjoy", "arryn", "lannister"):
        post(table, house, ["tax", "tax", "tax"])
    post(table, "baratheon", [("attack", "all"), "defend", "defend"])
    post(
        table,
        "martell",
        [("attack", "trono"), "rally", ("attack", "baratheon")],
        at="2025-03-04T09:00:00Z",
    )
    post(
        table,
        "targaryen",
        [("attack", "baratheon"), ("attack", "baratheon"), "rally"],
        at="2025-03-04T10:00:00Z",
    )
    post(
        table,
        "tyrell",
        [("attack", "baratheon"), ("attack", "baratheon"), "tax"],
        at="2025-03-04T10:00:00Z",
    )
    return table, numbers


def test_example_d_succession_with_tower():
    table, numbers = example_d()
    close(table)
    draw(table, numbers)
    assert team(table, "baratheon").status == "eliminated"
    assert team(table, "baratheon").banners == 0
    assert table.state.tower_exists
    assert table.state.throne == "martell"  # tie 5–5 with targaryen; martell posted first
    assert table.state.tower == "tyrell"
    assert team(table, "tyrell").banners == 2
