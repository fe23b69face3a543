// The table as a viewer sees it: every seat's public side (and the viewer's own hand),
// the combat under way, and for the simplified mode the clash. `pick` maps the ids the
// player may click now to {selected, onPick}.
import { cardBack, cardElement, cardName, side } from "./cards.js";
import { el } from "/js/dom.js";
import { t, tn } from "/js/i18n.js";
import { seatLabel } from "/js/seat-names.js";

function card(ref, faces, kind, pick, extra = {}) {
  const choice = pick.get(ref.iid);
  const node = cardElement(ref, faces, {
    kind,
    ...extra,
    onPick: choice ? choice.onPick : undefined,
    selected: choice ? choice.selected : undefined,
  });
  if (pick.latest && pick.latest.has(ref.iid)) node.classList.add("latest");
  return node;
}

/** Every id the last move's events name (attackers, targets, cards played), to mark them. */
export function touched(events) {
  const ids = new Set();
  const stack = (events || []).map((e) => e.data);
  while (stack.length) {
    const node = stack.pop();
    if (typeof node === "string") ids.add(node);
    else if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === "object") stack.push(...Object.values(node));
  }
  return ids;
}

/** The seat that controls each character on a table (to tell two of a name apart). */
export function controllers(view) {
  const owned = new Map();
  for (const [seat, info] of Object.entries(view.seats)) for (const ch of info.table || []) owned.set(ch.iid, seat);
  return owned;
}

/** Every card instance the view shows (iid → card_id), to name targets and attackers. */
export function shownCards(view) {
  const shown = new Map();
  const stack = [view];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === "object") {
      if (typeof node.iid === "string" && typeof node.card_id === "string") shown.set(node.iid, node.card_id);
      stack.push(...Object.values(node));
    }
  }
  return shown;
}

export function seatName(payload, seat) {
  const view = payload.view;
  const name = (view.seats[seat] && view.seats[seat].name) || (payload.seats[seat] && payload.seats[seat].name) || seat;
  const served = payload.seats && payload.seats[seat];
  const kind = served ? served.bot || served.kind : view.seats[seat] && view.seats[seat].kind;
  const place = Object.keys(view.seats).indexOf(seat) + 1;
  return seatLabel("legends", { seat, name, kind: kind === "auto_boss" ? "boss" : kind, place });
}

function seatHeader(payload, seat, me) {
  const view = payload.view;
  const info = view.seats[seat];
  const head = el("header", "seat-head");
  const title = el("h2", "seat-name", seatName(payload, seat));
  if (seat === me) title.append(el("span", "you", ` (${t("play.you")})`));
  head.append(title);
  const badges = el("ul", "badges");
  const badge = (kind, text) => badges.append(el("li", `badge badge-${kind}`, text));
  if (view.active_seat === seat && !view.result) badge("active", t("play.active", { name: seatName(payload, seat) }));
  if (info.team && info.team !== seat)
    badge("team", ["good", "evil"].includes(info.team) ? t(`play.team.${info.team}`) : t("play.team", { team: info.team }));
  if (info.permission) badge(`perm-${info.permission}`, t(`play.permission.${info.permission}`));
  if (payload.seats[seat] && payload.seats[seat].kind === "bot") badge("bot", t("play.bot"));
  if (info.autopilot) badge("autopilot", t("play.autopilot"));
  if (info.sealed) badge("sealed", t("play.sealed"));
  if (info.eliminated || info.out) badge("out", info.out ? t("simplified.out") : t("play.eliminated"));
  if (info.hand_size !== undefined) badge("hand", tn("play.hand_size", info.hand_size));
  if (info.pile_size !== undefined) badge("pile", tn("simplified.pile", info.pile_size));
  head.append(badges);
  return head;
}

function battleSeat(payload, seat, me, pick) {
  const view = payload.view;
  const faces = view.card_faces;
  const info = view.seats[seat];
  const section = el("section", `seat${seat === me ? " mine" : ""}`);
  section.dataset.seat = seat;
  section.setAttribute("aria-label", t("play.table_of", { name: seatName(payload, seat) }));
  section.append(seatHeader(payload, seat, me));
  const row = el("div", "row characters");
  for (const inst of info.table || []) {
    const isProtected = inst.is_main && info.main_protected;
    row.append(card(inst, faces, "character", pick, { isProtected }));
  }
  if (!(info.table || []).length) row.append(el("p", "empty", t("play.no_characters")));
  section.append(row);
  if ((info.egs || []).length) {
    const egs = el("div", "row egs");
    egs.setAttribute("aria-label", t("play.egs"));
    for (const eg of info.egs) egs.append(card(eg, faces, "eg", pick));
    section.append(egs);
  }
  return section;
}

function combatBox(payload) {
  const view = payload.view;
  const fight = view.combat;
  const shown = shownCards(view);
  const owners = controllers(view);
  // Each card with its owner: two players may both have an "Ember".
  const name = (iid) => {
    const card = cardName(view.card_faces, shown.get(iid) || iid);
    return owners.has(iid) ? t("play.combat.owned", { card, owner: seatName(payload, owners.get(iid)) }) : card;
  };
  const box = el("section", "combat");
  box.setAttribute("aria-label", t("play.combat"));
  box.append(el("h2", null, t("play.combat")));
  const attackers = fight.attackers.map((a) => (a.stat ? `${name(a.iid)} (${t(`stat.${a.stat}`)})` : name(a.iid)));
  const line = { attackers: attackers.join(", "), target: name(fight.target) };
  box.append(el("p", null, attackers.length === 1 ? t("play.combat.line_one", line) : t("play.combat.line", line)));
  if (fight.attack_value !== undefined)
    box.append(
      el("p", null, t("play.combat.values", { attack: fight.attack_value, defence: fight.defence_value ?? "–" })),
    );
  if (fight.parried) box.append(el("p", "parried", t("play.combat.parried")));
  return box;
}

