// Each legal action of a battle as a path of clicks: a card in the hand or the strategy
// zone, or a legend in the waiting room, then what to do with it (and its target); the
// turn's decisions as buttons. Lineups are chosen on the board (lineup.js).
import { card, option, plainPath, verb } from "/js/chooser.js";
import { t } from "/js/i18n.js";
import { legendStep } from "./board.js";
import { cardData, cardName, legendData, legendName, number } from "./words.js";

/** A card instance's card id, as the viewer's own view shows it. */
function cardIdOf(view, seat, iid) {
  const info = view.seats[seat] || {};
  const all = [...(info.hand || []), ...(info.zone || []), ...(info.discard || [])];
  const found = all.find((c) => c.card === iid);
  return found ? found.card_id : null;
}

/** The last step of a card whose effect names a target: a legend to revive, a card to
 * salvage, or one of the opponent's face-down cards. */
function targetStep(view, seat, target) {
  if (typeof target === "number") return option(`zone:${target}`, t("table.target_zone", { n: target + 1 }));
  if (typeof target === "string" && legendData(target).cost !== undefined) return option(`legend:${target}`, t("table.target_legend", { legend: legendName(target) }));
  const cardId = cardIdOf(view, seat, target);
  return option(`card:${target}`, t("table.target_card", { card: cardId ? cardName(cardId) : t("table.a_card") }));
}

/** The steps of one legal action of `seat`; null for what the board offers itself.
 * `seatName` names a seat (the linked die's referee types each player's face). */
export function pathOf(action, view, seat, seatName) {
  const a = action;
  const named = (iid) => {
    const id = cardIdOf(view, seat, iid);
    return id ? cardName(id) : t("table.a_card");
  };
  switch (a.type) {
    case "submit_lineup":
      return null; // the lineup panel on the board
    case "keep_die":
      return [option("keep", t("screen.do.keep_die", { value: view.seats[seat].die }))];
    case "override_die": {
      // The card discarded gives its cost as the die's value (R16).
      const id = cardIdOf(view, seat, a.card);
      return [card(a.card), option("override", t("screen.do.override_die", { cost: id ? cardData(id).cost : "?", card: named(a.card) }))];
    }
    case "set_tactic":
      return [card(a.card), option("set", t("screen.do.set_tactic", { card: named(a.card) }))];
    case "use_support": {
      const steps = [card(a.card), option("use", t("screen.do.use_support", { card: named(a.card) }))];
      return a.target === undefined ? steps : [...steps, targetStep(view, seat, a.target)];
    }
    case "activate_tactic": {
      const steps = [card(a.card), option("activate", t("screen.do.activate_tactic", { card: named(a.card) }))];
      return a.target === undefined ? steps : [...steps, targetStep(view, seat, a.target)];
    }
    case "designate_legend": {
      const data = legendData(a.legend);
      const words = { legend: legendName(a.legend), cost: data.cost, dv: number(data.dv) };
      return [card(legendStep(seat, a.legend)), option("designate", t("screen.do.designate_legend", words))];
    }
    case "designate_none":
      return [verb("designate_none")];
    case "pass":
      return [verb("pass")];
    case "declare_attack":
    case "declare_no_attack":
    case "declare_block":
    case "declare_no_block":
      return [verb(a.type)];
    case "take_extra":
      return [option(a.yes ? "extra_yes" : "extra_no", t(a.yes ? "screen.do.take_extra_yes" : "screen.do.take_extra_no"))];
    case "report_die":
      return [option(`${a.seat}:${a.face}`, t("screen.do.report_die", { player: seatName(a.seat), face: a.face }))];
    case "concede":
      return [verb("concede", "danger"), option("yes", t("screen.do.concede"))];
    default:
      return plainPath(a);
  }
}
