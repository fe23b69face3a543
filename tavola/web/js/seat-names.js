// What to call a seat nobody named: the server names it by its id ("P2", "human"), which
// says nothing to a player. It is called by who plays it: "Player 1", "Bot 2", or the
// game's own word for its kind (its catalogue's `seat.name.<kind>`).
import { has, tg } from "./i18n.js";

/** `name` when it is a real one, else a name made from the seat's kind and place (1-based). */
export function seatLabel(game, { seat, name, kind, place }) {
  const unnamed = !name || name === seat || name === kind;
  if (!unnamed) return name;
  if (kind && kind !== "human" && has(`seat.name.${kind}`, game)) return tg(game, `seat.name.${kind}`, { n: place });
  return tg(game, kind && kind !== "human" ? "seat.name.bot" : "seat.name.person", { n: place });
}
