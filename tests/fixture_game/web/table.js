// Kuhn poker at the browser's table: the fixture game's own module (tavola/web/DECISIONS.md,
// "A game's table module"). Each seat's chips in and its card, face down unless this seat
// may see it; the shell's chooser offers the legal actions as verbs (`verb.<type>`).
import { el } from "/js/dom.js";
import { t } from "/js/i18n.js";

function seatBox(view, seat) {
  const box = el("section", "kuhn-seat");
  box.dataset.seat = seat;
  const info = view.seats[seat];
  const card = view.cards[seat];
  box.append(el("h3", null, info.name));
  box.append(el("p", "kuhn-card", card ? t(`card.${card}`) : t("card.hidden")));
  box.append(el("p", "kuhn-chips", t("chips_in", { count: info.chips_in })));
  return box;
}

export function render(payload) {
  const view = payload.view;
  const board = el("div", "kuhn-table");
  for (const seat of Object.keys(view.seats)) board.append(seatBox(view, seat));
  board.append(el("p", "kuhn-pot", t("pot", { count: view.pot })));
  return { board, side: null };
}

export function status(payload) {
  return [el("span", "kuhn-round", t("bets", { count: payload.view.history.length }))];
}
