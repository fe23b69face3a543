// Each legal action of Legends as a path of clicks: a card, a set of cards, a verb, an
// option. The shell's chooser walks the paths; nothing here knows a rule, only the shapes of
// the actions.
import { card, cards, option, plainPath, verb } from "/js/chooser.js";
import { t } from "/js/i18n.js";

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
      return [verb("concede", "danger"), option("yes", t("play.conceded"))];
    default:
      return plainPath(a);
  }
}
