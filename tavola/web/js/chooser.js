// Turns the server's legal actions into clicks. The game's table module makes each action
// a path of steps (a card, a set of cards, a verb, an option); the player walks the paths
// one step at a time and the action whose path is complete is sent. Nothing here knows a
// rule: only the legal list.
import { has, t } from "./i18n.js";

/** One thing on the table to click (`id` is what the board marks with data-iid). */
export const card = (id) => ({ kind: "card", key: `c:${id}`, id });
/** Several things on the table, toggled, then confirmed. */
export const cards = (ids) => {
  const sorted = [...ids].sort();
  return { kind: "set", key: `s:${sorted.join(",")}`, ids: sorted };
};
/** A button named by the catalogue's `verb.<name>`; `tone: "danger"` for giving up. */
export const verb = (name, tone = "") => ({ kind: "verb", key: `v:${name}`, label: words(`verb.${name}`, name), tone });
/** A button (or an entry of a list) with its own label. */
export const option = (value, label) => ({ kind: "option", key: `o:${value}`, label: String(label) });

/** The catalogue's words for `key`, else `fallback` made readable. */
function words(key, fallback) {
  return has(key) ? t(key) : fallback.replaceAll("_", " ");
}

/** The path of an action no table module describes: its verb, then its arguments. */
export function plainPath(action) {
  const { type, ...rest } = action;
  const extra = Object.keys(rest).length ? [option(JSON.stringify(rest), JSON.stringify(rest))] : [];
  return [verb(type), ...extra];
}

export class Chooser {
  /** `pathOf(action)` gives an action's steps (null: not offered here); `rare` names the action types always on
   * offer beside the others (conceding), which never decide the prompt. */
  constructor(legal, pathOf, rare = []) {
    // A null path: the table module offers that action on its own board (ctx.act).
    const paths = legal.map((action) => ({ action, path: pathOf(action) }));
    this.entries = paths.filter((e) => e.path);
    // What the module offers on its own board (a lineup to choose): the prompt may say so.
    this.onBoard = new Set(paths.filter((e) => !e.path).map((e) => e.action.type));
    this.rare = new Set(rare);
    this.chosen = [];
    this.toggled = new Set();
  }

  matching() {
    return this.entries.filter((e) => this.chosen.every((key, i) => e.path[i] && e.path[i].key === key));
  }

  /** The distinct steps that may come next. */
  next() {
    const seen = new Map();
    for (const e of this.matching()) {
      const step = e.path[this.chosen.length];
      if (step && !seen.has(step.key)) seen.set(step.key, step);
    }
    return [...seen.values()];
  }

  /** Takes a step; returns the action to send once one path is complete, else null. */
  take(step) {
    this.chosen.push(step.key);
    this.toggled.clear();
    const left = this.matching();
    const done = left.filter((e) => e.path.length === this.chosen.length);
    if (done.length === 1 && left.length === 1) return done[0].action;
    return null;
  }

  back() {
    this.chosen.pop();
    this.toggled.clear();
  }

  /** The set step the toggled cards make, if one of the next steps is exactly that set. */
  setReady() {
    const key = cards(this.toggled).key;
    return this.next().find((s) => s.kind === "set" && s.key === key) || null;
  }

  /** A sentence saying what the next click is for: the catalogue's
   * `prompt.<action type>.<step>` when one kind of action is left, else a general one. */
  prompt() {
    const types = new Set(this.matching().map((e) => e.action.type));
    for (const type of this.rare) types.delete(type);
    if (types.size === 1) {
      const key = `prompt.${[...types][0]}.${this.chosen.length}`;
      if (has(key)) return t(key);
    }
    // Only what the module offers on its board is left (a lineup): `prompt.<that type>.0`.
    const board = [...this.onBoard];
    if (!types.size && board.length === 1 && has(`prompt.${board[0]}.0`)) return t(`prompt.${board[0]}.0`);
    // Only conceding is on offer: it is someone else's turn.
    if (!types.size && !board.length && !this.chosen.length) return t("play.nothing_to_do");
    if (!this.chosen.length) {
      // Nothing to pick on the table (attack or not): the prompt points at the buttons only.
      const onTable = this.next().some((s) => s.kind === "card");
      return types.size && !onTable ? t("prompt.buttons") : t("prompt.root");
    }
    const kinds = new Set(this.next().map((s) => s.kind));
    if (kinds.has("set")) return t("prompt.set");
    if (kinds.has("card")) return t("prompt.card");
    return t("prompt.option");
  }
}
