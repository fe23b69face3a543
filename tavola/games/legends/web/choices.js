// Each legal action of Legends as a path of clicks: a card, a set of cards, a verb, an
// option. The shell's chooser walks the paths; nothing here knows a rule, only the shapes of
// the actions.
import { card, cards, option, plainPath, verb } from "/js/chooser.js";
import { t, tn } from "/js/i18n.js";
import { cardName, side } from "./cards.js";
import { attackPreview } from "./preview.js";

/** The steps of one legal action; `names` gives a card instance's (or a seat's) name. */
export function pathOf(action, names, view) {
  const stat = (s) => t(`stat.${s}`);
  const a = action;
  switch (a.type) {
    case "choose_main": {
      if (!a.card_id) return [verb("random_main")];
      // The last click names the main's side: what it lets its player use is on the table.
      const face = view.card_faces[a.card_id] || {};
      const words = { name: cardName(view.card_faces, a.card_id), side: t(`main.side_word.${side(face.alignment)}`) };
      return [card(`main:${a.card_id}`), option("main", t("main.choose_as", words))];
    }
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
      // The last click shows what the attack would do as the table stands now, so that
      // nobody attacks blind: one button per stat, or one to confirm.
      const steps = [verb("declare_attack"), cards(a.attackers.map((x) => x.iid)), card(a.target)];
      const value = a.attackers.map((x) => `${x.iid}=${x.stat || ""}`).join(",");
      steps.push(option(value, attackPreview(view, a.attackers, a.target)));
      return steps;
    }
    case "forgo":
      return [verb("forgo"), cards(a.iids)];
    case "defence_ready":
      return a.defence_stat ? [verb("defence_ready"), option(a.defence_stat, stat(a.defence_stat))] : [verb("defence_ready")];
    case "reinforce": {
      // The attacker adds one more character to its own attack (R45): the new total shown.
      const fight = view.combat;
      const joined = fight ? [...fight.attackers, { iid: a.iid, stat: a.stat }] : [{ iid: a.iid, stat: a.stat }];
      const label = fight ? attackPreview(view, joined, fight.target) : stat(a.stat);
      return [verb("reinforce"), card(a.iid), option(a.stat || "go", label)];
    }
    case "cut_deck":
      // Without k the game's RNG cuts (as a bot does): said so, and listed first.
      return a.k === undefined
        ? [verb("cut_deck"), option("random", t("option.cut_random"))]
        : [verb("cut_deck"), option(a.k, tn("option.cut", a.k))];
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
