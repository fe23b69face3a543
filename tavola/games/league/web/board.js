// The battle as a viewer sees it: the other player's side at the top, the turn in the
// middle (dice, who attacks, the designations, attack and block), the viewer's own side
// below. Each side: life out of 10000, the cost pool, the die, the arena, the strategy zone
// (the opponent's cards as backs), the waiting and rest rooms. `pick` maps what may be
// clicked now (`data-iid`) to {onPick, selected}.
import { el } from "/js/dom.js";
import { t, tn } from "/js/i18n.js";
import { cardLine, cardName, gimmickName, legendData, legendLine, legendName, number, otherSeat } from "./words.js";

const LIFE_SCALE = 10000; // the starting life (R7): the bar's full length

/** The step id of a side's legend (both teams may field the same legend). */
export const legendStep = (seat, legend) => `legend:${seat}:${legend}`;

/** Something that may be clicked (a card, a legend): a button while it is a choice. */
export function pickable(node, id, pick) {
  node.dataset.iid = id;
  const choice = pick.get(id);
  if (!choice) return node;
  node.classList.add("pickable");
  node.tabIndex = 0;
  node.setAttribute("role", "button");
  if (choice.selected !== undefined) node.setAttribute("aria-pressed", String(choice.selected));
  node.addEventListener("click", () => choice.onPick());
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      choice.onPick();
    }
  });
  return node;
}

/** A card face: name, kind and cost, text. */
export function cardFace(cardId, extra = "") {
  const node = el("div", `lcard ${extra}`.trim());
  node.append(el("strong", "lcard-name", cardName(cardId)), el("span", "lcard-line", cardLine(cardId)));
  node.append(el("span", "lcard-text", t(`card_text.${cardId}`)));
  return node;
}

/** A face-down card (the opponent's, or a sealed one). */
export function cardBack(text) {
  const node = el("div", "lcard back");
  node.append(el("span", "back-mark", "◆"), el("span", "lcard-line", text));
  return node;
}

function legendFace(legendId, extra = "") {
  const node = el("div", `legend attr-${legendData(legendId).attribute || "none"} ${extra}`.trim());
  node.append(el("strong", "legend-name", legendName(legendId)), el("span", "legend-line", legendLine(legendId)));
  return node;
}

function lifeBar(life) {
  const box = el("div", "life");
  const label = el("span", "life-label", t("table.life", { life: number(life), max: number(LIFE_SCALE) }));
  const bar = el("div", "life-bar");
  bar.setAttribute("role", "meter");
  bar.setAttribute("aria-valuemin", "0");
  bar.setAttribute("aria-valuemax", String(LIFE_SCALE));
  bar.setAttribute("aria-valuenow", String(life));
  bar.setAttribute("aria-label", label.textContent);
  const fill = el("span", `life-fill${life <= LIFE_SCALE / 4 ? " low" : ""}`);
  fill.style.width = `${Math.max(0, Math.min(100, (life / LIFE_SCALE) * 100))}%`;
  bar.append(fill);
  box.append(label, bar);
  return box;
}

function zoneBox(view, seat, mine, pick) {
  const info = view.seats[seat];
  const box = el("div", "zone");
  box.append(el("h3", null, t("table.counted", { title: t("screen.zone"), n: info.zone_count })));
  const row = el("div", "row");
  for (const slot of info.zone) {
    const set = t("table.set_in_turn", { turn: slot.set_turn });
    if (slot.card_id) row.append(pickable(cardFace(slot.card_id, "in-zone"), slot.card, pick));
    else row.append(cardBack(mine ? set : t("table.face_down", { turn: slot.set_turn })));
  }
  if (!info.zone.length) row.append(el("p", "empty", t("table.zone_empty")));
  box.append(row);
  return box;
}

