"""The card catalogue (§3.3, §6.1 add_catalogue_card): the 50 base cards, name lookup and
suggestions, search-as-you-type, user additions and the cards_user.json file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tavola.core import TavolaError
from tavola.games.seasons.catalogue import (
    CARDS_FILE,
    Catalogue,
    DuplicateName,
    InvalidCardType,
    InvalidName,
    InvalidPrestige,
    UnknownCard,
    base_catalogue,
    levenshtein,
    load_catalogue,
    load_user_cards,
    normalise,
    save_user_cards,
)
from tavola.games.seasons.errors import DataInvalid

# The §3.3 table, copied from the spec: number, name, type, prestige.
BASE_CARDS = [
    (1, "Amulet of Air", "magic_item", 6),
    (2, "Amulet of Fire", "magic_item", 6),
    (3, "Amulet of Earth", "magic_item", 6),
    (4, "Amulet of Water", "magic_item", 6),
    (5, "Balance of Ishtar", "magic_item", 4),
    (6, "Staff of Spring", "magic_item", 9),
    (7, "Temporal Boots", "magic_item", 8),
    (8, "Purse of Io", "magic_item", 6),
    (9, "Divine Chalice", "magic_item", 10),
    (10, "Syllas the Faithful", "familiar", 14),
    (11, "Figrim the Avaricious", "familiar", 7),
    (12, "Naria the Prophetess", "familiar", 8),
    (13, "Wondrous Chest", "magic_item", 4),
    (14, "Beggar's Horn", "magic_item", 8),
    (15, "Die of Malice", "magic_item", 8),
    (16, "Kairn the Destroyer", "familiar", 9),
    (17, "Amsug Longneck", "familiar", 8),
    (18, "Bespelled Grimoire", "magic_item", 8),
    (19, "Ragfield's Helm", "magic_item", 10),
    (20, "Hand of Fortune", "magic_item", 9),
    (21, "Lewis Greyface", "familiar", 6),
    (22, "Runic Cube of Eolis", "magic_item", 30),
    (23, "Potion of Power", "magic_item", 0),
    (24, "Potion of Dreams", "magic_item", 0),
    (25, "Potion of Knowledge", "magic_item", 0),
    (26, "Potion of Life", "magic_item", 0),
    (27, "Hourglass of Time", "magic_item", 6),
    (28, "Scepter of Greatness", "magic_item", 8),
    (29, "Olaf's Blessed Statue", "magic_item", 0),
    (30, "Yjang's Forgotten Vase", "magic_item", 6),
    (31, "Elemental Amulet", "magic_item", 2),
    (32, "Tree of Light", "magic_item", 12),
    (33, "Arcano Leech", "familiar", 8),
    (34, "Crystal Orb", "magic_item", 6),
    (35, "Glutton Cauldron", "magic_item", 0),
    (36, "Vampiric Crown", "magic_item", 0),
    (37, "Dragon Skull", "magic_item", 9),
    (38, "Demon of Argos", "familiar", 16),
    (39, "Titus Deepgaze", "familiar", 4),
    (40, "Air Elemental", "familiar", 12),
    (41, "Thieving Fairies", "familiar", 6),
    (42, "Cursed Treatise of Arus", "magic_item", -10),
    (43, "Idol of the Familiar", "magic_item", 0),
    (44, "Necrotic Kriss", "magic_item", 6),
    (45, "Lantern of Xidit", "magic_item", 24),
    (46, "Sealed Chest of Urm", "magic_item", 10),
    (47, "Mirror of the Seasons", "magic_item", 8),
    (48, "Pendant of Ragnor", "magic_item", 0),
    (49, "Sid Nightshade", "familiar", 6),
    (50, "Damned Soul of Onys", "familiar", -5),
]
BASE = base_catalogue()


@pytest.mark.parametrize(("number", "name", "card_type", "prestige"), BASE_CARDS)
def test_base_card_matches_the_spec_table(
    number: int, name: str, card_type: str, prestige: int
) -> None:
    """(§3.3) Each base card: id base_NN, its number, name, type and prestige, 2 copies."""
    card = BASE.cards[f"base_{number:02d}"]
    assert (card.number, card.name, card.type, card.prestige) == (
        number,
        name,
        card_type,
        prestige,
    )
    assert (card.set, card.copies) == ("base", 2)
    assert len(card.aliases) == (0 if number == 49 else 1)  # its Italian name (Sid's is the same)


def test_italian_names_are_found_as_typed_and_searched() -> None:
    """(§3.3) Italian names are searched like aliases: accents, case and apostrophes aside."""
    assert BASE.lookup("amuleto dell’aria").name == "Amulet of Air"
    assert BASE.lookup("FIGRIM L'AVARO").name == "Figrim the Avaricious"
    assert [c.name for c in BASE.search("pozione", 10)] == [
        "Potion of Power",
        "Potion of Dreams",
        "Potion of Knowledge",
        "Potion of Life",
    ]


def test_base_catalogue_has_50_cards_13_familiars_and_only_figrim_changes_seasons() -> None:
    """(§3.3) 50 cards (100 with copies), 13 familiars, Figrim alone has a season effect."""
    assert len(BASE) == 50
    assert sum(card.copies for card in BASE) == 100
    assert sum(card.type == "familiar" for card in BASE) == 13
    assert [c.name for c in BASE if c.season_change_effect] == ["Figrim the Avaricious"]
    assert list(BASE.cards) == [f"base_{n:02d}" for n in range(1, 51)]


def test_base_catalogue_is_loaded_once() -> None:
    """The base catalogue is shared: every call gives the same object."""
    assert Catalogue.load_base() is base_catalogue() is BASE


@pytest.mark.parametrize(
    ("typed", "normal"),
    [
        ("AMULETTE D’EAU", "amulette deau"),
        ("Amulette d'eau", "amulette deau"),
        ("amulette d‘eau", "amulette deau"),
        ("Amulette d´eau", "amulette deau"),
        ("Amulette d`eau", "amulette deau"),
        ("  Olaf's   Blessed-Statue ", "olafs blessed statue"),
        ("Élixir de Vie", "elixir de vie"),
        ("Straße", "strasse"),
        ("Runic Cube of Eolis!", "runic cube of eolis"),
        ("ＫＡＩＲＮ", "kairn"),
    ],
)
def test_normalise(typed: str, normal: str) -> None:
    """(§3.3) NFKD, marks dropped, casefold, apostrophes deleted, other symbols → space."""
    assert normalise(typed) == normal


def test_lookup_forgives_case_spacing_and_apostrophes() -> None:
    """(§3.3) A typed name matches the card whose name has the same normal form."""
    assert BASE.lookup("  amulet   OF air ").id == "base_01"
    assert BASE.lookup("OLAF’S BLESSED STATUE").id == "base_29"
    assert BASE.lookup("yjangs forgotten vase").number == 30


def test_unknown_card_message_and_suggestion() -> None:
    """(§3.3, scenario 5) "Amulet of Sky" is unknown; the suggestion is Amulet of Air."""
    with pytest.raises(UnknownCard) as caught:
        BASE.lookup("Amulet of Sky")
    error = caught.value
    assert isinstance(error, TavolaError)
    assert error.code == "UNKNOWN_CARD"
    assert error.suggestions == ("Amulet of Air",)
    assert error.message == (
        '"Amulet of Sky" is not in the card catalogue. Check the spelling, or add it with '
        "add_catalogue_card (name, prestige, type) or as an alias of an existing card. "
        'Did you mean "Amulet of Air"?'
    )
    assert error.message_it.startswith('"Amulet of Sky" non è nel catalogo delle carte.')
    assert error.message_it.endswith('Forse intendevi "Amulet of Air"?')


def test_unknown_card_without_close_names_has_no_suggestion() -> None:
    """(§3.3) Nothing within max(2, len // 4) edits: the message is the spec's sentence."""
    with pytest.raises(UnknownCard) as caught:
        BASE.lookup("Sylas")
    assert caught.value.suggestions == ()
    assert caught.value.message.endswith("or as an alias of an existing card.")


def test_suggestions_smallest_distance_first_ties_in_catalogue_order() -> None:
    """(§3.3) Distance 1 to Air and Fire (catalogue order), then Water at 3."""
    assert BASE.suggest("Amulet of Aire") == ["Amulet of Air", "Amulet of Fire"]
    assert BASE.suggest("Amulet of Wire") == ["Amulet of Fire", "Amulet of Air", "Amulet of Water"]


def test_suggestions_are_at_most_three() -> None:
    """(§3.3) Up to 3 suggestions, ties in catalogue order."""
    catalogue = BASE
    for letter in "pqrst":
        catalogue = catalogue.added(f"Gem {letter}", 1, "magic_item")[0]
    assert catalogue.suggest("Gem x") == ["Gem p", "Gem q", "Gem r"]
    assert len(catalogue.suggest("Gem x", k=5)) == 5


def test_suggestion_shows_the_alias_that_is_closest() -> None:
    """(§3.3) An alias close to the typed text is suggested as typed in that language."""
    catalogue, _ = BASE.aliased("Amulette de l'air", "Amulet of Air")
    assert catalogue.suggest("Amulete de l air") == ["Amulette de l'air"]
    assert BASE.suggest("Amuleto del Aria")[0] == "Amuleto dell'Aria"  # the Italian name


def test_levenshtein() -> None:
    assert levenshtein("kitten", "sitting") == 3
    assert levenshtein("", "abc") == levenshtein("abc", "") == 3
    assert levenshtein("amulet of sky", "amulet of air") == 3
    assert levenshtein("same", "same") == 0


def test_search_puts_names_starting_with_the_text_first() -> None:
    """(§3.3, issue 18) Search-as-you-type: starting matches, then the others containing it."""
    names = [card.name for card in BASE.search("AMU")]
    assert names == [
        "Amulet of Air",
        "Amulet of Fire",
        "Amulet of Earth",
        "Amulet of Water",
        "Elemental Amulet",
    ]
    assert [card.name for card in BASE.search("amu", limit=2)] == [
        "Amulet of Air",
        "Amulet of Fire",
    ]


def test_search_finds_aliases_and_ignores_apostrophes() -> None:
    """(§3.3) Aliases are searched too, in their normal form."""
    catalogue, _ = BASE.aliased("Amulette d'eau", "Amulet of Water")
    assert [card.id for card in catalogue.search("d’eau")] == ["base_04"]
    assert [card.id for card in catalogue.search("AMULETTE")] == ["base_04"]
    assert catalogue.search("zzz") == []


def test_search_with_no_text_lists_the_catalogue_in_order() -> None:
    assert [card.number for card in BASE.search("", limit=3)] == [1, 2, 3]


def test_added_card_is_a_user_card_and_the_base_is_unchanged() -> None:
    """(§6.1 add_catalogue_card) set user, 2 copies, ids user_01, user_02…; a new catalogue."""
    first, card = BASE.added("Amulet of Sky", 5, "magic_item")
    assert (card.id, card.set, card.copies, card.prestige, card.type) == (
        "user_01",
        "user",
        2,
        5,
        "magic_item",
    )
    assert first.lookup("amulet of sky") == card
    second, other = first.added("  Lantern of Ys ", -3, "familiar")
    assert (other.id, other.name) == ("user_02", "Lantern of Ys")
    assert BASE.find("Amulet of Sky") is None
    assert len(BASE) == 50
    assert len(second) == 52


def test_alias_resolves_to_its_card() -> None:
    """(§3.3, scenario 6) "AMULETTE D’EAU" resolves to card 4 once the alias is added."""
    catalogue, card = BASE.aliased("Amulette d'eau", "Amulet of Water")
    assert card.aliases == ("Amuleto dell'Acqua", "Amulette d'eau")
    found = catalogue.lookup("AMULETTE D’EAU")
    assert (found.id, found.number, found.prestige) == ("base_04", 4, 6)
    assert BASE.find("AMULETTE D’EAU") is None


def test_alias_of_accepts_a_card_id() -> None:
    catalogue, card = BASE.aliased("Orbe de cristal", "base_34")
    assert card.name == "Crystal Orb"
    assert catalogue.lookup("orbe de cristal").id == "base_34"


def test_alias_added_twice_is_a_duplicate() -> None:
    """(§6.1, scenario 6) The same alias again → DUPLICATE_NAME "<name> already matches <card>"."""
    catalogue, _ = BASE.aliased("Amulette d'eau", "Amulet of Water")
    with pytest.raises(DuplicateName) as caught:
        catalogue.aliased("AMULETTE D’EAU", "Amulet of Water")
    assert caught.value.code == "DUPLICATE_NAME"
    assert caught.value.message == "AMULETTE D’EAU already matches Amulet of Water"
    assert caught.value.message_it == "AMULETTE D’EAU corrisponde già a Amulet of Water"


@pytest.mark.parametrize("name", ["amulet of AIR", "Amulet-of-Air", "Amulet of Air!"])
def test_new_card_with_a_used_name_is_a_duplicate(name: str) -> None:
    """(§3.3) Normal forms are unique across the catalogue."""
    with pytest.raises(DuplicateName) as caught:
        BASE.added(name, 3, "magic_item")
    assert caught.value.card.id == "base_01"


def test_alias_may_not_take_another_cards_name() -> None:
    """(§3.3) An alias is refused when it is already the name of another card."""
    with pytest.raises(DuplicateName) as caught:
        BASE.aliased("Crystal Orb", "Amulet of Air")
    assert caught.value.message == "Crystal Orb already matches Crystal Orb"


@pytest.mark.parametrize("name", ["", "   ", "x" * 61, "!!! ...", "’"])
def test_invalid_names_are_refused(name: str) -> None:
    """(§6.1) Empty, over 60 characters, or nothing a lookup could match → INVALID_NAME."""
    with pytest.raises(InvalidName) as caught:
        BASE.added(name, 1, "magic_item")
    assert caught.value.code == "INVALID_NAME"


def test_name_of_60_characters_is_accepted() -> None:
    """(§3.3) Names have 1–60 characters."""
    _, card = BASE.added("y" * 60, 1, "magic_item")
    assert len(card.name) == 60


def test_invalid_name_message() -> None:
    with pytest.raises(InvalidName) as caught:
        BASE.added("x" * 61, 1, "magic_item")
    assert caught.value.message == "A card name must have 1 to 60 characters; this one has 61"
    assert caught.value.message_it == (
        "Il nome di una carta deve avere da 1 a 60 caratteri; questo ne ha 61"
    )


@pytest.mark.parametrize("prestige", [100, -100, True, "5", 2.5])
def test_invalid_prestige_is_refused(prestige: Any) -> None:
    """(§6.1) Prestige is a whole number −99…99, else INVALID_PRESTIGE."""
    with pytest.raises(InvalidPrestige) as caught:
        BASE.added("Amulet of Sky", prestige, "magic_item")
    assert caught.value.code == "INVALID_PRESTIGE"


@pytest.mark.parametrize("prestige", [-99, 0, 99])
def test_prestige_bounds_are_accepted(prestige: int) -> None:
    assert BASE.added("Amulet of Sky", prestige, "familiar")[1].prestige == prestige


def test_bad_card_type_is_a_bad_argument() -> None:
    with pytest.raises(InvalidCardType) as caught:
        BASE.added("Amulet of Sky", 5, "item")
    assert caught.value.code == "BAD_ARGUMENT"


def test_name_is_checked_before_prestige() -> None:
    """(§6.1) Refusals in the spec's order: name, duplicate, then prestige."""
    with pytest.raises(DuplicateName):
        BASE.added("Amulet of Air", 500, "magic_item")


def test_alias_of_an_unknown_card_is_refused() -> None:
    """(§6.1) alias_of naming no card → UNKNOWN_CARD."""
    with pytest.raises(UnknownCard) as caught:
        BASE.aliased("Amuleto del Cielo", "Amulet of Sky")
    assert caught.value.suggestions == ("Amulet of Air",)


def test_with_cards_applies_each_kind_of_entry_in_order() -> None:
    """(§3.3) New cards, aliases by name, and full records from cards_user.json."""
    extra: list[dict[str, Any]] = [
        {"name": "Amulet of Sky", "prestige": 5, "type": "magic_item"},
        {"name": "Amuleto del Cielo", "alias_of": "Amulet of Sky"},
        {
            "id": "user_07",
            "number": None,
            "name": "Bastone del Vento",
            "aliases": ["Wind Staff"],
            "type": "magic_item",
            "prestige": 7,
            "set": "user",
            "copies": 1,
            "season_change_effect": False,
        },
    ]
    catalogue = BASE.with_cards(extra)
    assert catalogue.lookup("amuleto del cielo").id == "user_01"
    assert catalogue.lookup("wind staff").copies == 1
    assert catalogue.added("Another", 1, "familiar")[1].id == "user_08"
    assert BASE.with_cards(extra) is catalogue


def test_with_cards_refuses_a_duplicate_entry() -> None:
    with pytest.raises(DuplicateName):
        BASE.with_cards([{"name": "Crystal Orb", "prestige": 1, "type": "magic_item"}])


def test_with_cards_refuses_a_malformed_entry() -> None:
    with pytest.raises(DataInvalid) as caught:
        BASE.with_cards([{"name": "Amulet of Sky", "prestige": 5}])
    assert caught.value.problems == [
        "record 1 (Amulet of Sky): an entry needs exactly name, prestige, type; has name, prestige"
    ]


def test_user_records_hold_only_what_was_added() -> None:
    """The catalogue's additions, ready for cards_user.json, rebuild the same catalogue."""
    catalogue = BASE.aliased("Amulette d'eau", "Amulet of Water")[0]
    catalogue = catalogue.added("Amulet of Sky", 5, "magic_item")[0]
    catalogue = catalogue.aliased("Amuleto del Cielo", "amulet of sky")[0]
    records = catalogue.user_records()
    assert records[0] == {"name": "Amulette d'eau", "alias_of": "base_04"}
    assert records[1]["id"] == "user_01"
    assert records[1]["aliases"] == ["Amuleto del Cielo"]
    assert BASE.with_cards(records).to_view() == catalogue.to_view()


def test_to_view_lists_every_card() -> None:
    """(§8) catalogue: {card_id: {name, aliases, type, prestige}}."""
    view = BASE.to_view()
    assert view["base_22"] == {
        "name": "Runic Cube of Eolis",
        "aliases": ["Cubo Runico di Eolis"],
        "type": "magic_item",
        "prestige": 30,
    }
    assert len(view) == 50


def _cards_copy(tmp_path: Path, change: Any) -> Path:
    records = json.loads(CARDS_FILE.read_text(encoding="utf-8"))
    change(records)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


def _set(index: int, field: str, value: Any) -> Any:
    def change(records: list[dict[str, Any]]) -> None:
        records[index][field] = value

    return change


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (_set(4, "id", "base_01"), "record 5 (base_01): id base_01 is used twice"),
        (
            _set(1, "name", "AMULET-OF-AIR"),
            "record 2 (base_02): 'AMULET-OF-AIR' matches 'Amulet of Air' of base_01",
        ),
        (
            _set(2, "aliases", ["Amulet of Air"]),
            "record 3 (base_03): 'Amulet of Air' matches 'Amulet of Air' of base_01",
        ),
        (
            _set(0, "prestige", 100),
            "record 1 (base_01): prestige must be a whole number from -99 to 99",
        ),
        (_set(0, "copies", 5), "record 1 (base_01): copies must be 1 to 4"),
        (
            _set(0, "type", "item"),
            "record 1 (base_01): type must be magic_item or familiar, not 'item'",
        ),
        (
            _set(0, "name", ""),
            "record 1 (base_01): name: A card name must have 1 to 60 characters; this one has 0",
        ),
        (_set(0, "colour", "red"), "record 1 (base_01): unknown field(s) colour"),
        (
            _set(0, "season_change_effect", "yes"),
            "record 1 (base_01): season_change_effect must be true or false",
        ),
        (
            lambda records: records[0].pop("prestige"),
            "record 1 (base_01): missing field(s) prestige",
        ),
    ],
)
def test_cards_file_load_checks(tmp_path: Path, change: Any, problem: str) -> None:
    """(§3.3) A bad cards.json is refused with DATA_INVALID naming the record and field."""
    with pytest.raises(DataInvalid) as caught:
        load_catalogue(_cards_copy(tmp_path, change))
    assert str(caught.value) == f"DATA_INVALID: cards.json: {problem}"


