// What the person does now, one panel per phase or prompt, each with one big button where
// one tap is all it takes: the two dice and "which do you take?" (R6), the turn and the
// round to end (R7, R19), the faces rolled at the table (R5), the practice prelude (§4.6),
// an instruction or an amount (R31), the final score (§9) and the verdict.
import { button, el } from "/js/dom.js";
import { t } from "/js/i18n.js";
import { dieFace, faceSymbols, faceWords, parseFace } from "./faces.js";
import { form, send } from "./memory.js";
import { actButton, labelled, numberInput, radios, redraw, section, tn, wholeNumber } from "./ui.js";
import { seasonOf } from "./wheel.js";

const has = (payload, type) => (payload.legal || []).some((a) => a.type === type);

/** R6: both dice drawn big, and a big button under each. */
export function chooseDie(payload, ctx) {
  const box = section("sn-choose", "dice.which");
  const row = el("div", "sn-dice");
  payload.view.dice.forEach((die, i) => {
    const card = el("div", "sn-die-choice");
    card.append(dieFace(die.face, t("dice.die", { n: i + 1 })));
    card.append(actButton(t("dice.take", { n: i + 1 }), () => send(ctx, payload, { type: "choose_die", index: i }), ctx, "sn-primary sn-big", `choose_die:${i}`));
    row.append(card);
  });
  box.append(row);
  return box;
}

/** The dice once chosen: whose is which. */
function chosenDice(view) {
  const row = el("div", "sn-dice sn-dice-owned");
  for (const owner of ["human", "dummbot"]) {
    const die = view.dice.find((d) => d.owner === owner);
    if (die) row.append(dieFace(die.face, t(`dice.owner.${owner}`)));
  }
  return row;
}

/** R7: the person plays at the table, then ends the turn; Dummbot plays on that tap. */
export function humanTurn(payload, ctx) {
  const box = section("sn-turn", null);
  box.append(chosenDice(payload.view));
  box.append(el("p", "sn-ask", t("phase.HUMAN_TURN")));
  box.append(actButton(t("turn.end"), () => send(ctx, payload, { type: "end_human_turn" }), ctx, "sn-primary sn-big", "end_human_turn"));
  return box;
}

/** R19: the person's end-of-round effects, then the round ends (season and year changes). */
export function endOfRound(payload, ctx) {
  const box = section("sn-round-end", null);
  box.append(el("p", "sn-ask", t("phase.END_OF_ROUND")));
  box.append(actButton(t("round.end"), () => send(ctx, payload, { type: "end_round" }), ctx, "sn-primary sn-big", "end_round"));
  return box;
}

// -- R5: the faces rolled at the table ------------------------------------------------------

/** The faces the dice of this round may show: those of the legal reports (every face of the
 * season's dice, or of the line's two), each once. */
function possibleFaces(payload) {
  const codes = new Set();
  for (const a of payload.legal || []) if (a.type === "report_dice") for (const code of a.faces) codes.add(code);
  // In code order: faces of the same energy, then crystals alone, then draw, sit together.
  return [...codes]
    .sort()
    .map((code) => ({ code, face: parseFace(code) }))
    .filter((f) => f.face);
}