function waitingBox(view, seat, mine, pick) {
  const info = view.seats[seat];
  const box = el("div", "rooms");
  const waiting = el("div", "waiting");
  waiting.append(el("h3", null, t("table.counted", { title: t("screen.waiting"), n: info.waiting_count })));
  const row = el("div", "row");
  for (const legend of info.waiting_room) row.append(pickable(legendFace(legend, "small"), legendStep(seat, legend), pick));
  const unseen = info.waiting_count - info.waiting_room.length;
  if (unseen > 0) row.append(cardBack(tn("table.unseen", unseen)));
  if (!info.waiting_count) row.append(el("p", "empty", t("table.waiting_empty")));
  waiting.append(row);
  box.append(waiting);
  const rest = el("div", "rest");
  rest.append(el("h3", null, t("table.counted", { title: t("screen.rest"), n: info.rest_room.length })));
  const restRow = el("div", "row");
  for (const legend of info.rest_room) restRow.append(legendFace(legend, "small resting"));
  if (!info.rest_room.length) restRow.append(el("p", "empty", t("table.rest_empty")));
  rest.append(restRow);
  box.append(rest);
  return box;
}

function arenaBox(view, seat) {
  const info = view.seats[seat];
  const box = el("div", "arena");
  box.append(el("h3", null, t("screen.arena")));
  if (!info.arena) {
    box.append(el("p", "empty", t("screen.arena_empty")));
    return box;
  }
  const face = legendFace(info.arena, "in-arena");
  const entry = (info.team || []).find((e) => e.legend === info.arena);
  if (entry && entry.abilities.length) face.append(el("span", "legend-abilities", t("table.abilities", { abilities: entry.abilities.map((a) => t(`ability.${a}`)).join(t("tell.list_separator")) })));
  const side = Number(seat);
  const dv = view.effective_dv && view.effective_dv[side];
  if (dv !== null && dv !== undefined && dv !== legendData(info.arena).dv) face.append(el("span", "dv-now", t("table.dv_now", { dv: number(dv) })));
  box.append(face);
  return box;
}

/** The words beside a side's name: attacks or defends, and what it is doing now. */
function badges(view, seat) {
  const list = el("ul", "badges");
  const badge = (kind, text) => list.append(el("li", `badge badge-${kind}`, text));
  if (view.attacker === seat) badge("attacker", t("table.attacks"));
  if (view.defender === seat) badge("defender", t("table.defends"));
  const info = view.seats[seat];
  if (view.stage === "override" && info.override) badge("sealed", info.override.submitted ? t("table.chosen") : t("table.choosing"));
  if (view.stage === "tactic" && view.tactic_step === seat) badge("active", t("table.tactic_step"));
  if (view.stage === "tactic" && info.step_ended) badge("sealed", t("table.designated_sealed"));
  if (view.stage === "lineup") badge("sealed", info.lineup_submitted ? t("table.lineup_in") : t("table.lineup_waiting"));
  return list;
}

function figures(info) {
  const list = el("ul", "figures");
  const item = (kind, text) => list.append(el("li", `figure figure-${kind}`, text));
  item("pool", t("table.pool", { pool: info.pool }));
  if (info.die !== null && info.die !== undefined) item("die", t("table.die", { die: info.die }));
  item("overrides", tn("table.overrides_left", info.override_uses_left));
  item("deck", tn("table.deck", info.deck_count));
  item("hand", tn("table.hand", info.hand_count));
  item("discard", tn("table.discard", info.discard.length));
  if (info.gimmick) item("gimmick", t("table.gimmick", { gimmick: gimmickName(info.gimmick) }));
  return list;
}

function sideBox(payload, seat, me, pick, seatName) {
  const view = payload.view;
  const info = view.seats[seat];
  const mine = seat === me;
  const box = el("section", `side-panel${mine ? " mine" : ""}${view.attacker === seat ? " attacking" : ""}`);
  box.dataset.seat = seat;
  box.setAttribute("aria-label", t("table.side_of", { name: seatName(seat) }));
  const head = el("header", "side-head");
  const title = el("h2", "side-name", seatName(seat));
  if (mine) title.append(el("span", "you", t("table.you_mark", { you: t("play.you") })));
  head.append(title, badges(view, seat));
  box.append(head);
  if (view.phase === "LINEUP") return box; // nothing is on the table before the lineups
  box.append(lifeBar(info.life), figures(info));
  const field = el("div", "field");
  field.append(arenaBox(view, seat), zoneBox(view, seat, mine, pick));
  box.append(field, waitingBox(view, seat, mine, pick));
  if (info.known_hand && info.known_hand.length && !mine)
    box.append(el("p", "known", t("screen.known_hand", { cards: info.known_hand.map((c) => cardName(c.card_id)).join(t("tell.list_separator")) })));
  return box;
}

