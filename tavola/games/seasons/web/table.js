// Seasons solo against Dummbot: the companion page (tavola/web/DECISIONS.md, "A game's table
// module"; this game's choices in tavola/games/seasons/DECISIONS.md). One person beside the
// physical game, phone first: the season wheel, the dice and "which do you take?", in big
// plain words what Dummbot just did (the server's narration), his crystals, array and
// score, the prompt to answer, Undo always in reach, a short history and the adjustments.
// Every action is offered on this page's own board (`path` is null for all of them): the
// page sends what its forms build with `ctx.act`, and the server decides.
import { el } from "/js/dom.js";
import { lang, t } from "/js/i18n.js";
import { adjustments } from "./adjust.js";
import { dummbotCards, figures } from "./dummbot.js";
import { absorb, drop, follow, history, latestLines, promptLine, promptOpening, send, takeAccepted } from "./memory.js";
import { bringMine, rememberCard } from "./mycards.js";
import { namingPanel } from "./naming.js";
import { chooseDie, endOfRound, humanTurn, instruction, preludeAssign, reportDice, scoreForm, verdict } from "./panels.js";
import { actButton, roman, section, setRedraw } from "./ui.js";
import { seasonOf, wheel } from "./wheel.js";

const HISTORY = 10;
/** The forms an accepted action answers: they start empty next time. */
const ANSWERS = { name_cards: "names", report_dice: "report", prelude_assign: "prelude", resolve_instruction: "amount", add_catalogue_card: "add" };

let last = null; // {root, payload, ctx}: what the page's own redraw draws again

export function render(payload, ctx) {
  absorb(payload);
  follow(payload, ctx);
  const answered = takeAccepted();
  if (answered && ANSWERS[answered.type]) drop(ANSWERS[answered.type]);
  // A card added here is the person's, for every game (mycards.js).
  if (answered && answered.type === "add_catalogue_card" && !ctx.replay) rememberCard(answered, payload);
  const focus = focused();
  const root = el("div", "seasons");
  last = { root, payload, ctx };
  fill(root, payload, ctx);
  // The shell puts the board in place once this returns: then the field being typed in
  // gets its focus back (the phone keeps its keyboard up from one name to the next).
  if (focus) queueMicrotask(() => restore(focus));
  if (!ctx.replay) queueMicrotask(() => bringMine(payload, ctx));
  return { board: root, side: null };
}

setRedraw(() => {
  if (!last || !last.root.isConnected) return;
  const focus = focused();
  fill(last.root, last.payload, last.ctx);
  restore(focus);
});

function focused() {
  const active = document.activeElement;
  if (!active || !active.dataset || !active.dataset.focus || !active.closest(".seasons")) return null;
  const caret = typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
  return { key: active.dataset.focus, caret };
}

function restore(focus) {
  if (!focus) return;
  const again = document.querySelector(`.seasons [data-focus="${CSS.escape(focus.key)}"]`);
  if (!again || again.disabled) return;
  again.focus();
  if (focus.caret && typeof again.setSelectionRange === "function") {
    const end = Math.min(again.value.length, focus.caret[1]);
    try {
      again.setSelectionRange(Math.min(end, focus.caret[0]), end);
    } catch {
      // a number field has no caret to put back
    }
  }
}

function fill(root, payload, ctx) {
  const view = payload.view;
  // Where the game stands, for the stylesheet and for the browser tests to wait on.
  Object.assign(root.dataset, { version: payload.version, phase: view.phase, prompt: view.prompt ? view.prompt.kind : "", busy: String(Boolean(ctx.busy)) });
  // Once the result is final, the verdict says it: what just happened would say it twice.
  // A replay's page tells each step's events itself, and nothing can be sent from it.
  const just = view.phase === "FINISHED" || ctx.replay ? [] : [justNow()];
  const told = ctx.replay ? [] : [recent(), adjustments(payload, ctx)];
  root.replaceChildren(topBar(payload, ctx), stage(view), ...just, now(payload, ctx), dummbotCards(view), ...told);
}

/** Always in sight (sticky): where the token is, Dummbot's score, and Undo. */
function topBar(payload, ctx) {
  const view = payload.view;
  const bar = el("div", "sn-top");
  const season = t(`season.${seasonOf(view.month)}`);
  const k = ((view.month - 1) % 3) + 1;
  const where = el("span", "sn-top-where", view.year > 3 ? t("wheel.ended") : t("top.where", { season, k, year: roman(view.year) }));
  const score = el("span", "sn-top-score", t("top.score", { score: view.dummbot.score }));
  const undo = actButton(`↶ ${t("undo")}`, () => send(ctx, payload, { type: "undo" }), ctx, "sn-undo", "undo");
  const undoable = view.can_undo && (payload.legal || []).some((a) => a.type === "undo");
  undo.disabled ||= !undoable;
  undo.title = undoable ? t("undo.hint") : t("undo.none");
  bar.append(where, score, undo);
  return bar;
}

