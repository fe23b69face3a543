// A player's own page while registration is open (A1, A2): sign up under the name they
// play with, then say whom they would like to play with and whom they would rather avoid
// (R4: the last setting before the close counts; only they and the referees see it, §8).
// The referees may also copy a sign-up from the forum in their console (console.js).
import { button, el } from "/js/dom.js";
import { t } from "/js/i18n.js";
import { playerSeatName } from "./people.js";

// `sent`: the wishes sent and the game's version then, until an update shows them stored;
// `saved`: "new" on the update that does (the message is announced), then "shown".
const form = { key: null, name: "", partner: "", avoid: ["", "", ""], error: null, sent: null, saved: null };

/** Wishes compared as the server stores them (no partner: null; avoidances in order). */
function wishesKey(partner, avoid) {
  return JSON.stringify({ partner: partner || null, avoid: (avoid || []).filter(Boolean) });
}

function seatName(payload, user) {
  return playerSeatName(payload, user);
}

function personName(payload, user) {
  const found = (payload.view.registered || []).find((p) => p.user_id === user);
  return found ? found.display_name : seatName(payload, user);
}

function select(field, value, choices, label) {
  const node = el("select");
  node.dataset.field = field;
  node.setAttribute("aria-label", label);
  for (const [key, words] of choices) node.append(new Option(words, key, false, key === value));
  return node;
}

function labelled(text, node) {
  const label = el("label", "console-field");
  label.append(el("span", "console-label", text), node);
  return label;
}

/** Checked with the server first: a refusal is shown in words and nothing is sent. */
async function send(box, rebuild, ctx, action, sending = () => {}) {
  try {
    const answer = await ctx.check(action);
    if (!answer.problems.length) {
      form.error = null;
      sending();
      return ctx.act(action);
    }
    form.error = answer.problems.map((p) => p.text).join(" ");
  } catch (err) {
    form.error = err.message;
  }
  box.replaceWith(rebuild());
}

function wishes(payload, ctx, user) {
  const others = Object.keys(payload.seats || {})
    .filter((s) => s.startsWith("player:") && s !== `player:${user}`)
    .map((s) => s.slice(7));
  const choices = [["", t("console.nobody")], ...others.map((u) => [u, personName(payload, u)])];
  const box = el("div", "signup-wishes");
  box.append(el("h3", null, t("signup.wishes")), el("p", "hint", t("signup.wishes_hint")));
  const saved = savedNote();
  const partner = select("signup-partner", form.partner, choices, t("signup.partner"));
  partner.addEventListener("change", () => {
    form.partner = partner.value;
    unsaved(saved);
  });
  box.append(labelled(t("signup.partner"), partner));
  form.avoid.forEach((value, i) => {
    const label = t("signup.avoid", { n: i + 1 });
    const avoid = select(`signup-avoid${i + 1}`, value, choices, label);
    avoid.addEventListener("change", () => {
      form.avoid[i] = avoid.value;
      unsaved(saved);
    });
    box.append(labelled(label, avoid));
  });
  if (form.error) box.append(el("p", "problem", form.error));
  const action = () => ({ type: "set_preferences", preferred_partner: form.partner || null, avoid: form.avoid.filter(Boolean) });
  const rebuild = () => wishes(payload, ctx, user);
  const sending = () => {
    form.sent = { version: payload.version, wishes: wishesKey(form.partner, form.avoid) };
    unsaved(saved);
  };
  box.append(button(t("signup.save_wishes"), () => send(box, rebuild, ctx, action(), sending), "primary", "signup-wishes"), saved);
  return box;
}

/** "Preferenze salvate.", once an update shows the wishes stored; a live region, so a
 * screen reader says it when it appears (not again on the redraws later updates bring). */
function savedNote() {
  const note = el("p", "wishes-saved");
  note.setAttribute("role", "status");
  note.setAttribute("aria-live", "polite");
  if (form.saved === "shown") note.textContent = t("signup.wishes_saved");
  if (form.saved === "new") {
    form.saved = "shown";
    queueMicrotask(() => (note.textContent = t("signup.wishes_saved"))); // once it is on the page
  }
  return note;
}

function unsaved(note) {
  form.saved = null;
  note.textContent = "";
}

/** The update that carries the wishes sent: they are stored. */
function noticeSaved(payload, me) {
  if (!form.sent || !(payload.version > form.sent.version)) return;
  if (wishesKey(me.preferred_partner, me.avoid) !== form.sent.wishes) return;
  form.sent = null;
  form.saved = "new";
}

/** The sign-up page of a player seat in registration; null otherwise. */
export function signUpPage(payload, ctx) {
  const view = payload.view;
  if (view.phase !== "registration" || !ctx.seat || !ctx.seat.startsWith("player:")) return null;
  const user = ctx.seat.slice(7);
  const me = view.me && view.me.status === "registered" ? view.me : null;
  const key = `${payload.game_id}:${user}:${me ? "in" : "out"}`;
  if (form.key !== key) {
    Object.assign(form, { key, name: "", error: null, partner: (me && me.preferred_partner) || "", sent: null, saved: null });
    form.avoid = [0, 1, 2].map((i) => ((me && me.avoid) || [])[i] || "");
  }
  const box = el("section", "sign-up");
  box.setAttribute("aria-label", t("signup.title"));
  box.append(el("h2", null, t("signup.title")));
  if (me) {
    noticeSaved(payload, me);
    box.append(el("p", "signed-up", t("signup.done", { name: personName(payload, user) })));
    box.append(wishes(payload, ctx, user));
    return box;
  }
  if (!(payload.legal || []).some((a) => a.type === "register")) return null;
  const name = el("input");
  name.dataset.field = "signup-name";
  name.maxLength = 60;
  name.value = form.name;
  name.placeholder = seatName(payload, user);
  name.addEventListener("input", () => (form.name = name.value));
  box.append(el("p", "hint", t("signup.hint")), labelled(t("signup.name"), name));
  if (form.error) box.append(el("p", "problem", form.error));
  const rebuild = () => signUpPage(payload, ctx);
  const action = () => ({ type: "register", display_name: form.name.trim() || seatName(payload, user) });
  box.append(button(t("signup.register"), () => send(box, rebuild, ctx, action()), "primary", "signup-send"));
  return box;
}
