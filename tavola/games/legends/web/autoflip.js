// Strappacamicia's "Flip for me": when the only thing a person's seat may do is flip its
// top card (R121), the table sends that flip for them after a short pause, so that each
// clash can be seen; the choices the rules leave to the person (R122's keep or switch, a
// cut) still wait for a click. The flip is the same action a click sends, through the
// shell's `act`: the server checks it, and the log and replay are those of a click.
// "Fast-forward" flips without the pause until the person's next choice.
import { el } from "/js/dom.js";
import { t } from "/js/i18n.js";

/** The pause before a flip: long enough to see the clash just settled. */
export const PACE_MS = 700;

const state = {
  timer: null, // a flip waiting for its pause to end
  hurry: false, // fast-forwarding to the next choice
  latest: null, // the last payload drawn: the flip is sent only if it still may only flip
};

const storeKey = () => `tavola.legends.flip_for_me.${location.pathname}`;

/** Whether every other seat is a bot (the toggle is on by default against bots only). */
function againstBots(payload, seat) {
  const seats = payload.seats || {};
  return Object.entries(seats).every(([s, info]) => s === seat || info.kind !== "human");
}

/** The person's wish for this table: theirs when they said it, else on against bots. */
function flipsForMe(payload, seat) {
  const saved = localStorage.getItem(storeKey());
  return saved === null ? againstBots(payload, seat) : saved === "on";
}

/** The seat may only flip: its legal actions (a concession aside) are one `flip`. */
function onlyFlip(payload) {
  const legal = (payload.legal || []).filter((a) => a.type !== "concede");
  return legal.length === 1 && legal[0].type === "flip";
}

function cancel() {
  clearTimeout(state.timer);
  state.timer = null;
}

/** Whether the table is one where flips may be made for a person: a seat's own live table. */
function applies(payload, ctx) {
  return !ctx.replay && Boolean(ctx.seat) && payload.view.mode === "simplified" && payload.status === "active";
}

/** Whether the table flips for the seat now: a flip is all it may do, and the person
 * asked for it (the toggle, or fast-forward). */
function flipsNow(payload, ctx) {
  return applies(payload, ctx) && onlyFlip(payload) && (state.hurry || flipsForMe(payload, ctx.seat));
}

/** Called on every drawing: sends the seat's one legal flip after the pace (at once when
 * fast-forwarding). One flip waits at a time; a drawing in between (the bot flipped)
 * keeps its pause. */
export function flipWhenOnlyFlip(payload, ctx) {
  state.latest = payload;
  if (!applies(payload, ctx)) state.hurry = false;
  else if ((payload.legal || []).length && !onlyFlip(payload)) state.hurry = false; // a choice: the person's, now
  if (!flipsNow(payload, ctx)) return cancel();
  if (state.timer || ctx.busy) return;
  state.timer = setTimeout(
    () => {
      state.timer = null;
      // Decided on what is drawn when the pause ends (the game may have moved on); the
      // shell sends nothing while a move of ours is on its way.
      if (state.latest && flipsNow(state.latest, ctx)) ctx.act({ type: "flip" });
    },
    state.hurry ? 0 : PACE_MS,
  );
}

/** The toggle and the fast-forward button, for the clash box (none for a spectator, a
 * replay or a finished game). */
export function autoFlipControls(payload, ctx) {
  const mine = payload.view.seats[ctx.seat];
  if (!applies(payload, ctx) || !mine || mine.out) return null;
  const on = flipsForMe(payload, ctx.seat);
  const box = el("div", "autoflip");
  const label = el("label", "check");
  const toggle = el("input");
  Object.assign(toggle, { type: "checkbox", name: "flip_for_me", checked: on });
  toggle.addEventListener("change", () => {
    localStorage.setItem(storeKey(), toggle.checked ? "on" : "off");
    note.hidden = !toggle.checked && !state.hurry;
    flipWhenOnlyFlip(state.latest, ctx); // off: a waiting flip is not sent
  });
  label.append(toggle, " ", t("autoflip.toggle"));
  box.append(label);
  const forward = el("button", "secondary fast-forward", t("autoflip.fast_forward"));
  forward.type = "button";
  forward.dataset.control = "fast-forward";
  // Nothing to hurry through while a choice of the person's waits, or once hurrying.
  forward.disabled = state.hurry || ((payload.legal || []).length > 0 && !onlyFlip(payload));
  forward.addEventListener("click", () => {
    state.hurry = true;
    forward.disabled = true;
    cancel();
    flipWhenOnlyFlip(state.latest, ctx);
  });
  box.append(forward);
  const note = el("p", "autoflip-note", t(state.hurry ? "autoflip.hurrying" : "autoflip.hint"));
  note.hidden = !on && !state.hurry;
  box.append(note);
  return box;
}