/** The wheel beside Dummbot's figures. */
function stage(view) {
  const box = el("div", "sn-stage");
  box.append(wheel(view.month, view.year), figures(view));
  return box;
}

/** Lines the page shows in a place of their own: the prompt is asked in the panel, the dice
 * are drawn there, the round is in the status line (the history keeps them all). */
const SHOWN_ELSEWHERE = new Set(["prompt_opened", "dice_rolled", "dice_reported", "die_chosen", "round_started"]);

/** What the last tap made happen, in the server's words, big. */
function justNow() {
  const lines = latestLines().filter((e) => !SHOWN_ELSEWHERE.has(e.type));
  const box = section("sn-just", "just.title");
  if (!lines.length) box.hidden = true;
  const list = el("ul", "sn-lines");
  for (const line of lines) list.append(el("li", `sn-line sn-line-${line.type}`, line.text));
  box.append(list);
  return box;
}

/** The panel of what the person does now. */
function now(payload, ctx) {
  const view = payload.view;
  const prompt = view.prompt;
  if (view.phase === "FINISHED") return verdict(payload);
  if (view.phase === "GAME_OVER") return scoreForm(payload, ctx);
  if (prompt) {
    const text = promptLine(prompt) || (prompt.text && (prompt.text[lang] || prompt.text.en)) || "";
    if (prompt.kind === "name_cards") return namingPanel(payload, ctx, prompt, text, promptOpening());
    if (prompt.kind === "prelude_assign") return preludeAssign(payload, ctx, prompt, text);
    return instruction(payload, ctx, prompt, text);
  }
  if (view.phase === "REPORT_DICE") return reportDice(payload, ctx);
  if (view.phase === "CHOOSE_DIE") return chooseDie(payload, ctx);
  if (view.phase === "HUMAN_TURN") return humanTurn(payload, ctx);
  if (view.phase === "END_OF_ROUND") return endOfRound(payload, ctx);
  const box = section("sn-wait", null);
  box.append(el("p", "sn-ask", t(`phase.${view.phase}`)));
  return box;
}

/** The last lines told, newest first. */
function recent() {
  const box = section("sn-history", "history.title");
  const lines = history(HISTORY);
  if (!lines.length) box.append(el("p", "sn-empty", t("history.empty")));
  const list = el("ol", "sn-history-lines");
  for (const line of lines) list.append(el("li", `sn-line-${line.type}`, line.text));
  box.append(list);
  return box;
}

// -- what the shell asks -----------------------------------------------------------------------

/** No action goes through the shell's choices: the page offers each on its own board. */
export function path() {
  return null;
}

/** "Seasons · Dummbot, Wizard": short enough for a phone's header. */
export function title(payload, ctx) {
  const view = payload.view;
  if (!view || !view.difficulty) return ctx.title;
  return t(view.mode === "practice" ? "page.title_practice" : "page.title", { level: t(`level.${view.difficulty}`) });
}

export function status(payload) {
  const view = payload.view;
  const parts = [];
  if (view.round) parts.push(el("span", "round", t("status.round", { round: view.round })));
  return parts;
}

/** The one seat is "you"; Dummbot, who is no seat, is named for the end of the game. */
export function seatName(payload, seat) {
  if (seat === "dummbot") return t("seat.dummbot");
  const given = payload.seats && payload.seats[seat] && payload.seats[seat].name;
  return given && given !== seat ? given : t("seat.you");
}

export function name(id, payload) {
  return seatName(payload, id);
}

/** The end as the shell shows it: the person wins only by scoring strictly more (§9);
 * otherwise Dummbot does. */
export function outcome(payload) {
  const given = payload.outcome || {};
  const result = payload.view && payload.view.result;
  if (!result) return given;
  const won = result.winner === "human";
  return {
    winners: [won ? "human" : "dummbot"],
    draw: false,
    reason: given.reason,
    placements: won ? { human: 1, dummbot: 2 } : { dummbot: 1, human: 2 },
  };
}

/** The server tells every event in words. */
export function describe() {
  return null;
}
