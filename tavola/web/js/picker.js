// Something picked by its name from a list, searching as the person types (as a game
// companion names its physical cards): the names are folded as people type them (case, accents,
// apostrophes), those starting with the text first, then those containing it. Each
// suggestion is a button (a tap, or Tab and Enter); Enter in the field picks the only
// match or the exact name. Shared by the pages and the games' modules (a tournament's
// registration form picks cards by name with it): nobody types an id.
import { el } from "./dom.js";

const APOSTROPHES = /['’‘´`]/g;

/** The form a name is compared in: accents dropped, case folded, apostrophes deleted,
 * every other mark a space. */
export function normalise(text) {
  const bare = String(text).replace(APOSTROPHES, "").normalize("NFKD").replace(/\p{M}/gu, "");
  return bare.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/** The items (`{id, name}`) whose name starts with, then contains, the typed text. */
export function search(items, text, limit) {
  const target = normalise(text);
  if (!target) return [];
  const starting = [];
  const containing = [];
  for (const item of items) {
    const form = normalise(item.name);
    if (form.startsWith(target) || form.split(" ").some((word) => word.startsWith(target))) starting.push(item);
    else if (form.includes(target)) containing.push(item);
  }
  return [...starting, ...containing].slice(0, limit);
}

/** A search field and its suggestions. `items`: `{id, name}`; `onPick(item)` gets the
 * item picked (the field is emptied for the next one); `label` names the field,
 * `placeholder` hints what to type, `noMatch` says that nothing matched, `pickLabel(item)`
 * the suggestion's words (its name unless told). */
export function namePicker(items, { label, placeholder, noMatch, onPick, pickLabel = (item) => item.name, limit = 8 }) {
  const box = el("div", "name-picker");
  const input = el("input", "name-search");
  Object.assign(input, { type: "search", autocomplete: "off", spellcheck: false, enterKeyHint: "done", placeholder });
  input.setAttribute("autocapitalize", "off");
  input.setAttribute("aria-label", label);
  const list = el("ul", "name-suggestions");
  list.setAttribute("aria-label", label);
  list.setAttribute("aria-live", "polite");
  const pick = (item) => {
    input.value = "";
    fill();
    onPick(item);
  };
  function fill() {
    const text = input.value;
    const found = search(items, text, limit);
    const shown = found.map((item) => {
      const line = el("li");
      const choice = el("button", "name-suggestion", pickLabel(item));
      choice.type = "button";
      choice.dataset.id = item.id;
      choice.addEventListener("click", () => pick(item));
      line.append(choice);
      return line;
    });
    if (text.trim() && !found.length) shown.push(el("li", "name-no-match", noMatch));
    list.replaceChildren(...shown);
  }
  input.addEventListener("input", fill);
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault(); // never submits the form around it
    const found = search(items, input.value, limit);
    const exact = found.find((item) => normalise(item.name) === normalise(input.value));
    if (exact || found.length === 1) pick(exact || found[0]);
  });
  box.append(input, list);
  return { node: box, input };
}
