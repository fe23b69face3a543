// Turns the server's legal actions into clicks. Each action becomes a path of steps (a card,
// a set of cards, a verb, an option); the player walks the paths one step at a time and the
// action whose path is complete is sent. Nothing here knows a rule: only the legal list.
import { t } from "./i18n.js";

const card = (id) => ({ kind: "card", key: `c:${id}`, id });
const cards = (ids) => {
  const sorted = [...ids].sort();
  return { kind: "set", key: `s:${sorted.join(",")}`, ids: sorted };
};
const verb = (name) => ({ kind: "verb", key: `v:${name}`, label: t(`verb.${name}`) });
const option = (value, label) => ({ kind: "option", key: `o:${value}`, label });

/** The steps of one legal action; `names` gives a card instance's (or a seat's) name. */
export function pathOf(action, names, view) {
  const stat = (s) => t(`stat.${s}`);
  const a = action;
  switch (a.type) {
    case "choose_main":
      return a.card_id ? [card(`main:${a.card_id}`), verb("choose_main")] : [verb("random_main")];
    case "place_initial":
      return [cards(a.iids)];
    case "place_character":
      return [card(a.iid), verb("place_character")];
    case "play_card":
      return a.target ? [card(a.iid), verb("play_card"), card(a.target)] : [card(a.iid), verb("play_card")];
    case "assign_equipment":
      return [card(a.eq_iid), verb("assign_equipment"), card(a.char_iid)];
    case "build":
      return [card(a.eg_iid), verb("build"), cards(a.builders)];
    case "declare_attack": {
      const steps = [verb("declare_attack"), cards(a.attackers.map((x) => x.iid)), card(a.target)];
      if (a.attackers.some((x) => x.stat)) {
        const value = a.attackers.map((x) => `${x.iid}=${x.stat}`).join(",");
        const label =
          a.attackers.length === 1
            ? stat(a.attackers[0].stat)
            : a.attackers.map((x) => `${names(x.iid)}: ${stat(x.stat)}`).join(", ");
        steps.push(option(value, label));
      }
      return steps;
    }
    case "forgo":
      return [verb("forgo"), cards(a.iids)];
    case "defence_ready":
      return a.defence_stat ? [verb("defence_ready"), option(a.defence_stat, stat(a.defence_stat))] : [verb("defence_ready")];
    case "reinforce":
      return a.stat ? [verb("reinforce"), card(a.iid), option(a.stat, stat(a.stat))] : [verb("reinforce"), card(a.iid)];
    case "cut_deck":
      return [verb("cut_deck"), option(a.k, t("option.cut", { k: a.k }))];
    case "choose_reference": {
      const reference = view.reference_stat;
      const mine = (view.pending || []).find((p) => p.decision === "choose_reference");
      const to = mine && mine.switch_to;
      return a.choice === "switch"
        ? [option("switch", t("choice.switch", { stat: stat(to || "?") }))]
        : [option("keep", t("choice.keep", { stat: stat(reference) }))];
    }
    case "concede":
      return [verb("concede"), option("yes", t("play.conceded"))];
    default: {
      const { type, ...rest } = a;
      const extra = Object.keys(rest).length ? [option(JSON.stringify(rest), JSON.stringify(rest))] : [];
      return [{ kind: "verb", key: `v:${type}`, label: t(`verb.${type}`) }, ...extra];
    }
  }
}

export class Chooser {
  constructor(legal, names, view) {
    this.entries = legal.map((action) => ({ action, path: pathOf(action, names, view) }));
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

  /** A sentence saying what the next click is for. */
  prompt() {
    const types = new Set(this.matching().map((e) => e.action.type));
    types.delete("concede");
    if (types.size === 1) {
      const key = `prompt.${[...types][0]}.${this.chosen.length}`;
      if (t(key) !== key) return t(key);
    }
    if (!this.chosen.length) return t("prompt.root");
    const kinds = new Set(this.next().map((s) => s.kind));
    if (kinds.has("set")) return t("prompt.set");
    if (kinds.has("card")) return t("prompt.card");
    return t("prompt.option");
  }
}
