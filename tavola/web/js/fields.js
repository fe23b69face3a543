// Form fields built from a JSON schema (pydantic's, as the catalogue gives a game's table
// options and seat fields): a list for a choice of values, a number for a bounded number, a
// checkbox for a switch, a group for an object, and a group that may be left out comes with
// a checkbox that turns it on. A field's label is the game's catalogue's `form.<path>`, a
// value's `form.<path>.<value>`; without one, the schema's title (or the value itself).
// A field of a kind not listed here is not drawn: it keeps the game's default. A field
// whose `form.<path>.help` the catalogue has shows that sentence under it.
import { el } from "./dom.js";
import { has, tg } from "./i18n.js";

/** `prop` with its `$ref` followed and an `anyOf` of one kind or null made that kind,
 * marked `nullable` (it may be left out). */
export function resolve(prop, root) {
  let out = { ...prop };
  if (out.anyOf) {
    const kinds = out.anyOf.filter((k) => k.type !== "null");
    if (kinds.length !== 1) return { ...out, type: "unsupported" };
    const { anyOf, ...rest } = out;
    out = { ...resolve(kinds[0], root), ...rest, nullable: anyOf.length > kinds.length };
  }
  if (out.$ref) {
    const name = out.$ref.split("/").pop();
    const { $ref, ...rest } = out;
    out = { ...resolve((root.$defs || {})[name] || {}, root), ...rest };
  }
  return out;
}

/** A caption in the game's words when its catalogue has them (it follows the language
 * switch through data-i18n), else `fallback`. */
function caption(tag, className, game, key, fallback) {
  if (!has(key, game)) return el(tag, className, fallback);
  const node = el(tag, className, tg(game, key));
  node.dataset.i18n = key;
  return node;
}

/** The value to show: `value`, or the default when it is undefined. */
const chosen = (value, prop) => (value === undefined ? prop.default : value);

function enumField(game, key, prop, name) {
  const select = el("select");
  select.name = name;
  for (const value of prop.enum) {
    const option = caption("option", null, game, `${key}.${value}`, String(value));
    option.value = String(value);
    select.append(option);
  }
  return {
    input: select,
    read: () => prop.enum.find((v) => String(v) === select.value),
    write: (value) => (select.value = String(chosen(value, prop) ?? prop.enum[0])),
  };
}

function numberField(game, key, prop, name) {
  const input = el("input");
  Object.assign(input, { name, type: "number", step: prop.type === "integer" ? "1" : "any", inputMode: prop.type === "integer" ? "numeric" : "decimal" });
  const low = prop.minimum ?? prop.exclusiveMinimum;
  if (low !== undefined) input.min = String(low);
  if (prop.maximum !== undefined) input.max = String(prop.maximum);
  if (prop.nullable && has(`${key}.none`, game)) {
    input.placeholder = tg(game, `${key}.none`);
    input.dataset.i18nPlaceholder = `${key}.none`;
  }
  return {
    input,
    read: () => (input.value === "" ? null : Number(input.value)),
    write: (value) => (input.value = String(chosen(value, prop) ?? "")),
  };
}

function textField(prop, name) {
  const input = el("input");
  Object.assign(input, { name, type: "text", autocomplete: "off" });
  if (prop.maxLength) input.maxLength = prop.maxLength;
  return {
    input,
    read: () => (input.value.trim() === "" ? null : input.value.trim()),
    write: (value) => (input.value = chosen(value, prop) ?? ""),
  };
}

function switchField(prop, name) {
  const input = el("input");
  Object.assign(input, { name, type: "checkbox" });
  return { input, read: () => input.checked, write: (value) => (input.checked = Boolean(chosen(value, prop))) };
}

/** A field of the form: {node, read() → value (null: left out), write(value or undefined
 * for the default), changed() → whether it differs from the default}. `path` names it
 * (`timers.turn_s`), `name` is its input's name. */
export function field(game, root, path, prop, { prefix = "form", name = path } = {}) {
  prop = resolve(prop, root);
  const key = `${prefix}.${path}`;
  const title = prop.title || path;
  if (prop.const !== undefined) return null; // one value only: nothing to choose
  if (prop.type === "object" || prop.properties) return groupField(game, root, path, prop, key, title, prefix);
  let made;
  if (prop.enum) made = enumField(game, key, prop, name);
  else if (prop.type === "integer" || prop.type === "number") made = numberField(game, key, prop, name);
  else if (prop.type === "string") made = textField(prop, name);
  else if (prop.type === "boolean") made = switchField(prop, name);
  else return null;
  const label = el("label", prop.type === "boolean" ? "check" : null);
  const words = caption("span", null, game, key, title);
  if (prop.type === "boolean") label.append(made.input, " ", words);
  else label.append(words, made.input);
  label.dataset.field = path;
  // What the option does, in a sentence, when the game's catalogue says it (`<key>.help`).
  if (has(`${key}.help`, game)) label.append(caption("small", "help", game, `${key}.help`, ""));
  made.write(undefined);
  const fallback = prop.default ?? null;
  return { node: label, read: made.read, write: made.write, changed: () => made.read() !== fallback };
}

/** An object's fields in a group; one that may be left out is turned on by a checkbox. */
function groupField(game, root, path, prop, key, title, prefix) {
  const box = el("fieldset", "group");
  box.dataset.field = path;
  const inner = el("div", "fields");
  const children = Object.entries(prop.properties || {})
    .map(([child, sub]) => [child, field(game, root, `${path}.${child}`, sub, { prefix })])
    .filter(([, made]) => made);
  inner.append(...children.map(([, made]) => made.node));
  let on = null;
  if (prop.nullable) {
    on = el("input");
    Object.assign(on, { type: "checkbox", name: path });
    const label = el("label", "check");
    label.append(on, " ", caption("span", null, game, key, title));
    box.append(label);
    on.addEventListener("change", () => show());
  } else {
    box.append(caption("legend", null, game, key, title));
  }
  box.append(inner);
  const values = () => Object.fromEntries(children.filter(([, made]) => made.changed()).map(([child, made]) => [child, made.read()]));
  const show = () => {
    inner.hidden = Boolean(on && !on.checked);
    box.classList.toggle("off", inner.hidden);
  };
  const write = (value) => {
    if (on) on.checked = value !== undefined && value !== null;
    show();
    for (const [child, made] of children) made.write(value ? value[child] : undefined);
  };
  write(undefined);
  return {
    node: box,
    // A group turned on is sent even with its defaults (it means "timed"); else only what changed.
    read: () => (on && !on.checked ? null : values()),
    write,
    changed: () => (on ? on.checked : Object.keys(values()).length > 0),
  };
}