def test_cards_file_problems_one_per_line(tmp_path: Path) -> None:
    def change(records: list[dict[str, Any]]) -> None:
        records[0]["prestige"] = -100
        records[9]["copies"] = 0

    with pytest.raises(DataInvalid) as caught:
        load_catalogue(_cards_copy(tmp_path, change))
    assert str(caught.value).splitlines() == [
        "DATA_INVALID: cards.json: record 1 (base_01): prestige must be a whole number from -99 "
        "to 99",
        "DATA_INVALID: cards.json: record 10 (base_10): copies must be 1 to 4",
    ]


def test_user_file_round_trip(tmp_path: Path) -> None:
    """(§3.3) cards_user.json keeps the additions between games."""
    path = tmp_path / "seasons" / "cards_user.json"
    assert load_user_cards(path) == []
    catalogue = BASE.added("Amulet of Sky", 5, "magic_item")[0]
    catalogue = catalogue.aliased("Amulette d'eau", "Amulet of Water")[0]
    save_user_cards(path, catalogue.user_records())
    records = load_user_cards(path)
    assert records == catalogue.user_records()
    assert BASE.with_cards(records).lookup("amulette d’eau").id == "base_04"


def test_user_file_with_problems_is_refused(tmp_path: Path) -> None:
    """(§3.3) A user file is validated on load, every bad entry named."""
    path = tmp_path / "cards_user.json"
    path.write_text(
        json.dumps(
            [
                {"name": "Crystal Orb", "prestige": 1, "type": "magic_item"},
                {"name": "Amulet of Sky", "prestige": 150, "type": "magic_item"},
                {"name": "Sfera", "alias_of": "Crystal Ball"},
            ]
        ),
        encoding="utf-8",
    )
    with pytest.raises(DataInvalid) as caught:
        load_user_cards(path)
    lines = str(caught.value).splitlines()
    assert lines[0] == (
        "DATA_INVALID: cards_user.json: record 1 (Crystal Orb): Crystal Orb already matches "
        "Crystal Orb"
    )
    assert lines[1].startswith(
        "DATA_INVALID: cards_user.json: record 2 (Amulet of Sky): Prestige must be"
    )
    assert lines[2].startswith(
        'DATA_INVALID: cards_user.json: record 3 (Sfera): "Crystal Ball" is not in the card'
    )


def test_save_refuses_bad_records_and_leaves_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cards_user.json"
    save_user_cards(path, [{"name": "Amulet of Sky", "prestige": 5, "type": "familiar"}])
    before = path.read_text(encoding="utf-8")
    with pytest.raises(DataInvalid):
        save_user_cards(path, [{"name": "", "prestige": 5, "type": "familiar"}])
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["cards_user.json"]


def test_user_file_that_is_not_a_list_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cards_user.json"
    path.write_text('{"name": "x"}', encoding="utf-8")
    with pytest.raises(DataInvalid) as caught:
        load_user_cards(path)
    assert str(caught.value) == (
        "DATA_INVALID: cards_user.json: the file must hold a list of card records"
    )
