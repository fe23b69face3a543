"""Gioco del Trono's table module draws each house's Lotto numbers from the wheel the
document binds it to (§3.1): its table of wheels is the game's own."""

from __future__ import annotations

import re
from pathlib import Path

from tavola.games.trono.houses import WHEEL_OF

TABLE = Path(__file__).resolve().parents[2] / "tavola" / "games" / "trono" / "web" / "table.js"


def test_the_table_module_binds_each_house_to_its_wheel() -> None:
    source = TABLE.read_text(encoding="utf-8")
    block = re.search(r"const WHEEL = \{(.*?)\};", source, re.DOTALL)
    assert block, "table.js has no WHEEL table"
    wheels = dict(re.findall(r'(\w+): "(\w+)"', block.group(1)))
    assert wheels == WHEEL_OF
