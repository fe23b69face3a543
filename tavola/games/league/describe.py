"""What an ability or a card does, in words (English, Italian, Japanese), from its trigger,
condition and effects (§3.3). The starter content's `text` fields were written from these
sentences; user content may use them for cards it brings without texts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

_OPS: dict[str, dict[str, str]] = {
    "dv_self_up": {
        "en": "your legend's damage value +{amount} this turn",
        "it": "valore di danno della tua leggenda +{amount} per questo turno",
        "ja": "このターン、自分のレジェンドのダメージ値+{amount}",
    },
    "dv_self_down": {
        "en": "your legend's damage value −{amount} this turn",
        "it": "valore di danno della tua leggenda −{amount} per questo turno",
        "ja": "このターン、自分のレジェンドのダメージ値−{amount}",
    },
    "dv_opp_down": {
        "en": "the opposing legend's damage value −{amount} this turn",
        "it": "valore di danno della leggenda avversaria −{amount} per questo turno",
        "ja": "このターン、相手のレジェンドのダメージ値−{amount}",
    },
    "dv_opp_up": {
        "en": "the opposing legend's damage value +{amount} this turn",
        "it": "valore di danno della leggenda avversaria +{amount} per questo turno",
        "ja": "このターン、相手のレジェンドのダメージ値+{amount}",
    },
    "dmg_bonus": {
        "en": "your attack deals {amount} more damage",
        "it": "il tuo attacco infligge {amount} danni in più",
        "ja": "自分の攻撃のダメージ+{amount}",
    },
    "dmg_reduce": {
        "en": "you take {amount} less damage from the attack",
        "it": "subisci {amount} danni in meno dall'attacco",
        "ja": "受ける攻撃のダメージ−{amount}",
    },
    "life": {
        "en": "you gain {amount} life",
        "it": "guadagni {amount} punti vita",
        "ja": "自分のライフを{amount}回復",
    },
    "burn": {
        "en": "your opponent loses {amount} life",
        "it": "l'avversario perde {amount} punti vita",
        "ja": "相手のライフに{amount}のダメージ",
    },
    "cost": {
        "en": "you gain {amount} cost",
        "it": "guadagni {amount} di costo",
        "ja": "自分のコスト+{amount}",
    },
    "draw.one": {"en": "draw a card", "it": "peschi una carta", "ja": "カードを1枚引く"},
    "draw.other": {
        "en": "draw {count} cards",
        "it": "peschi {count} carte",
        "ja": "カードを{count}枚引く",
    },
    "die_self_up": {
        "en": "your die next turn +{amount}",
        "it": "il tuo dado del prossimo turno +{amount}",
        "ja": "次のターン、自分のサイコロの目+{amount}",
    },
    "die_opp_down": {
        "en": "your opponent's die next turn −{amount}",
        "it": "il dado dell'avversario nel prossimo turno −{amount}",
        "ja": "次のターン、相手のサイコロの目−{amount}",
    },
    "die_self_down": {
        "en": "your die next turn −{amount}",
        "it": "il tuo dado del prossimo turno −{amount}",
        "ja": "次のターン、自分のサイコロの目−{amount}",
    },
    "die_opp_up": {
        "en": "your opponent's die next turn +{amount}",
        "it": "il dado dell'avversario nel prossimo turno +{amount}",
        "ja": "次のターン、相手のサイコロの目+{amount}",
    },
    "no_block": {
        "en": "your opponent cannot block this turn",
        "it": "l'avversario non può bloccare in questo turno",
        "ja": "このターン、相手はブロックできない",
    },
    "stay": {
        "en": "your legend does not exit this turn",
        "it": "la tua leggenda non esce in questo turno",
        "ja": "このターン、自分のレジェンドは退場しない",
    },
    "revive.auto": {
        "en": "your costliest legend in the rest room returns to the waiting room",
        "it": "la tua leggenda di costo più alto nella sala di riposo torna nella sala d'attesa",
        "ja": "休憩室のコストが最も高い自分のレジェンドを待機室に戻す",
    },
    "revive.chosen": {
        "en": "a legend of your choice returns from your rest room to the waiting room",
        "it": "una leggenda a tua scelta torna dalla sala di riposo alla sala d'attesa",
        "ja": "休憩室の自分のレジェンド1体を選び、待機室に戻す",
    },
    "salvage": {
        "en": "take a card of your choice from your disposal area into your hand",
        "it": "riprendi in mano una carta a tua scelta dall'area degli scarti",
        "ja": "廃棄所のカード1枚を選び、手札に加える",
    },
    "break.chosen": {
        "en": "destroy a face-down card of your choice on the opponent's strategy zone",
        "it": "distruggi una carta coperta a tua scelta nella zona strategia avversaria",
        "ja": "相手の作戦場の伏せカード1枚を選んで破壊する",
    },
    "break.oldest": {
        "en": "destroy the opponent's oldest face-down card",
        "it": "distruggi la carta coperta più vecchia dell'avversario",
        "ja": "相手の最も古い伏せカードを破壊する",
    },
    "silence": {
        "en": "the opposing legend's abilities do not trigger this turn",
        "it": "le abilità della leggenda avversaria non si attivano in questo turno",
        "ja": "このターン、相手のレジェンドの能力は発動しない",
    },
    "mill.one": {
        "en": "your opponent discards the top card of their deck",
        "it": "l'avversario scarta la prima carta del suo mazzo",
        "ja": "相手は山札の上から1枚を廃棄所に置く",
    },
    "mill.other": {
        "en": "your opponent discards the top {count} cards of their deck",
        "it": "l'avversario scarta le prime {count} carte del suo mazzo",
        "ja": "相手は山札の上から{count}枚を廃棄所に置く",
    },
}

_TRIGGERS: dict[str, dict[str, str]] = {
    "on_entry": {"en": "On entry", "it": "All'ingresso", "ja": "入場時"},
    "on_attack": {
        "en": "When an attack is declared",
        "it": "Quando viene dichiarato un attacco",
        "ja": "アタック宣言時",
    },
    "on_block": {
        "en": "When a block is declared",
        "it": "Quando viene dichiarato un blocco",
        "ja": "ブロック宣言時",
    },
    "on_no_block": {
        "en": "When the attack is not blocked",
        "it": "Quando l'attacco non è bloccato",
        "ja": "ブロックされなかった時",
    },
    "after_damage": {"en": "After damage", "it": "Dopo il danno", "ja": "ダメージ計算後"},
    "on_exit_self": {
        "en": "When this legend exits",
        "it": "Quando questa leggenda esce",
        "ja": "このレジェンドが退場した時",
    },
    "after_exit": {"en": "After the exits", "it": "Dopo le uscite", "ja": "退場フェイズ後"},
    "on_turn_end": {"en": "At turn end", "it": "A fine turno", "ja": "ターン終了時"},
}

_CONDITIONS: dict[str, dict[str, str]] = {
    "dealt": {
        "en": "if the attack dealt damage",
        "it": "se l'attacco ha inflitto danni",
        "ja": "攻撃でダメージを与えていれば",
    },
    "blocked": {
        "en": "if a block was declared",
        "it": "se è stato dichiarato un blocco",
        "ja": "ブロックが宣言されていれば",
    },
    "opp_exited": {
        "en": "if only the opposing legend exited",
        "it": "se è uscita solo la leggenda avversaria",
        "ja": "相手のレジェンドだけが退場していれば",
    },
}


def _key(effect: Mapping[str, Any]) -> str:
    op = str(effect["op"])
    if op in ("dv", "die_next"):
        stem = "dv" if op == "dv" else "die"
        return f"{stem}_{effect['side']}_{'up' if int(effect['amount']) > 0 else 'down'}"
    if op in ("draw", "mill"):
        return f"{op}.{'one' if int(effect['count']) == 1 else 'other'}"
    if op in ("revive", "break"):
        return f"{op}.{effect['pick']}"
    return op


def describe_effect(effect: Mapping[str, Any], lang: str) -> str:
    params = {k: abs(v) if isinstance(v, int) else v for k, v in effect.items()}
    return _OPS[_key(effect)][lang].format(**params)


def describe_effects(
    effects: Sequence[Mapping[str, Any]],
    lang: str,
    *,
    trigger: str | None = None,
    condition: str = "none",
) -> str:
    """A sentence: `On entry: your legend's damage value +300 this turn.`"""
    separator = "、" if lang == "ja" else "; "
    body = separator.join(describe_effect(e, lang) for e in effects)
    if lang != "ja":
        body = body[0].upper() + body[1:] if trigger is None else body
    if condition != "none":
        cond = _CONDITIONS[condition][lang]
        body = f"{cond}、{body}" if lang == "ja" else f"{cond}, {body}"
    if trigger is not None:
        head = _TRIGGERS[trigger][lang]
        return f"{head}：{body}。" if lang == "ja" else f"{head}: {body}."
    return f"{body}。" if lang == "ja" else f"{body}."
