"""The ten great houses and their Lotto wheels (§3.1)."""

from __future__ import annotations

HOUSES: tuple[str, ...] = (
    "tully",
    "greyjoy",
    "tyrell",
    "arryn",
    "lannister",
    "targaryen",
    "martell",
    "baratheon",
    "stark",
    "bolton",
)
"""In canonical wheel order: BA, CA, FI, GE, MI, NA, PA, RM, TO, VE."""

WHEELS: tuple[str, ...] = ("BA", "CA", "FI", "GE", "MI", "NA", "PA", "RM", "TO", "VE")
WHEEL_NAMES: dict[str, str] = {
    "BARI": "BA",
    "CAGLIARI": "CA",
    "FIRENZE": "FI",
    "GENOVA": "GE",
    "MILANO": "MI",
    "NAPOLI": "NA",
    "PALERMO": "PA",
    "ROMA": "RM",
    "TORINO": "TO",
    "VENEZIA": "VE",
}
WHEEL_FULL: dict[str, str] = {code: name.capitalize() for name, code in WHEEL_NAMES.items()}
"""A wheel by its name in full ("Venezia"), as texts name it (never its code)."""
WHEEL_OF: dict[str, str] = dict(zip(HOUSES, WHEELS, strict=True))
WHEEL_ORDER: dict[str, int] = {house: i for i, house in enumerate(HOUSES)}

DISPLAY_DOCUMENT: dict[str, str] = {house: house.capitalize() for house in HOUSES}
DISPLAY_ORIGINAL: dict[str, str] = {
    "tully": "Casa Guadoverde",
    "greyjoy": "Casa Salmastra",
    "tyrell": "Casa Fiorivalle",
    "arryn": "Casa Altanido",
    "lannister": "Casa Aurimonte",
    "targaryen": "Casa Braciaviva",
    "martell": "Casa Solerosso",
    "baratheon": "Casa Cervofiero",
    "stark": "Casa Geloferro",
    "bolton": "Casa Torrescura",
}


def display_name(house: str, display_set: str) -> str:
    table = DISPLAY_ORIGINAL if display_set == "original" else DISPLAY_DOCUMENT
    return table[house]


def in_wheel_order(houses: list[str]) -> list[str]:
    return sorted(houses, key=WHEEL_ORDER.__getitem__)
