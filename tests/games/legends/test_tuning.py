"""Legends of AZ's `CardTuning` capability: the balance assistant's candidate changes stay
within the rarity budgets and add no `tavola cards lint` miss, grow with their size, count
only what the table plays, and the proposal is a config and a file the game accepts."""

import pytest
from typer.testing import CliRunner

from tavola.bots import make_bot
from tavola.cli import app
from tavola.core import ConfigError, ContentError, Viewer, get_game
from tavola.core.capabilities import CardTuning, TuningRules, capability
from tavola.games.legends.cards import CARD_ADAPTER, CharacterCard
from tavola.games.legends.catalog import Catalog, load_catalog, read_catalog_file
from tavola.games.legends.config import check_config, parse_config
from tavola.games.legends.lint import BUDGETS, FLOORS, budget_misses, lint_catalog
from tavola.games.legends.sim_rows import LegendsRows
from tavola.sim.spec import build_spec

OVERPOWERED = {
    "card_id": "OP-001",
    "name": "Paladino Esagerato",
    "name_en": "Overdone Paladin",
    "type": "character",
    "rarity": "R",
    "series": "S1",
    "alignment": "lawful_good",
    "sub_type": "pure",
    "hp": 999,
    "str": 100,
    "mp": 100,
    "def": 100,
}


STRAPPACAMICIA = {"mode": "simplified", "simplified": {"max_clashes": 100}}


def tuning() -> CardTuning:
    offered = capability(get_game("legends"), CardTuning)
    assert offered is not None
    return offered


def config(mode: str, **options):
    return dict(
        build_spec("legends", ["reference", "reference"], 1, {"mode": mode, **options}).config
    )


def test_legends_declares_card_tuning():
    assert "card_tuning" in get_game("legends").info.capabilities


@pytest.mark.parametrize("direction", ["weaken", "strengthen"])
def test_candidates_grow_smallest_first_and_never_move_a_stat_back(direction):
    table = config("classic")
    for card_id in ("S1-001", "S1-007", "S1-024", "S1-036", "S1-051", "S1-057"):
        candidates = tuning().card_changes(table, [], card_id, direction)
        sizes = [c.size for c in candidates]
        assert sizes == sorted(set(sizes)), card_id
        reached: dict[str, int] = {}
        for change in candidates:
            for stat in change.stats:
                moved = abs(stat.new - stat.old)
                assert moved >= reached.get(stat.stat, 0), (card_id, stat)
                reached[stat.stat] = moved


@pytest.mark.parametrize("mode", ["classic", "simplified"])
@pytest.mark.parametrize("direction", ["weaken", "strengthen"])
def test_every_candidate_keeps_the_starter_set_within_budgets_and_lint_clean(mode, direction):
    table = config(mode)
    for card_id in load_catalog():
        for change in tuning().card_changes(table, [], card_id, direction):
            assert tuning().tuning_problems(table, [change]) == [], change


def test_a_weakening_never_takes_the_set_below_its_coverage():
    """§3.9 asks for two evil characters with HP >= 800: S1-023 stops at 800."""
    candidates = tuning().card_changes(config("simplified"), [], "S1-023", "weaken")
    assert {s.stat: s.new for s in candidates[-1].stats}["hp"] == 800


def after(card_id, change):
    card = load_catalog()[card_id]
    stats = {"hp": card.hp, "str": card.str_, "mp": card.mp, "def": card.def_}
    return stats | {s.stat: s.new for s in change.stats}


def strongest_below(rarity):
    ranks = "CRLMT"
    return max(
        c.hp + c.str_ + c.mp + c.def_
        for c in load_catalog().cards()
        if isinstance(c, CharacterCard) and ranks.index(c.rarity) < ranks.index(rarity)
    )


def test_a_weakened_mythic_keeps_its_floors_and_stays_above_every_lower_rarity():
    """Issue 32: a proposal made the Mythic S1-008 (820/80/80/80) into 160/15/15/15, weaker
    than every Common. Its floors (HP 700, STR+MP+DEF 180, each stat 40) and the strongest
    Legendary's total (S1-022, 915) now hold it up."""
    floor = FLOORS["M"]
    candidates = tuning().card_changes(config("simplified"), [], "S1-008", "weaken")
    assert candidates
    for change in candidates:
        stats = after("S1-008", change)
        assert stats["hp"] >= floor.hp
        assert stats["str"] + stats["mp"] + stats["def"] >= floor.stat_sum
        assert min(stats["str"], stats["mp"], stats["def"]) >= floor.stat
        assert sum(stats.values()) >= strongest_below("M") == 915
        assert tuning().tuning_problems(config("simplified"), [change]) == []