export function reportDice(payload, ctx) {
  const view = payload.view;
  const season = view.dice_season || seasonOf(view.month);
  const state = form("report", `${view.round}|${season}`, () => ({ picked: [null, null], typed: ["", ""] }));
  const box = section("sn-report", "report.title");
  const rotating = view.config.dice_selection === "rotating_lines";
  box.append(el("p", "sn-ask", t(rotating ? "report.roll_line" : "report.roll_random", { season: t(`season.${season}`) })));
  const faces = possibleFaces(payload);
  const code = (i) => state.typed[i].trim() || state.picked[i];
  const go = actButton(t("report.send"), () => send(ctx, payload, { type: "report_dice", faces: [code(0), code(1)] }), ctx, "sn-primary sn-big", "report_dice");
  const ready = () => (go.disabled = Boolean(ctx.busy) || !ctx.seat || !code(0) || !code(1));
  for (const i of [0, 1]) {
    const group = el("fieldset", "sn-report-die");
    group.append(el("legend", null, t("dice.die", { n: i + 1 })));
    const grid = el("div", "sn-face-grid");
    for (const { code, face } of faces) {
      const tap = el("button", `sn-face-button${state.picked[i] === code ? " sn-picked" : ""}`);
      tap.type = "button";
      tap.setAttribute("aria-pressed", String(state.picked[i] === code));
      tap.setAttribute("aria-label", faceWords(face));
      tap.dataset.face = code;
      tap.append(faceSymbols(face, "sn-face-small"));
      tap.addEventListener("click", () => {
        state.picked[i] = state.picked[i] === code ? null : code;
        state.typed[i] = "";
        redraw();
      });
      grid.append(tap);
    }
    group.append(grid);
    const typed = el("input");
    Object.assign(typed, { type: "text", value: state.typed[i], autocomplete: "off", spellcheck: false, name: `face-${i}` });
    typed.setAttribute("autocapitalize", "characters");
    typed.placeholder = t("report.code_hint");
    typed.dataset.focus = `face-${i}`;
    const preview = el("p", "sn-hint");
    typed.addEventListener("input", () => {
      state.typed[i] = typed.value;
      state.picked[i] = null;
      const shown = parseFace(typed.value);
      preview.replaceChildren(shown ? faceWords(shown) : "");
      for (const tap of grid.querySelectorAll(".sn-picked")) {
        tap.classList.remove("sn-picked");
        tap.setAttribute("aria-pressed", "false");
      }
      ready();
    });
    const typedFace = parseFace(state.typed[i]);
    if (typedFace) preview.textContent = faceWords(typedFace);
    group.append(labelled(t("report.code"), typed), preview);
    box.append(group);
  }
  ready();
  box.append(go);
  return box;
}

// -- §4.6: the practice prelude ---------------------------------------------------------------

const ROLES = ["hand", "library2", "library3"];

export function preludeAssign(payload, ctx, prompt, text) {
  const state = form("prelude", `${prompt.round}|${prompt.offer.map((c) => c.iid).join(",")}`, () => ({ roles: {} }));
  const box = section("sn-prelude", null);
  box.append(el("p", "sn-ask", text));
  const taken = Object.values(state.roles);
  const next = ROLES.find((r) => !taken.includes(r));
  box.append(el("p", "sn-hint", next ? t(`prelude.tap.${next}`) : t("prelude.ready")));
  const list = el("ul", "sn-offer");
  prompt.offer.forEach((card, i) => {
    const role = state.roles[i];
    const item = el("li");
    const tap = el("button", `sn-offer-card${role ? " sn-picked" : ""}`);
    tap.type = "button";
    tap.dataset.offer = String(i);
    tap.append(el("span", "sn-card-name", card.name || t("word.some_card")));
    if (card.prestige !== null && card.prestige !== undefined) tap.append(el("span", "sn-card-prestige", t("names.prestige", { n: card.prestige })));
    tap.append(el("span", "sn-offer-role", role ? t(`prelude.role.${role}`) : next ? "" : t("prelude.role.dummbot")));
    tap.addEventListener("click", () => {
      if (role) delete state.roles[i];
      else if (next) state.roles[i] = next;
      redraw();
    });
    item.append(tap);
    list.append(item);
  });
  box.append(list);
  const at = (role) => Number(Object.keys(state.roles).find((k) => state.roles[k] === role));
  const go = actButton(t("prelude.send"), () => send(ctx, payload, { type: "prelude_assign", hand: at("hand"), library2: at("library2"), library3: at("library3") }), ctx, "sn-primary sn-big", "prelude_assign");
  go.disabled ||= Boolean(next);
  const again = button(t("prelude.reset"), () => {
    state.roles = {};
    redraw();
  }, "sn-secondary");
  box.append(go, again);
  return box;
}

// -- R31: an instruction, an amount ----------------------------------------------------------------

