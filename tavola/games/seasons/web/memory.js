// What the page remembers between two payloads: the lines the server told (the short history
// and "what Dummbot just did"), the action this page sent last (accepted or refused), and
// the forms being filled in (names typed, a prelude being shared out), kept per prompt so
// that a refusal or an update leaves them as they were.

import { canAct } from "./ui.js";

const told = []; // {seq, type, text, data} of every event this connection was told, in order
let lastSeq = 0;
let lastBatch = null; // seq of the first event of the latest action's answer
const absorbed = new WeakSet(); // payloads already read (the shell draws one more than once)

let sent = null; // {action, version, seen}: our action, until its answer is known
let refused = null; // {action, version}: our last action the server refused
let accepted = null; // our last action the server accepted

const forms = new Map(); // form name → {key, value}
// The latest answer's first event, per game, for a reload of this tab (none in a replay).
const batchKey = (gameId) => (gameId ? `tavola.seasons.batch.${gameId}` : null);

/** Reads a payload's events once. The first payload, and one whose events start at or
 * before those already held, is a whole state (a reload, a reconnection, another language):
 * the memory starts again from it, and the latest action's first event comes from this
 * tab's session. */
export function absorb(payload) {
  if (absorbed.has(payload)) return;
  absorbed.add(payload);
  const events = payload.events || [];
  if (!events.length) return;
  if (lastSeq === 0 || events[0].seq <= lastSeq) {
    told.length = 0;
    lastSeq = 0;
    const key = batchKey(payload.game_id);
    const kept = key ? Number(sessionStorage.getItem(key)) : NaN;
    lastBatch = Number.isInteger(kept) && kept > 0 ? kept : null;
    for (const e of events) remember(e);
    return;
  }
  lastBatch = events[0].seq;
  const key = batchKey(payload.game_id);
  if (key) sessionStorage.setItem(key, String(lastBatch));
  for (const e of events) remember(e);
}

function remember(event) {
  told.push({ seq: event.seq, type: event.type, text: event.text || null, data: event.data || {} });
  lastSeq = Math.max(lastSeq, event.seq);
}

/** The lines of the latest answer of the game (what the last tap made happen). Without a
 * known start (a page opened on another device), the lines since the person's last die
 * choice: Dummbot's whole turn. */
export function latestLines() {
  let start = lastBatch;
  if (start === null || !told.some((e) => e.seq === start)) {
    const chosen = [...told].reverse().find((e) => e.type === "die_chosen");
    start = chosen ? chosen.seq : told.length ? told[Math.max(0, told.length - 6)].seq : 0;
  }
  return told.filter((e) => e.seq >= start && e.text);
}

/** The last `n` told lines, newest first. */
export function history(n) {
  return told.filter((e) => e.text).slice(-n).reverse();
}

/** The seq of the newest `prompt_opened` event: which opening of a prompt a form is for. */
export function promptOpening() {
  const opened = [...told].reverse().find((e) => e.type === "prompt_opened");
  return opened ? opened.seq : 0;
}

/** The newest `prompt_opened` event's line, if it opened the prompt pending now (the
 * narration's wording of what to do, which names no hidden card). */
export function promptLine(prompt) {
  const opened = [...told].reverse().find((e) => e.type === "prompt_opened");
  if (!opened || !opened.text || !prompt) return null;
  const asked = opened.data.prompt || {};
  const same = ["kind", "purpose", "count", "max", "text_key"].every((k) => asked[k] === prompt[k]);
  return same ? opened.text : null;
}

// -- our own actions -----------------------------------------------------------------------

/** Sends `action` through the shell (which validates nothing: the server does). */
export function send(ctx, payload, action) {
  if (ctx.busy || !canAct(ctx)) return;
  sent = { action, version: payload.version, seen: false };
  refused = null;
  ctx.act(action);
}

/** Follows our last action through the shell's redraws: while it is on its way the shell
 * says `busy`; a newer version means it was accepted; the same version once the shell is
 * no longer busy means the server refused it (the shell shows its message). */
export function follow(payload, ctx) {
  if (!sent) return;
  if (payload.version > sent.version) {
    accepted = sent.action;
    sent = null;
  } else if (ctx.busy) {
    sent.seen = true;
  } else if (sent.seen) {
    refused = { action: sent.action, version: payload.version };
    sent = null;
  }
}

/** Our action the server refused at this version, or null. */
export function refusal(payload) {
  return refused && refused.version === payload.version ? refused.action : null;
}

/** Our last accepted action, once: a form answered is cleared after it. */
export function takeAccepted() {
  const action = accepted;
  accepted = null;
  return action;
}

// -- forms -------------------------------------------------------------------------------------

/** The value of form `name` for `key` (the prompt or phase it belongs to): a new key starts
 * from `fresh()`. */
export function form(name, key, fresh) {
  const held = forms.get(name);
  if (held && held.key === key) return held.value;
  const value = fresh();
  forms.set(name, { key, value });
  return value;
}

/** Forgets form `name` (it was answered). */
export function drop(name) {
  forms.delete(name);
}
