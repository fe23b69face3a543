"""What a view (the JSON a seat is sent) shows, read back from it: for narration that names
only what the viewer may see."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def shown_instances(view: Any, card_key: str) -> dict[str, str]:
    """Every card instance the view shows, wherever it is: iid → the card it is (an object
    with a string `iid` and a string under `card_key`)."""
    shown: dict[str, str] = {}
    stack = [view]
    while stack:
        node = stack.pop()
        if isinstance(node, Mapping):
            iid, card = node.get("iid"), node.get(card_key)
            if isinstance(iid, str) and isinstance(card, str):
                shown[iid] = card
            stack.extend(node.values())
        elif isinstance(node, list | tuple):
            stack.extend(node)
    return shown
