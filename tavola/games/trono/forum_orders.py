"""What a team wrote, in forum words: its actions as the team page writes them ("Attacca
il Trono"), the void parts of a post copied from the forum and why each is void."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .forum_words import character_name, house_name, t
from .houses import HOUSES
from .messages import MESSAGES, has_text, sentence, text


def action_text(lang: str, view: Mapping[str, Any], entry: Mapping[str, Any]) -> str:
    """One slot action as the team page writes it: "Attacca il Trono", "Attacca
    Lannister", "Assolda Nerea Salsedine", "Tassa"."""
    kind = entry["kind"]
    if kind == "void":
        return written_text(lang, view, entry.get("written"))
    name = t(lang, f"order.{kind}") if MESSAGES.has(f"forum.order.{kind}") else str(kind)
    target = entry.get("target")
    if entry.get("character"):
        return f"{name} {character_name(view, entry['character'])}"
    if target in ("all", "trono"):
        return f"{name} {t(lang, f'order.target.{target}')}"
    return f"{name} {house_name(view, target)}" if target else name


def written_text(lang: str, view: Mapping[str, Any], written: Any) -> str:
    """A void part as the team wrote it: an action, a deployment, a number; a missing
    action in words."""
    if written is None:
        return t(lang, "report.missing")
    if isinstance(written, Mapping):
        if "character" in written and "kind" not in written:
            return character_name(view, written["character"])
        kind = written.get("kind")
        if isinstance(kind, str):
            target = written.get("target")
            shown = dict(written)
            if target is not None and target not in ("all", "trono") and target not in HOUSES:
                shown["target"] = None  # an unknown house is shown as written
                name = action_text(lang, view, {"kind": kind})
                return f"{name} {target}"
            return action_text(lang, view, shown)
        return "—"
    return str(written)


def void_reason(lang: str, part: Mapping[str, Any]) -> str:
    """Why a part is void; for a slot, without naming the slot again."""
    code, params = str(part["code"]), dict(part.get("params", {}))
    if part.get("part") == "slot" and has_text(f"reason.{code}", lang):
        return text(lang, f"reason.{code}", **params)
    return sentence(lang, code, params)


def void_lines(
    view: Mapping[str, Any], void: Iterable[Mapping[str, Any]], lang: str, *, slots: bool = False
) -> list[str]:
    """The void parts of a post copied from the forum, each with its reason: actions past
    the third, deployments, the abandonment condition (and, with `slots`, the slots)."""
    lines = []
    for part in void:
        if part["part"] == "slot" and not slots:
            continue
        why = void_reason(lang, part)
        shown = written_text(lang, view, part.get("written"))
        key = "report.slot_void" if part["part"] == "slot" else f"report.void_{part['part']}"
        index = part.get("index")
        lines.append(t(lang, key, index=index, slot=index, action=shown, written=shown, why=why))
    return lines