def test_the_designer_may_allow_a_rarity_inversion_but_never_a_floor_breach():
    allowed = TuningRules(allow_rarity_inversion=True)
    table = config("simplified")
    candidates = tuning().card_changes(table, [], "S1-008", "weaken", allowed)
    weakest = after("S1-008", candidates[-1])
    assert sum(weakest.values()) < 915
    assert weakest["hp"] == FLOORS["M"].hp
    assert tuning().tuning_problems(table, [candidates[-1]], allowed) == []
    problems = tuning().tuning_problems(table, [candidates[-1]])
    assert problems and "lower rarity" in problems[0]


def test_strengthening_a_common_never_lifts_it_over_a_rarer_card():
    """S1-014, a Rare of total 265, already falls short of the strongest Common (465, an
    authored inversion): no Common may be strengthened to widen the gap."""
    table = config("simplified")
    assert tuning().card_changes(table, [], "S1-019", "strengthen") == []  # the strongest C
    candidates = tuning().card_changes(table, [], "S1-001", "strengthen")
    assert candidates
    assert all(sum(after("S1-001", change).values()) <= 465 for change in candidates)


def test_floors_are_part_of_the_budgets_lint_checks():
    weak = load_catalog()["S1-008"].model_copy(update={"hp": 160, "str_": 15})
    misses = budget_misses(weak)
    assert "S1-008: HP 160 is below the M floor 700" in misses
    assert "S1-008: STR 15 is below the M floor 40" in misses
    assert lint_catalog(load_catalog()) == []


def test_locked_cards_and_stats_are_left_as_they_are():
    table = config("simplified")
    card = TuningRules(frozenset({"S1-008"}))
    assert tuning().card_changes(table, [], "S1-008", "weaken", card) == []
    for lock in ("hp", "S1-008:hp"):
        rules = TuningRules(frozenset({lock}))
        candidates = tuning().card_changes(table, [], "S1-008", "weaken", rules)
        assert candidates
        assert all(s.stat != "hp" for c in candidates for s in c.stats)
    tuning().check_rules(table, TuningRules(frozenset({"S1-008", "hp", "S1-001:def"})))
    with pytest.raises(ConfigError, match="S1-999"):
        tuning().check_rules(table, TuningRules(frozenset({"S1-999"})))
    with pytest.raises(ConfigError, match="agility"):
        tuning().check_rules(table, TuningRules(frozenset({"agility"})))


def test_strengthening_stops_at_the_rarity_budget():
    budget = BUDGETS["T"]
    for change in tuning().card_changes(config("simplified"), [], "S1-024", "strengthen"):
        stats = {"hp": 960, "str": 95, "mp": 90, "def": 80} | {s.stat: s.new for s in change.stats}
        assert stats["hp"] <= budget.hp
        assert stats["str"] + stats["mp"] + stats["def"] <= budget.stat_sum


def test_in_the_simplified_mode_only_characters_have_numbers_that_count():
    """R123: a special card is worth 0 in a clash, whatever its effects say."""
    simplified, classic = config("simplified"), config("classic")
    assert tuning().card_changes(simplified, [], "S1-036", "weaken") == []
    assert tuning().card_changes(classic, [], "S1-036", "weaken")
    assert tuning().card_changes(simplified, [], "S1-001", "weaken")


def test_a_drawback_shrinks_when_its_card_is_strengthened():
    """S1-051 gives +25 STR (its R budget) and -20 DEF: only the drawback can move."""
    candidates = tuning().card_changes(config("classic"), [], "S1-051", "strengthen")
    assert candidates
    for change in candidates:
        assert [s.stat for s in change.stats] == ["effects[1].amount (def)"]
        (stat,) = change.stats
        assert -20 < stat.new < 0


def test_an_over_budget_card_is_only_offered_changes_that_bring_it_within():
    table = config("simplified", catalog=["starter_S1", OVERPOWERED])
    candidates = tuning().card_changes(table, [], "OP-001", "weaken")
    assert candidates and candidates[0].size == 50  # the first share within the R budget
    assert tuning().card_changes(table, [], "OP-001", "strengthen") == []
    for change in candidates:
        assert tuning().tuning_problems(table, [change]) == []


def test_the_tuned_config_plays_the_changed_card():
    table = config("simplified")
    (change, *_) = tuning().card_changes(table, [], "S1-008", "weaken")
    tuned = tuning().tuned_config(table, [change])
    catalog = check_config(parse_config(tuned))
    new = {s.stat: s.new for s in change.stats}
    assert catalog["S1-008"].hp == new["hp"]
    assert catalog["S1-001"] == load_catalog()["S1-001"]
    get_game("legends").new(tuned, 3)  # a game starts with it


