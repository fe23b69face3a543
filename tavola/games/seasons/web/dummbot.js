// Dummbot as the person keeps him beside the board (§8): his crystals, the prestige of his
// array and his score (§7: crystals + prestige; his hand scores nothing), the size of his
// face-down hand and the hand cards the person has seen, his array card by card; in
// practice also the draw pile and the person's own cards.
import { el } from "/js/dom.js";
import { t } from "/js/i18n.js";
import { symbol } from "./faces.js";
import { section, tn } from "./ui.js";

function figure(className, value, label, icon) {
  const box = el("div", `sn-figure ${className}`);
  const number = el("strong", "sn-figure-n", String(value));
  if (icon) box.append(symbol(icon));
  box.append(number, el("span", "sn-figure-label", label));
  return box;
}

/** The numbers that change every round, for the top of the page. */
export function figures(view) {
  const d = view.dummbot;
  const row = el("div", "sn-figures");
  row.append(
    figure("sn-crystals-figure", d.crystals, tn("dummbot.crystals", d.crystals), "crystal"),
    figure("sn-prestige-figure", d.array_prestige, t("dummbot.prestige"), "star"),
    figure("sn-score-figure", d.score, t("dummbot.score")),
    figure("sn-hand-figure", d.hand_size, tn("dummbot.hand", d.hand_size), "draw"),
  );
  return row;
}

function cardItem(card) {
  const item = el("li", `sn-card sn-card-${card.type || "unknown"}`);
  item.append(el("span", "sn-card-name", card.name || t("word.some_card")));
  if (card.type) item.append(el("span", "sn-card-type", t(`card_type.${card.type}`)));
  if (card.prestige !== null && card.prestige !== undefined) item.append(el("span", "sn-card-prestige", String(card.prestige)));
  return item;
}

/** His array, card by card, with its prestige; the hand cards the person has seen. */
export function dummbotCards(view) {
  const d = view.dummbot;
  const box = section("sn-array", "array.title", { n: d.array.length });
  if (!d.array.length) box.append(el("p", "sn-empty", t("array.empty")));
  else {
    const list = el("ul", "sn-cards");
    for (const card of d.array) list.append(cardItem(card));
    box.append(list);
    box.append(el("p", "sn-array-total", t("array.total", { n: d.array_prestige })));
  }
  if (d.hand_known.length) {
    box.append(el("h3", "sn-subhead", t("hand.known", { n: d.hand_known.length, size: d.hand_size })));
    const list = el("ul", "sn-cards sn-hand-known");
    for (const card of d.hand_known) list.append(cardItem(card));
    box.append(list);
  }
  if (view.mode === "practice") {
    box.append(el("p", "sn-deck", tn("deck.size", view.deck_size ?? 0)));
    if (view.human_cards && view.human_cards.length) {
      box.append(el("h3", "sn-subhead", t("mine.title")));
      const list = el("ul", "sn-cards sn-mine");
      for (const card of view.human_cards) list.append(cardItem(card));
      box.append(list);
    }
  }
  return box;
}
