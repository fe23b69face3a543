// Legend.a.League in the page's words: legends, abilities and cards by their names in the
// page's language (the catalogue's `legend.<id>`…, made from the content set by
// tavola/games/league/web_words.py), and what the page draws besides names (costs, damage
// values, kinds) from content.json, made the same way.
import { has, lang, t } from "/js/i18n.js";

export const CONTENT = await fetch(new URL("./content.json", import.meta.url)).then((r) => (r.ok ? r.json() : {}));

const SEATS = ["0", "1"];

/** A content item's name; an item the page does not know (a user's own) by its id. */
const named = (kind, id) => (has(`${kind}.${id}`) ? t(`${kind}.${id}`) : String(id));

export const legendName = (id) => named("legend", id);
export const abilityName = (id) => named("ability", id);
export const cardName = (id) => named("card", id);
export const presetName = (id) => named("preset", id);
export const gimmickName = (id) => named("word.gimmick", id);

export const legendData = (id) => (CONTENT.legends || {})[id] || {};
export const cardData = (id) => (CONTENT.cards || {})[id] || {};

/** A number as the page's language writes it (10,000 · 10.000). */
export const number = (n) => new Intl.NumberFormat(lang).format(n);

/** "A, B and C" in the page's language (the narration's own separators). */
export function listing(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(t("tell.list_separator"))}${t("tell.list_last")}${items[items.length - 1]}`;
}

/** The other player's seat. */
export const otherSeat = (seat) => SEATS[1 - SEATS.indexOf(seat)];

/** A card's line under its name: kind, cost, who may use it, its window. */
export function cardLine(cardId) {
  const data = cardData(cardId);
  const parts = [t(`word.kind.${data.kind}`), t("table.cost", { cost: data.cost })];
  if (data.role && data.role !== "any") parts.push(t(`word.role.${data.role}`));
  if (data.window) parts.push(t("screen.window", { window: t(`word.${data.window}`) }));
  return parts.join(t("table.dot")); // "・" in Japanese
}

/** A legend's line: attribute, cost, damage value. */
export function legendLine(legendId) {
  const data = legendData(legendId);
  return t("table.legend_line", { attribute: t(`word.attribute.${data.attribute}`), cost: data.cost, dv: number(data.dv) });
}