export function instruction(payload, ctx, prompt, text) {
  const box = section("sn-instruction", null);
  box.append(el("p", "sn-ask sn-instruction-text", text));
  if (prompt.kind === "amount") {
    const max = Number(prompt.max);
    box.append(el("p", "sn-hint", tn("amount.hint", max)));
    const row = el("div", "sn-amounts");
    for (let n = 0; n <= Math.min(max, 12); n++) {
      row.append(actButton(String(n), () => send(ctx, payload, { type: "resolve_instruction", amount: n }), ctx, "sn-amount", `amount:${n}`));
    }
    box.append(row);
    if (max > 12) {
      const state = form("amount", `${max}`, () => ({ value: "" }));
      const input = numberInput(state.value, { min: 0, max, name: "amount" });
      input.addEventListener("input", () => (state.value = input.value));
      const give = () => {
        const n = wholeNumber(state.value);
        if (n !== null) send(ctx, payload, { type: "resolve_instruction", amount: n });
      };
      box.append(labelled(t("amount.given"), input), actButton(t("amount.give"), give, ctx, "sn-primary"));
    }
  } else {
    box.append(actButton(t("instruction.done"), () => send(ctx, payload, { type: "resolve_instruction" }), ctx, "sn-primary sn-big", "resolve_instruction"));
  }
  return box;
}

// -- §9: the final score and the verdict --------------------------------------------------------

export function scoreForm(payload, ctx) {
  const view = payload.view;
  const practice = view.mode === "practice";
  const state = form("score", "end", () => ({ by: practice ? "parts" : "total", total: "", crystals: "", prestige: "" }));
  const box = section("sn-score", "score.title");
  const d = view.dummbot;
  box.append(el("p", "sn-dummbot-final", t("score.dummbot", { crystals: d.crystals, prestige: d.array_prestige, score: d.score })));
  box.append(el("p", "sn-ask", t(practice ? "score.ask_practice" : "score.ask")));
  if (!practice) {
    box.append(radios("score-by", ["total", "parts"], state.by, (by) => t(`score.by.${by}`), (by) => (state.by = by)));
  }
  const field = (name, min, max, label) => {
    const input = numberInput(state[name], { min, max, name: `score-${name}` });
    input.dataset.focus = `score-${name}`;
    input.addEventListener("input", () => (state[name] = input.value));
    return labelled(label, input);
  };
  if (state.by === "total") box.append(field("total", -999, 19999, t("score.total")));
  else box.append(field("crystals", 0, 9999, t("score.crystals")), field("prestige", -999, 9999, t("score.prestige")));
  const submit = () => {
    if (state.by === "total") {
      const total = wholeNumber(state.total);
      if (total !== null) send(ctx, payload, { type: "report_human_score", total });
      return;
    }
    const crystals = wholeNumber(state.crystals);
    const prestige = wholeNumber(state.prestige);
    if (crystals !== null && prestige !== null) send(ctx, payload, { type: "report_human_score", crystals, prestige });
  };
  box.append(actButton(t("score.send"), submit, ctx, "sn-primary sn-big", "report_human_score"));
  return box;
}

/** §9: the human wins only by scoring strictly more; a tie is a loss. */
export function verdict(payload) {
  const result = payload.view.result || {};
  const won = result.winner === "human";
  const box = section(`sn-verdict ${won ? "sn-won" : "sn-lost"}`, null);
  const tie = !won && result.human_score === result.dummbot_score;
  const key = won ? "verdict.win" : tie ? "verdict.tie" : "verdict.loss";
  box.append(el("p", "sn-verdict-line", t(key, { human: result.human_score, dummbot: result.dummbot_score })));
  box.append(el("p", "sn-verdict-detail", t("verdict.dummbot", { crystals: result.dummbot_crystals, prestige: result.dummbot_prestige, score: result.dummbot_score })));
  box.append(el("p", "sn-verdict-detail", t("verdict.you", { score: result.human_score })));
  if (result.ended_by_cap) box.append(el("p", "sn-hint", t("verdict.cap")));
  return box;
}

/** Whether the adjustments (§6.3) are open now: the turn, the end of the round, or an
 * instruction or amount prompt (the legal actions say so). */
export function adjustmentsOpen(payload) {
  return has(payload, "end_human_turn") || has(payload, "end_round") || has(payload, "resolve_instruction");
}

