"""The battle told in words (Narration), in Japanese, English and Italian: each event from
its own data, a viewer's filtered events naming nothing it may not see; refusals in the
three languages."""

import pytest

from tavola.core import Action, Event, IllegalAction, Table, Viewer, filter_events
from tavola.games.league.game import game
from tavola.games.league.messages import MESSAGES
from tavola.games.league.narrate import narrate, narrate_for

from .engine_support import table as league_table

LANGS = ("ja", "en", "it")


def played(seed: int = 3) -> Table:
    from tavola.bots import make_bot

    table = Table(game, {"lineups": ["preset_a", "preset_b"]}, seed)
    table.play({s: make_bot("reference", game, seed, s) for s in ("0", "1")})
    return table


def test_every_language_has_every_key_of_the_others():
    assert all(not missing for missing in MESSAGES.missing_keys().values())


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_of_a_whole_battle_is_told_or_skipped_in_each_language(lang):
    table = played()
    for seat in ("0", "1"):
        events = filter_events(table.events, Viewer.seat(seat))
        lines = narrate_for(events, lang)
        assert len(lines) == len(events)
        assert all(line is None or (line and "{" not in line) for line in lines)


def test_r14_dice_say_the_face_and_what_galaxy_makes_of_it():
    event = Event("DICE_ROLLED", {"faces": [3, 4], "values": [5, 4]})
    assert narrate([event], "en") == [
        "Dice: Player 1 rolls 3, which counts as 5; Player 2 rolls 4."
    ]
    assert narrate([event], "ja") == ["サイコロ：プレイヤー1は3（5として扱う）、プレイヤー2は4。"]
    assert narrate([event], "it") == ["Dadi: Giocatore 1 tira 3, che vale 5; Giocatore 2 tira 4."]


def test_r17_an_override_names_the_card_and_the_changes_left_with_agreeing_plurals():
    one = Event(
        "DIE_OVERRIDDEN",
        {"seat": "1", "card": "1-03", "card_id": "C21", "value": 6, "uses_left": 1},
    )
    [en] = narrate([one], "en")
    [it] = narrate([one], "it")
    assert "(1 die change left)" in en and "Player 2 discards" in en
    assert "(gli resta 1 cambio del dado)" in it
    none = Event("DIE_OVERRIDDEN", {**one.data, "uses_left": 0})
    assert "no die changes left" in narrate([none], "en")[0]


def test_r26_a_face_down_card_is_named_to_its_owner_only():
    table = league_table({"start": "tactic", "attacker": 0, "seats": {"0": {"hand": ["C01"]}}})
    table.act("0", Action("set_tactic", card="C01"))
    mine = narrate(filter_events(table.events, Viewer.seat("0")), "en")
    theirs = narrate(filter_events(table.events, Viewer.seat("1")), "en")
    assert "Player 1 sets Power Surge face down on the strategy zone." in mine
    assert "Player 1 sets a card face down on the strategy zone." in theirs
    assert not any("Power Surge" in line for line in theirs)


def test_r27_a_designation_is_told_to_its_owner_and_the_opponent_sees_only_the_step_end():
    table = league_table({"start": "tactic", "attacker": 0})
    legal = [a for a in table.game.legal_actions(table.state, "0") if a.type == "designate_legend"]
    table.act("0", legal[0])
    theirs = narrate(filter_events(table.events, Viewer.seat("1")), "ja")
    assert "プレイヤー1の戦術ステップが終わりました。" in theirs
    assert not any("指定しました" in line for line in theirs)


def test_r30_entry_names_the_legend_its_attribute_and_abilities():
    event = Event(
        "LEGEND_ENTERED", {"seat": "0", "legend": "L05", "abilities": ["A04", "A02"], "cost": 4}
    )
    [line] = narrate([event], "en")
    assert line.startswith(
        "Starfall Knight enters the arena for Player 1 (Star, damage value 2,500"
    )
    assert "paying 4 cost" in line


def test_r38_damage_and_life_in_words():
    damage = Event(
        "DAMAGE_CALCULATED",
        {"e_att": 2500, "e_def": 1800, "blocked": True, "raw": 700, "final": 1100},
    )
    life = Event("LIFE_CHANGED", {"seat": "1", "from": 10000, "to": 8900, "delta": -1100})
    assert narrate([damage, life], "it") == [
        "Danno: 2500 contro un blocco di 1800 lascia 700; danno finale 1100.",
        "Giocatore 2 perde 1100 punti vita: 10.000 → 8900.",
    ]


LIFE_LOST = Event("LIFE_CHANGED", {"seat": "0", "from": 10000, "to": 9000, "delta": -1000})


def test_r38_life_is_written_with_english_thousands_separators():
    assert narrate([LIFE_LOST], "en") == ["Player 1 loses 1,000 life: 10,000 → 9,000."]


def test_r38_life_is_written_with_japanese_thousands_separators():
    assert narrate([LIFE_LOST], "ja") == ["プレイヤー1のライフが1,000減少：10,000 → 9,000。"]


def test_r38_life_is_written_with_italian_thousands_separators_from_five_digits():
    # Italian groups from five digits on, as the browser's Intl.NumberFormat("it") does.
    assert narrate([LIFE_LOST], "it") == ["Giocatore 1 perde 1000 punti vita: 10.000 → 9000."]


@pytest.mark.parametrize(
    ("lang", "lives"), [("en", "10,000 – 9,500"), ("ja", "10,000 – 9,500"), ("it", "10.000 – 9500")]
)
def test_v5_the_lives_at_the_end_are_written_in_each_language(lang, lives):
    event = Event(
        "GAME_ENDED", {"winner": "0", "condition": "turn_cap", "lives": [10000, 9500], "turn": 61}
    )
    [line] = narrate([event], lang)
    assert lives in line


def test_v1_to_v6_every_ending_is_told_in_each_language():
    for condition in (
        "life_zero",
        "no_legends",
        "both_out_life",
        "deck_out",
        "turn_cap",
        "concession",
    ):
        for winner in ("0", None):
            event = Event(
                "GAME_ENDED",
                {"winner": winner, "condition": condition, "lives": [500, 0], "turn": 9},
            )
            for lang in LANGS:
                [line] = narrate([event], lang)
                assert "{" not in line and "tell." not in line


def test_refusals_come_in_japanese_english_and_italian():
    table = league_table({"start": "tactic", "attacker": 0})
    with pytest.raises(IllegalAction) as refused:
        table.act("0", Action("declare_attack"))
    error = refused.value
    assert error.code == "WRONG_PHASE"
    assert error.localized("en") == "“Attack” is not possible now (tactic phase)"
    assert error.localized("it") == "«Attaccare» non è possibile ora (fase tattica)"
    assert error.localized("ja") == "今は「アタック」はできません（戦術フェイズ）"


def test_the_game_declares_narration_and_japanese():
    assert "narration" in game.info.capabilities and "ja" in game.info.languages