/** What a main's side means for the cards its player may use (§3.6), said before it is
 * locked in: a main of the wrong side gets the dealt cards discarded. */
export function mainSideText(view, cardId) {
  const face = view.card_faces[cardId] || {};
  const words = [t(`main.side.${side(face.alignment)}`)];
  if (side(face.alignment) !== "neutral" && view.rules && view.rules.replace_initial_discards) words.push(t("main.side.replaced"));
  return words.join(" ");
}

function mainCandidates(view, pick) {
  const box = el("section", "candidates");
  box.append(el("h2", null, t("play.choose_main")));
  const row = el("div", "row");
  for (const c of view.main_candidates) {
    const slot = el("div", "candidate");
    slot.append(card({ iid: `main:${c.card_id}`, card_id: c.card_id }, view.card_faces, "shown", pick));
    const face = view.card_faces[c.card_id] || {};
    slot.append(el("p", `main-side side-${side(face.alignment)}`, mainSideText(view, c.card_id)));
    row.append(slot);
  }
  box.append(row);
  return box;
}

function simplifiedCentre(payload) {
  const view = payload.view;
  const faces = view.card_faces;
  const box = el("section", "clash");
  const stat = t(`stat.${view.reference_stat}`);
  box.append(el("h2", null, t("simplified.reference", { stat })));
  const clash = view.clash;
  if (clash) {
    box.append(el("h3", null, t("simplified.clash", { n: clash.number })));
    const row = el("div", "row");
    for (const seat of clash.participants) {
      const slot = el("div", "clash-slot");
      slot.append(el("p", "slot-name", seatName(payload, seat)));
      const shown = (clash.cards || {})[seat];
      if (shown && shown.length) for (const c of shown) slot.append(cardElement(c, faces, { kind: "shown" }));
      else slot.append(cardBack(clash.submitted.includes(seat) ? t("simplified.face_down") : "?"));
      row.append(slot);
    }
    box.append(row);
  }
  if (view.war_seats && view.war_seats.length)
    box.append(el("p", "war", t("simplified.war", { names: view.war_seats.map((s) => seatName(payload, s)).join(", ") })));
  if (view.pot && view.pot.length) box.append(el("p", "pot", tn("simplified.pot", view.pot.length)));
  const last = view.last_clash;
  if (last) {
    const done = el("details", "last-clash");
    const outcome = last.winner ? t("simplified.won_by", { name: seatName(payload, last.winner) }) : t("simplified.tied");
    done.append(el("summary", null, `${t("simplified.last")}: ${outcome}`));
    const row = el("div", "row");
    for (const [seat, played] of Object.entries(last.cards)) {
      const slot = el("div", "clash-slot");
      slot.append(el("p", "slot-name", `${seatName(payload, seat)}: ${last.values[seat] ?? "–"}`));
      for (const c of played) slot.append(cardElement(c, faces, { kind: "shown" }));
      row.append(slot);
    }
    done.append(row);
    box.append(done);
  }
  return box;
}

function simplifiedSeat(payload, seat, me) {
  const section = el("section", `seat compact${seat === me ? " mine" : ""}`);
  section.dataset.seat = seat;
  section.append(seatHeader(payload, seat, me));
  return section;
}

/** The board: other seats first, then the centre (combat, candidates, clash), then the
 * viewer's own seat. */
export function renderBoard(payload, me, pick) {
  const view = payload.view;
  const order = view.turn_order || Object.keys(view.seats);
  const others = order.filter((s) => s !== me);
  const frag = document.createDocumentFragment();
  const simplified = view.mode === "simplified";
  const opponents = el("div", "opponents");
  for (const seat of others)
    opponents.append(simplified ? simplifiedSeat(payload, seat, me) : battleSeat(payload, seat, me, pick));
  frag.append(opponents);
  if (simplified) frag.append(simplifiedCentre(payload));
  if (view.combat) frag.append(combatBox(payload));
  if (view.main_candidates && view.main_candidates.length) frag.append(mainCandidates(view, pick));
  if (!simplified) {
    const piles = el("p", "piles", `${t("play.deck", { n: view.deck_size ?? 0 })} · ${t("play.discard", { n: (view.discard || []).length })}`);
    frag.append(piles);
  }
  if (me && view.seats[me]) frag.append(simplified ? simplifiedSeat(payload, me, me) : battleSeat(payload, me, me, pick));
  return frag;
}

/** The viewer's hand (cards it may play are buttons). */
export function renderHand(payload, me, pick) {
  const view = payload.view;
  const box = el("section", "hand");
  box.id = "hand";
  box.setAttribute("aria-label", t("play.hand"));
  box.append(el("h2", null, t("play.hand")));
  const hand = (me && view.seats[me] && view.seats[me].hand) || [];
  const row = el("div", "row");
  for (const ref of hand) row.append(card(ref, view.card_faces, "hand", pick));
  if (!hand.length) row.append(el("p", "empty", t("play.hand_empty")));
  box.append(row);
  return box;
}
