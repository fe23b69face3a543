"""Action type names of Legends of AZ (§6)."""

CUT_DECK = "cut_deck"
FLIP = "flip"
CHOOSE_REFERENCE = "choose_reference"