def test_the_written_catalogue_validates_and_stays_budget_clean(tmp_path):
    table = config("simplified", catalog=["starter_S1", OVERPOWERED])
    change = tuning().card_changes(table, [], "OP-001", "weaken")[1]
    path = tmp_path / "catalogue.toml"
    tuning().write_tuned_catalog(table, [change], path)
    result = CliRunner().invoke(app, ["cards", "validate", str(path)])
    assert result.exit_code == 0, result.output
    catalog_id, cards, problems = read_catalog_file(path)
    assert problems == [] and len(cards) == 61
    written = Catalog(catalog_id, cards)
    assert budget_misses(written["OP-001"]) == []
    assert written["OP-001"].hp == {s.stat: s.new for s in change.stats}["hp"]
    given = Catalog("given", [*load_catalog().cards(), CARD_ADAPTER.validate_python(OVERPOWERED)])
    assert any("budget" in line for line in lint_catalog(given))
    assert not any("budget" in line for line in lint_catalog(written))
    assert set(lint_catalog(written)) < set(lint_catalog(given))


def test_a_catalogue_file_travels_inline_and_an_id_by_name(tmp_path):
    path = tmp_path / "mine.toml"
    tuning().write_tuned_catalog(config("simplified"), [], path)
    inline = tuning().catalog_options(str(path))["catalog"]
    assert isinstance(inline, list) and len(inline) == 61
    assert inline[0] == {"catalog": "starter_S1_tuned"}  # the file's id names the cards
    label = tuning().catalog_label({"catalog": inline})
    assert label == f"starter_S1_tuned (sha256 {load_catalog().content_hash()})"
    assert tuning().catalog_options("starter_S1") == {"catalog": "starter_S1"}
    with pytest.raises(ContentError):
        tuning().catalog_options("no_such_catalogue")


def test_seat_rotations_move_the_decks_round_the_seats():
    assert tuning().seat_rotations(config("simplified")) == [config("simplified")]
    classic = config("classic")
    rotations = tuning().seat_rotations(classic)
    decks = [[p["contribution"] for p in r["players"]] for r in rotations]
    assert len(rotations) == 2 and decks[1] == decks[0][::-1]
    assert [p["age"] for p in rotations[1]["players"]] == [p["age"] for p in classic["players"]]


def test_good_and_evil_decks_rotate_only_within_their_side():
    seats = ["reference"] * 4
    table = build_spec("legends", seats, 1, {"mode": "classic", "sides": "good_vs_evil"}).config
    for rotation in tuning().seat_rotations(table):
        for before, after in zip(table["players"], rotation["players"], strict=True):
            assert before["team"] == after["team"]
        check_config(parse_config(rotation))


def test_a_simplified_card_counts_for_the_seat_it_was_dealt_to():
    """The balance figures of Strappacamicia credit a card to the seat it was dealt to (its
    first flipper), never to a seat that won it later."""
    game = get_game("legends")
    spec = build_spec("legends", ["reference", "reference"], 4, STRAPPACAMICIA)
    state = game.new(spec.config, spec.game_seed(0))
    bots = {seat: make_bot("reference", game, 0, seat) for seat in game.seats(state)}
    events = list(game.opening_events(state))
    dealt = None
    while waiting := game.to_act(state):
        seat = sorted(waiting)[0]
        events += game.apply(state, seat, bots[seat].choose(game, state, seat))
        if dealt is None and state.strappa is not None:
            piles = state.strappa.piles.items()
            dealt = {s: {state.instances[iid] for iid in pile} for s, pile in piles}
    assert any(e.type == "clash_won" for e in events)
    plays = LegendsRows().plays(game.view(state, Viewer.referee()), events)
    assert len(plays) == len({card for card, _ in plays}) > 30
    for card, seat in plays:
        assert card in dealt[seat]


def test_an_over_budget_card_comes_down_to_its_floors_not_under_them():
    """OP-001 is over its R caps: it may come down as far as the R floors (with the
    inversion allowed), never under one to buy its way down."""
    table = config("simplified", catalog=["starter_S1", OVERPOWERED])
    rules = TuningRules(allow_rarity_inversion=True)
    candidates = tuning().card_changes(table, [], "OP-001", "weaken", rules)
    assert [c.label for c in candidates][-3:] == ["-70%", "-80%", "-90%"]
    floor = FLOORS["R"]
    for change in candidates:
        stats = {s.stat: s.new for s in change.stats}
        assert (
            stats["hp"] >= floor.hp and min(stats["str"], stats["mp"], stats["def"]) >= floor.stat
        )
        assert stats["str"] + stats["mp"] + stats["def"] >= floor.stat_sum
        assert tuning().tuning_problems(table, [change], rules) == []