/** The middle of the table: the turn, the dice, who attacks, what is awaited. */
function turnBox(payload, me, seatName) {
  const view = payload.view;
  const box = el("section", "turn");
  box.setAttribute("aria-label", t("table.turn_box"));
  if (view.turn) box.append(el("h2", null, t("table.turn", { turn: view.turn, phase: t(`word.phase.${view.phase}`) })));
  else box.append(el("h2", null, t(`word.phase.${view.phase}`)));
  const seats = Object.keys(view.seats);
  const dice = seats.filter((s) => view.seats[s].die !== null && view.seats[s].die !== undefined);
  if (dice.length) {
    const line = el("p", "dice");
    line.append(...dice.map((s) => el("span", "die-face", t("table.die_of", { name: seatName(s), die: view.seats[s].die }))));
    box.append(line);
  }
  if (view.attacker) box.append(el("p", "roles", t("table.roles", { attacker: seatName(view.attacker), defender: seatName(view.defender) })));
  const line = (text, kind = "") => box.append(el("p", kind, text));
  const mine = me && view.seats[me];
  if (view.stage === "override") {
    line(t("table.override_help"));
    if (mine && mine.override && mine.override.submitted) line(t("table.waiting_opponent"), "waiting-note");
  }
  if (view.stage === "tactic" && mine) {
    if (mine.designated) line(t("table.you_designated", { legend: legendName(mine.designated) }));
    else if (mine.step_ended) line(t("table.you_designated_none"));
    if (mine.step_ended && !view.seats[otherSeat(me)].step_ended) line(t("table.waiting_opponent"), "waiting-note");
  }
  if (view.stage === "window" && view.window) line(t("table.window", { window: t(`word.${view.window}`), name: seatName(view.window_seat) }), "window-note");
  if (view.attack === "declared") line(t("table.attack_declared", { name: seatName(view.attacker) }), "attack-note");
  if (view.attack === "declined") line(t("table.attack_declined", { name: seatName(view.attacker) }));
  if (view.block === "declared") line(t("table.block_declared", { name: seatName(view.defender) }), "attack-note");
  if (view.final_damage !== null && view.final_damage !== undefined) line(t("table.damage", { damage: number(view.final_damage) }), "attack-note");
  if (view.prompt && view.prompt.seat === me) line(t("table.take_extra_help"));
  return box;
}

/** The board: the opponent's side, the turn, the viewer's side (seat 0 below for a watcher). */
export function renderBoard(payload, me, pick, seatName) {
  const view = payload.view;
  const below = me && view.seats[me] ? me : "0";
  const frag = document.createDocumentFragment();
  frag.append(sideBox(payload, otherSeat(below), me, pick, seatName));
  frag.append(turnBox(payload, me, seatName));
  frag.append(sideBox(payload, below, me, pick, seatName));
  return frag;
}

/** The viewer's hand: cards it may use now are buttons. */
export function renderHand(payload, me, pick) {
  const info = payload.view.seats[me];
  const box = el("section", "hand");
  box.setAttribute("aria-label", t("screen.hand"));
  box.append(el("h2", null, t("table.counted", { title: t("screen.hand"), n: info.hand_count })));
  const row = el("div", "row");
  // The legal list names one copy of each card: every copy answers a click as that one does.
  const listed = new Map((info.hand || []).filter((card) => pick.get(card.card)).map((card) => [card.card_id, card.card]));
  for (const card of info.hand || []) row.append(pickable(cardFace(card.card_id, "in-hand"), listed.get(card.card_id) || card.card, pick));
  if (!(info.hand || []).length) row.append(el("p", "empty", t("table.hand_empty")));
  box.append(row);
  return box;
}
