// People and seats as a person reads them (issue 27): by the name they registered with or
// their seat's name; a seat nobody named by its role and place in the game's words
// ("Giocatore 4", "Arbitro 2"), never by its account id ("p04", "arbitro02").
import { t } from "/js/i18n.js";

/** The place a seat's account id ends with: `p04` → 4, `arbitro02` → 2 (0 if none). */
function place(user) {
  const m = /(\d+)$/.exec(String(user || ""));
  return m ? Number(m[1]) : 0;
}

/** A seat's own name as the table's creator wrote it, when it is a real one. */
function seatGiven(payload, seat) {
  const found = ((payload || {}).seats || {})[seat];
  const name = found && found.name;
  return name && name !== seat && name !== seat.split(":")[1] ? name : null;
}

/** A player's seat: its name, else "Giocatore 4". */
export function playerSeatName(payload, user) {
  const given = seatGiven(payload, `player:${user}`);
  if (given) return given;
  const n = place(user);
  return n ? t("seat.player_n", { n }) : t("seat.someone");
}

/** Someone by the name they registered with, else by their seat. */
export function personName(payload, view, user) {
  const found = ((view || {}).registered || []).find((p) => p.user_id === user);
  return found && found.display_name ? found.display_name : playerSeatName(payload, user);
}

/** A referee: their seat's name, else "Arbitro 2" (or "Un arbitro"). */
export function refereeName(payload, user) {
  const given = seatGiven(payload, `referee:${user}`);
  if (given) return given;
  const n = place(user);
  return n ? t("seat.referee_n", { n }) : t("seat.referee_one");
}
