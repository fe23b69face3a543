// Card names typed at the physical table (§3.3): search-as-you-type over the view's
// catalogue (Italian or English names, aliases included), normalised as the server does,
// so a suggestion is a name the server will find. The server still decides: an unknown
// name comes back refused `UNKNOWN_CARD`, and then the page offers to add the card.
import { el } from "/js/dom.js";
import { t } from "/js/i18n.js";

const APOSTROPHES = /['’‘´`]/g;
const SUGGESTIONS = 6;
const indexes = new WeakMap(); // a view's catalogue → its search index

/** The normal form of a name (§3.3): NFKD, combining marks dropped, case folded,
 * apostrophes deleted (before NFKD too, as the server does), every other mark a space. */
export function normalise(text) {
  const bare = String(text).replace(APOSTROPHES, "").normalize("NFKD").replace(/\p{M}/gu, "");
  const folded = bare.toLowerCase().replaceAll("ß", "ss").replace(APOSTROPHES, "");
  return folded.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/** The catalogue of a view, ready to search: each card with the normal forms of its name
 * and aliases, in catalogue order. */
export function catalogueIndex(view) {
  const catalogue = view.catalogue || {};
  if (indexes.has(catalogue)) return indexes.get(catalogue);
  const cards = [];
  const byNormal = new Map();
  for (const [id, entry] of Object.entries(catalogue)) {
    const labels = [entry.name, ...(entry.aliases || [])];
    const card = { id, name: entry.name, prestige: entry.prestige, type: entry.type, labels, forms: labels.map(normalise) };
    cards.push(card);
    for (const form of card.forms) byNormal.set(form, card);
  }
  const index = { cards, byNormal };
  indexes.set(catalogue, index);
  return index;
}

/** The card a typed name names, or null. */
export function lookup(index, typed) {
  return index.byNormal.get(normalise(typed)) || null;
}

/** Cards whose name or alias contains the typed text, those starting with it first; each
 * with the name or alias that matched (an Italian alias shows as typed). */
export function search(index, text, limit = SUGGESTIONS) {
  const target = normalise(text);
  if (!target) return [];
  const starting = [];
  const containing = [];
  for (const card of index.cards) {
    const at = card.forms.findIndex((f) => f.startsWith(target));
    if (at >= 0) starting.push({ card, label: card.labels[at] });
    else {
      const inside = card.forms.findIndex((f) => f.includes(target));
      if (inside >= 0) containing.push({ card, label: card.labels[inside] });
    }
  }
  return [...starting, ...containing].slice(0, limit);
}

function levenshtein(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current.push(Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] !== b[j - 1])));
    previous = current;
  }
  return previous[b.length];
}

/** Up to 3 cards closest to a misspelt name, as the server suggests them (§3.3: smallest
 * edit distance between normal forms, at most max(2, length / 4)). */
export function closest(index, typed, k = 3) {
  const target = normalise(typed);
  const bound = Math.max(2, Math.floor(target.length / 4));
  const scored = [];
  for (const card of index.cards) {
    const distances = card.forms.map((f) => levenshtein(target, f));
    const best = Math.min(...distances);
    if (best <= bound) scored.push({ card, label: card.labels[distances.indexOf(best)], best });
  }
  return scored.sort((a, b) => a.best - b.best).slice(0, k);
}

/** "Amulet of Air · 6": a card as a suggestion shows it. */
export function cardLabel(card, label = card.name) {
  const shown = label === card.name ? card.name : t("names.alias_of", { alias: label, name: card.name });
  return `${shown} · ${t("names.prestige", { n: card.prestige })}`;
}

/** A search field with its suggestions, redrawn in place as the person types (the field
 * keeps its focus and the phone its keyboard). `state.text` is what is typed; `onPick(name)`
 * gets the catalogue's name of a tapped suggestion, or the text as typed. */
export function cardPicker(index, state, onPick, { key, label, asTyped = true }) {
  const box = el("div", "sn-picker");
  const input = el("input", "sn-search");
  Object.assign(input, { type: "text", value: state.text || "", autocomplete: "off", spellcheck: false, enterKeyHint: "done" });
  input.setAttribute("autocapitalize", "off");
  input.setAttribute("aria-label", label);
  input.placeholder = t("names.placeholder");
  input.dataset.focus = key;
  const list = el("ul", "sn-suggestions");
  list.setAttribute("aria-label", t("names.suggestions"));
  const choose = (name) => {
    state.text = "";
    onPick(name);
  };
  const fill = () => {
    const text = input.value;
    const found = search(index, text);
    const exact = lookup(index, text);
    const items = found.map(({ card, label: shown }) => {
      const item = el("li");
      const pick = el("button", "sn-suggestion", cardLabel(card, shown));
      pick.type = "button";
      pick.dataset.card = card.name;
      pick.addEventListener("click", () => choose(card.name));
      item.append(pick);
      return item;
    });
    if (asTyped && text.trim() && !exact) {
      const item = el("li");
      const raw = el("button", "sn-suggestion sn-as-typed", t("names.as_typed", { name: text.trim() }));
      raw.type = "button";
      raw.addEventListener("click", () => choose(text.trim()));
      item.append(raw);
      items.push(item);
    }
    if (text.trim() && !found.length) items.unshift(el("li", "sn-no-match", t("names.no_match")));
    list.replaceChildren(...items);
  };
  input.addEventListener("input", () => {
    state.text = input.value;
    fill();
  });
  input.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" || !input.value.trim()) return;
    ev.preventDefault();
    const exact = lookup(index, input.value);
    const found = search(index, input.value);
    if (exact) choose(exact.name);
    else if (found.length === 1) choose(found[0].card.name);
    else if (asTyped) choose(input.value.trim());
  });
  fill();
  box.append(input, list);
  return box;
}
