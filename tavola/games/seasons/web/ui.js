// Small pieces every part of the companion page is built of: words that agree with a count,
// sections, big buttons, and the page's own redraw (a tap on a suggestion or a toggle in a
// form changes only this page, not the game: no message to the server, no shell redraw).
import { button, el } from "/js/dom.js";
import { t } from "/js/i18n.js";

let redrawer = () => {};

/** table.js registers how to draw the board again from the last payload. */
export function setRedraw(fn) {
  redrawer = fn;
}

/** Draws the board again with the page's own memory changed (a typed name, a toggle). */
export function redraw() {
  redrawer();
}

/** `key.one` for 1 (or -1), `key.other` otherwise, with `{n}` the count without its sign:
 * Italian and English agree their nouns that way. */
export function tn(key, n, params = {}) {
  return t(`${key}.${Math.abs(n) === 1 ? "one" : "other"}`, { n: Math.abs(n), ...params });
}

/** A section with a heading (`headKey` in the catalogue, or null). */
export function section(className, headKey, params) {
  const box = el("section", `sn-panel ${className}`);
  if (headKey) box.append(el("h2", "sn-head", t(headKey, params)));
  return box;
}

/** Whether this page may send actions: a seat of its own, on the table page (a replay, or
 * someone watching, only looks). */
export function canAct(ctx) {
  return Boolean(ctx.seat && ctx.act && !ctx.replay);
}

/** A button the page sends an action with: disabled while a move is on its way, and where
 * the page may not act. `key` marks it (`data-act`) for the focus and the tests. */
export function actButton(label, onClick, ctx, className = "", key = "") {
  const node = button(label, onClick, `sn-button ${className}`);
  if (key) node.dataset.act = key;
  node.disabled = Boolean(ctx.busy) || !canAct(ctx);
  return node;
}

/** A labelled field: `<label><span>text</span>control</label>`. */
export function labelled(text, control, className = "") {
  const label = el("label", `sn-field ${className}`);
  label.append(el("span", "sn-field-label", text), control);
  return label;
}

/** One radio button per value, in the group `name`, `current` checked; the words of each
 * from `word(value)`; a change redraws after `chose(value)`. */
export function radios(name, values, current, word, chose) {
  const group = el("div", "sn-add-kinds");
  group.setAttribute("role", "radiogroup");
  for (const value of values) {
    const option = el("label", "sn-radio");
    const radio = el("input");
    Object.assign(radio, { type: "radio", name, value, checked: current === value });
    radio.addEventListener("change", () => {
      chose(value);
      redraw();
    });
    option.append(radio, el("span", null, word(value)));
    group.append(option);
  }
  return group;
}

export function numberInput(value, { min, max, name } = {}) {
  const input = el("input");
  Object.assign(input, { type: "number", inputMode: "numeric", step: 1 });
  if (min !== undefined) input.min = String(min);
  if (max !== undefined) input.max = String(max);
  if (name) input.name = name;
  if (value !== undefined && value !== null && value !== "") input.value = String(value);
  return input;
}

/** A whole number typed in a field, or null when it is empty or not a whole number. */
export function wholeNumber(text) {
  const trimmed = String(text).trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** Roman numerals as the board's library tokens write the years. */
export function roman(year) {
  return ["", "I", "II", "III", "IV"][year] || String(year);
}
