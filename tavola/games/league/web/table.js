// Legend.a.League at the browser's table: what the shell asks of a game's table module
// (tavola/web/DECISIONS.md, "A game's table module"). The sides and the turn are drawn in
// board.js, the lineup step in lineup.js, the legal actions become clicks in choices.js,
// names and figures come from words.js.
import { el } from "/js/dom.js";
import { t } from "/js/i18n.js";
import { seatLabel } from "/js/seat-names.js";
import { renderBoard, renderHand } from "./board.js";
import { pathOf } from "./choices.js";
import { lineupPanel } from "./lineup.js";
import { cardName, legendName, number } from "./words.js";

const SEATS = ["0", "1"];

/** A seat's name: the player's, or "Player 1" / "Bot 2" when nobody named it. */
export function seatName(payload, seat) {
  const served = payload.seats && payload.seats[seat];
  const name = served && served.name;
  const kind = served ? served.bot || served.kind : undefined;
  if (!SEATS.includes(seat)) return name || t("table.referee");
  return seatLabel("league", { seat, name, kind, place: SEATS.indexOf(seat) + 1 });
}

export function render(payload, ctx) {
  const view = payload.view;
  const me = ctx.seat && view.seats[ctx.seat] ? ctx.seat : null;
  const named = (seat) => seatName(payload, seat);
  const board = document.createDocumentFragment();
  if (view.stage === "lineup" && me && !ctx.replay) {
    if ((payload.legal || []).some((a) => a.type === "submit_lineup")) board.append(lineupPanel(payload, me, ctx));
    else board.append(el("p", "waiting-note lineup-wait", t("table.lineup_submitted")));
  }
  board.append(renderBoard(payload, me, ctx.pick, named));
  return { board, side: me ? renderHand(payload, me, ctx.pick) : null };
}

export function path(action, payload, ctx) {
  return pathOf(action, payload.view, ctx.seat, (seat) => seatName(payload, seat));
}

/** The words for a step's id when it is not drawn (a card that left the table). */
export function name(id, payload) {
  if (payload.seats && payload.seats[id]) return seatName(payload, id);
  const legend = /^legend:\d:(.+)$/.exec(id);
  if (legend) return legendName(legend[1]);
  for (const info of Object.values(payload.view.seats)) {
    const found = [...(info.hand || []), ...(info.zone || []), ...(info.discard || [])].find((c) => c.card === id);
    if (found && found.card_id) return cardName(found.card_id);
  }
  return t("table.a_card");
}

/** "Legend.a.League · Turn 3". */
export function title(payload, ctx) {
  const view = payload.view;
  return view.turn ? `${ctx.title}${t("table.dot")}${t("table.turn_short", { turn: view.turn })}` : ctx.title;
}

/** The phase, first in the status line (the shell says when the game is over). */
export function status(payload) {
  const phase = payload.view.phase;
  return phase === "GAME_OVER" ? [] : [el("span", "phase", t(`word.phase.${phase}`))];
}

/** Events are told by the server in the page's language. */
export function describe() {
  return null;
}

/** The end in the shell's terms, from the view's result (also in replay frames). */
export function outcome(payload) {
  const result = payload.view.result;
  if (!result) return payload.outcome || {};
  const winner = result.winner;
  const loser = winner === null || winner === undefined ? null : SEATS[1 - SEATS.indexOf(winner)];
  return {
    winners: winner ? [winner] : [...SEATS],
    draw: !winner,
    reason: result.condition,
    placements: winner ? { [winner]: 1, [loser]: 2 } : { 0: 1, 1: 1 },
  };
}

/** How the battle ended, in a sentence naming the players, with both lives. */
export function endDetails(payload) {
  const result = payload.view.result;
  if (!result) return null;
  const winner = result.winner;
  const loser = winner ? SEATS[1 - SEATS.indexOf(winner)] : null;
  const lives = SEATS.map((s) => t("table.life_of", { name: seatName(payload, s), life: number(result.lives[Number(s)]) })).join(t("tell.list_separator"));
  let key = `tell.end.${result.condition}`;
  if (!winner) key = { both_out_life: "tell.end.both_out_draw", turn_cap: "tell.end.turn_cap_draw" }[result.condition] || "tell.end.draw";
  const words = { winner: winner ? seatName(payload, winner) : "", loser: loser ? seatName(payload, loser) : "", lives };
  const box = el("div", "league-end");
  box.append(el("p", "end-line", t(key, words)));
  // Both lives, unless the sentence says them already.
  if (!t(key).includes("{lives}")) box.append(el("p", "end-lives", lives));
  return box;
}
