// The round limit's ranking (R108) as the end screen shows it: each side's characters
// alive, their HP left and its mains' printed HP, read off the final public table.
import { el } from "/js/dom.js";
import { t, tn } from "/js/i18n.js";

function figures(view, seats) {
  const alive = seats.flatMap((s) => view.seats[s].table || []);
  const mains = alive.filter((ch) => ch.is_main).reduce((sum, ch) => sum + ((view.card_faces[ch.card_id] || {}).hp || 0), 0);
  return [alive.length, alive.reduce((sum, ch) => sum + Math.max(0, ch.hp), 0), mains];
}

export function capStanding(payload, seatName) {
  const view = payload.view;
  const sides = new Map();
  for (const [seat, info] of Object.entries(view.seats)) {
    const team = info.team || seat;
    if (!sides.has(team)) sides.set(team, []);
    sides.get(team).push(seat);
  }
  const rows = [...sides.entries()].map(([team, seats]) => [team, seats, figures(view, seats)]);
  rows.sort((a, b) => b[2][0] - a[2][0] || b[2][1] - a[2][1] || b[2][2] - a[2][2]);
  const box = el("div", "cap-standing");
  box.append(el("p", null, tn("end.cap.rule", view.max_rounds)));
  const table = el("table");
  const head = el("tr");
  for (const key of ["end.cap.side", "end.cap.alive", "end.cap.hp", "end.cap.mains"]) head.append(el("th", null, t(key)));
  table.append(head);
  for (const [team, seats, numbers] of rows) {
    const row = el("tr");
    const named = ["good", "evil"].includes(team) ? t(`end.cap.team.${team}`) : seats.map(seatName).join(", ");
    row.append(el("td", null, named), ...numbers.map((n) => el("td", null, String(n))));
    table.append(row);
  }
  box.append(table);
  return box;
}
