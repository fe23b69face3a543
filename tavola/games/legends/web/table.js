// Legends of AZ at the browser's table: what the shell asks of a game's table module
// (tavola/web/DECISIONS.md, "A game's table module"). The board and the cards are drawn in
// board.js and cards.js, the legal actions become clicks in choices.js.
import { autoFlipControls, flipWhenOnlyFlip } from "./autoflip.js";
import { renderBoard, renderHand, seatName as nameOfSeat, shownCards, touched } from "./board.js";
import { capStanding } from "./standing.js";
import { cardName } from "./cards.js";
import { pathOf } from "./choices.js";
import { el } from "/js/dom.js";
import { t, tn } from "/js/i18n.js";

const shownIn = new WeakMap(); // view → the card instances it shows

function shown(view) {
  if (!shownIn.has(view)) shownIn.set(view, shownCards(view));
  return shownIn.get(view);
}

/** The board (every seat, the combat, the clash) and, beside it, the seat's own hand
 * (none in Strappacamicia, where a hand is a face-down pile, and a flip may be made for
 * the person: autoflip.js). */
export function render(payload, ctx) {
  const hand = ctx.seat && payload.view.mode !== "simplified";
  ctx.pick.latest = touched(ctx.latest); // what the last move touched stands out
  const board = renderBoard(payload, ctx.seat, ctx.pick);
  if (payload.view.mode === "simplified") {
    flipWhenOnlyFlip(payload, ctx);
    const controls = autoFlipControls(payload, ctx);
    const clash = board.querySelector("section.clash h2");
    if (controls && clash) clash.after(controls);
  }
  return { board, side: hand ? renderHand(payload, ctx.seat, ctx.pick) : null };
}

/** A seat's name as the table shows it. */
export function seatName(payload, seat) {
  return nameOfSeat(payload, seat);
}

/** The name of what a step points at: a seat, or a card instance the view shows. */
export function name(id, payload) {
  const view = payload.view;
  if (view.seats[id]) return nameOfSeat(payload, id);
  return cardName(view.card_faces, shown(view).get(id) || id);
}

export function path(action, payload) {
  return pathOf(action, (id) => name(id, payload), payload.view);
}

/** "Legends of AZ · Classic". */
export function title(payload, ctx) {
  return `${ctx.title} · ${t(`form.mode.${payload.view.mode}`)}`;
}

/** The round and turn (a Strappacamicia's clash of the cap, R130), first in the status line. */
export function status(payload) {
  const view = payload.view;
  if (view.mode === "simplified") {
    const n = view.clash ? view.clash.number : view.clash_no;
    return n ? [el("span", "clash-count", t("play.clash_of", { n, max: view.max_clashes }))] : [];
  }
  if (!view.round_no) return [];
  const words = { round: view.round_no, max: view.max_rounds, turn: view.turn_no };
  return [el("span", "round", t(view.max_rounds ? "play.round_turn_of" : "play.round_turn_open", words))];
}

/** At the round limit, how the winner was chosen (R108), with each side's figures; at
 * Strappacamicia's clash limit, R130's rule and each pile. */
export function endDetails(payload) {
  const view = payload.view;
  const result = view.result;
  if (result && result.reason === "clash_cap") {
    const order = view.turn_order || Object.keys(view.seats);
    const piles = order.map((s) => `${nameOfSeat(payload, s)}: ${tn("simplified.pile", view.seats[s].pile_size)}`);
    return el("p", "clash-cap", t("end.clash_cap_piles", { max: view.max_clashes, piles: piles.join(" · ") }));
  }
  return result && result.reason === "round_cap" ? capStanding(payload, (seat) => nameOfSeat(payload, seat)) : null;
}

/** The end in the shell's terms: the view's own result (its reasons are the catalogue's
 * `end.reason.*`), also in replay frames of a finished game. */
export function outcome(payload) {
  return payload.view.result || {};
}
