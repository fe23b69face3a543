// What to call a seat nobody named: the server names it by its id ("P2", "human"), which
// says nothing to a player. It is called by who plays it: "Player 1", "Bot 2", or the
// game's own word for its kind (its catalogue's `seat.name.<kind>`).
import { has, tg } from "./i18n.js";

/** `name` when it is a real one, else a name made from the seat's kind and place (1-based). */
export function seatLabel(game, { seat, name, kind, place }) {
  const [role, account] = String(seat || "").includes(":") ? String(seat).split(":") : [null, null];
  const unnamed = !name || name === seat || name === kind || name === account;
  if (!unnamed) return name;
  // A seat whose id says its role ("referee:arbitro02") by that role in the game's words
  // ("Arbitro 2"), never as a player by its place ("Giocatore 14").
  if (role && has(`seat.name.${role}`, game)) {
    const own = /(\d+)$/.exec(account || "");
    return tg(game, `seat.name.${role}`, { n: own ? Number(own[1]) : place });
  }
  if (kind && kind !== "human" && has(`seat.name.${kind}`, game)) return tg(game, `seat.name.${kind}`, { n: place });
  return tg(game, kind && kind !== "human" ? "seat.name.bot" : "seat.name.person", { n: place });
}
