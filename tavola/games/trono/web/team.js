// A team's own page in a live season (issue 19): its report and parameters, the deadline
// in Rome time with a countdown, and the post it builds from the allowed actions, checked
// by the server before it is sealed (ctx.check), confirmed, then sent (ctx.act). What a
// team sees is its own view: other teams' posts never reach this page (§8).
import { button, el } from "/js/dom.js";
import { lang, t, tn } from "/js/i18n.js";
import { romeTime } from "./dates.js";
import { personName } from "./people.js";

const KINDS = ["attack", "defend", "enlist", "tax", "rally", "hire"];

// The post being built survives the page's redraws (every update of the game redraws it).
const page = { key: null, draft: null, problems: null, checked: null, confirming: false, error: null, payload: null, ctx: null, node: null };

function emptyDraft() {
  return { slots: [0, 1, 2].map(() => ({ kind: "", target: "", character: "" })), deploy: {}, abandon: "" };
}

/** "1 giorno, 9 ore e 35 minuti" until `iso`; null once it has passed. */
function timeLeft(iso) {
  const ms = Date.parse(iso) - Date.now();
  if (!(ms > 0)) return null; // "closed" only once the deadline has really passed
  const left = Math.ceil(ms / 1000);
  const parts = [];
  const days = Math.floor(left / 86400);
  const hours = Math.floor((left % 86400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  if (days) parts.push(tn("team.days", days));
  if (hours) parts.push(tn("team.hours", hours));
  if (minutes || !parts.length) parts.push(tn("team.minutes", Math.max(minutes, days || hours ? minutes : 1)));
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} ${t("team.and")} ${parts[parts.length - 1]}` : parts[0];
}

function tickCountdowns() {
  for (const node of document.querySelectorAll(".countdown[data-deadline]")) {
    const left = timeLeft(node.dataset.deadline);
    node.textContent = left ? t("team.left", { time: left }) : t("team.closed");
  }
}
setInterval(tickCountdowns, 1000);

// -- names -------------------------------------------------------------------------------------

function houseName(view, key) {
  const team = (view.teams || {})[key];
  return (team && team.display_name) || key;
}

function targetName(view, target) {
  if (target === "trono") return t("post.target.trono");
  if (target === "all") return t("post.target.all");
  return houseName(view, target);
}

function characterName(team, id) {
  const known = [...(team.may_hire || []), ...(team.may_deploy || [])].find((c) => c.id === id);
  const owned = (team.characters || []).find((c) => c.id === id);
  // an id no catalogue knows is shown as the team wrote it
  return (known && known.name) || (owned && owned.name) || String(id);
}

function memberName(view, user) {
  return personName(null, view, user);
}

/** One action of a sealed post in words ("Attacca il Trono", "Assolda Nerea Salsedine"). */
function actionWords(view, team, action) {
  if (action.kind === "void") return t("post.void");
  if (action.kind === "attack") return t("post.attack_on", { target: targetName(view, action.target) });
  if (action.kind === "hire") return t("post.hire_of", { character: characterName(team, action.character) });
  return t(`post.kind.${action.kind}`);
}

// -- the draft as an action ----------------------------------------------------------------------

function actionOf(view, team) {
  const draft = page.draft;
  const actions = [];
  for (const slot of draft.slots) {
    if (!slot.kind) continue;
    if (slot.kind === "attack") actions.push(slot.target ? { kind: "attack", target: slot.target } : { kind: "attack" });
    else if (slot.kind === "hire") actions.push({ kind: "hire", character: slot.character });
    else actions.push({ kind: slot.kind });
  }
  const deploy = [];
  for (const character of team.may_deploy || []) {
    const chosen = draft.deploy[character.id];
    if (!chosen || !chosen.on) continue;
    const entry = { character: character.id };
    if (character.target && chosen.target) entry.target = chosen.target;
    if (character.slot && chosen.slot) entry.slot = Number(chosen.slot);
    deploy.push(entry);
  }
  const action = { type: "submit_post", team: view.my_team, turn: view.turn, actions, deploy };
  if (draft.abandon !== "") action.abandon_threshold = Number(draft.abandon);
  return action;
}

// -- the form ------------------------------------------------------------------------------------

function select(field, value, choices, label) {
  const node = el("select");
  node.dataset.field = field;
  node.setAttribute("aria-label", label);
  for (const [key, words] of choices) {
    const option = new Option(words, key);
    option.selected = key === value;
    node.append(option);
  }
  return node;
}

function targets(view, team, { withNone = true } = {}) {
  const mine = view.my_team;
  const houses = Object.entries(view.teams || {})
    .filter(([key, entry]) => key !== mine && entry.status === "active")
    .sort((a, b) => a[1].team_no - b[1].team_no)
    .map(([key]) => [key, houseName(view, key)]);
  const area = team.seated ? [["all", t("post.target.all")]] : [["trono", t("post.target.trono")]];
  return [...(withNone ? [["", t("post.no_target")]] : []), ...area, ...houses];
}

function forget() {
  page.problems = null;
  page.checked = null;
  page.confirming = false;
  page.error = null;
}

function changed() {
  forget();
  redraw();
}

/** The verdict and the buttons alone, the fields untouched: a field being typed in keeps
 * its caret, and no click on a button is lost to a redraw. */
function refresh() {
  if (!page.node || !page.node.isConnected) return;
  const view = page.payload.view;
  page.node.querySelector(".verdict")?.replaceWith(verdict());
  page.node.querySelector(".post-buttons")?.replaceWith(postButtons(view, view.team));
}

/** A choice kept in `draft[field]`, appended to `row`: each change redraws what depends
 * on the post. */
function choice(row, name, draft, field, choices, label) {
  const control = select(name, draft[field], choices, label);
  control.addEventListener("change", () => {
    draft[field] = control.value;
    changed();
  });
  row.append(control);
}

function slotRow(view, team, index) {
  const slot = page.draft.slots[index];
  const row = el("li", "slot");
  row.append(el("span", "slot-label", t("post.slot", { n: index + 1 })));
  const kinds = [["", t("post.kind.none")], ...KINDS.map((k) => [k, t(`post.kind.${k}`)])];
  choice(row, `slot${index + 1}-kind`, slot, "kind", kinds, t("post.slot", { n: index + 1 }));
  if (slot.kind === "attack") {
    choice(row, `slot${index + 1}-target`, slot, "target", targets(view, team), t("post.target_of", { n: index + 1 }));
  }
  if (slot.kind === "hire") {
    const hires = (team.may_hire || []).map((c) => [c.id, t("post.hire_choice", { name: c.name, cost: tn("post.chests", c.cost) })]);
    if (!slot.character && hires.length) slot.character = hires[0][0];
    choice(row, `slot${index + 1}-character`, slot, "character", hires, t("post.character_of", { n: index + 1 }));
  }
  return row;
}

/** What a character does, in the page's language. */
function summaryIn(character) {
  const summary = character.summary || {};
  return summary[lang] || summary.it || "";
}

function deployRow(view, team, character) {
  const chosen = (page.draft.deploy[character.id] ||= { on: false, target: "", slot: "" });
  const row = el("li", "deploy");
  const label = el("label", "deploy-label");
  const box = el("input");
  box.type = "checkbox";
  box.checked = chosen.on;
  box.dataset.field = `deploy-${character.id}`;
  box.addEventListener("change", () => {
    chosen.on = box.checked;
    changed();
  });
  const charges = character.charges === null ? t("post.permanent") : tn("post.charges", character.charges);
  label.append(box, ` ${t("post.deploy", { name: character.name, charges })}`, el("span", "summary", ` — ${summaryIn(character)}`));
  row.append(label);
  if (chosen.on && character.target) {
    const choices = character.attack ? targets(view, team) : targets(view, team).filter(([k]) => k !== "trono" && k !== "all");
    choice(row, `deploy-${character.id}-target`, chosen, "target", choices, t("post.deploy_target", { name: character.name }));
  }
  if (chosen.on && character.slot) {
    const slots = [["", t("post.no_slot")], ...[1, 2, 3].map((n) => [String(n), t("post.slot", { n })])];
    choice(row, `deploy-${character.id}-slot`, chosen, "slot", slots, t("post.deploy_slot", { name: character.name }));
  }
  return row;
}

function abandonRow(team) {
  const row = el("p", "abandon");
  const label = el("label", null, t("post.abandon", { max: team.opening_soldiers }));
  const input = el("input");
  input.type = "number";
  input.min = "0";
  input.max = String(team.opening_soldiers);
  input.value = page.draft.abandon;
  input.dataset.field = "abandon";
  // Kept as it is typed, the form left as it is (issue 27, point 9): redrawn at the blur's
  // "change", the form's buttons were replaced under the pointer and the click that blurred
  // the field ("Controlla il post") was lost.
  const edit = () => {
    const value = input.value.trim();
    if (value === page.draft.abandon) return; // the blur after typing: nothing new to redraw
    page.draft.abandon = value;
    forget();
    refresh();
  };
  input.addEventListener("input", edit);
  input.addEventListener("change", edit);
  label.append(input);
  row.append(label);
  return row;
}

async function checkDraft(view, team, thenConfirm) {
  const action = actionOf(view, team);
  const key = JSON.stringify(action);
  try {
    const answer = await page.ctx.check(action);
    if (key !== JSON.stringify(actionOf(view, team))) return; // changed meanwhile
    page.problems = answer.problems;
    page.checked = key;
    page.confirming = thenConfirm && !answer.problems.length;
    page.error = null;
  } catch (err) {
    page.error = err.message;
  }
  redraw();
}

function verdict() {
  const box = el("div", "verdict");
  box.setAttribute("aria-live", "polite");
  if (page.error) box.append(el("p", "problem", page.error));
  else if (page.problems && page.problems.length) {
    box.append(el("p", "problems-title", tn("post.problems", page.problems.length)));
    const list = el("ul", "problems");
    for (const problem of page.problems) list.append(el("li", "problem", problem.text));
    box.append(list);
  } else if (page.problems) box.append(el("p", "valid", t("post.valid")));
  return box;
}

function postForm(view, team) {
  const form = el("section", "post-form");
  form.setAttribute("aria-label", t("post.title", { turn: view.turn }));
  form.append(el("h3", null, t("post.title", { turn: view.turn })));
  const slots = el("ol", "slots");
  for (const index of [0, 1, 2]) slots.append(slotRow(view, team, index));
  form.append(slots);
  if ((team.may_deploy || []).length) {
    const deploys = el("ul", "deploys");
    for (const character of team.may_deploy) deploys.append(deployRow(view, team, character));
    form.append(el("h4", null, t("post.deployments")), deploys);
  }
  if (team.seated) form.append(abandonRow(team));
  form.append(verdict(), postButtons(view, team));
  return form;
}

function postButtons(view, team) {
  const buttons = el("p", "post-buttons");
  if (page.confirming) {
    buttons.append(el("span", "confirm-text", t("post.confirm")));
    buttons.append(
      button(t("post.seal_now"), () => page.ctx.act(actionOf(view, team)), "primary", "seal-now"),
      button(t("post.back"), () => ((page.confirming = false), redraw()), "secondary", "back-to-post"),
    );
  } else {
    const busy = Boolean(page.ctx.busy);
    const check = button(t("post.check"), () => checkDraft(view, team, false), "secondary", "check-post");
    const seal = button(t("post.seal"), () => checkDraft(view, team, true), "primary", "seal-post");
    check.disabled = seal.disabled = busy;
    buttons.append(check, seal);
  }
  return buttons;
}

function redraw() {
  if (!page.node || !page.node.isConnected) return;
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.field || document.activeElement.dataset.step : null;
  const fresh = postForm(page.payload.view, page.payload.view.team);
  page.node.replaceWith(fresh);
  page.node = fresh;
  if (focused) fresh.querySelector(`[data-field="${CSS.escape(focused)}"], [data-step="${CSS.escape(focused)}"]`)?.focus();
}

// -- the page ------------------------------------------------------------------------------------

function sealedPost(view, team, post) {
  const box = el("section", "sealed-post");
  box.setAttribute("aria-label", t("post.sealed_title", { turn: post.turn }));
  box.append(el("h3", null, t("post.sealed_title", { turn: post.turn })));
  box.append(el("p", "sealed-when", t("post.sealed_at", { when: romeTime(new Date(post.at).toISOString(), true), name: memberName(view, post.author) })));
  const list = el("ol", "sealed-actions");
  for (const action of post.actions) list.append(el("li", null, actionWords(view, team, action)));
  box.append(list);
  for (const deploy of post.deploy || []) {
    const where = deploy.target ? targetName(view, deploy.target) : deploy.slot ? t("post.slot", { n: deploy.slot }) : "";
    const name = characterName(team, deploy.character);
    box.append(el("p", "sealed-deploy", where ? t("post.deployed_on", { name, where }) : t("post.deployed", { name })));
  }
  if (post.abandon_threshold !== null && post.abandon_threshold !== undefined) box.append(el("p", "sealed-abandon", t("post.abandon_set", { n: post.abandon_threshold })));
  box.append(el("p", "sealed-note", t("post.sealed_note")));
  return box;
}

function parameters(view, team) {
  const box = el("dl", "team-params");
  const pair = (key, value) => {
    const entry = el("div", `param param-${key}`);
    entry.append(el("dt", null, t(`team.param.${key}`)), el("dd", null, String(value)));
    box.append(entry);
  };
  pair("soldiers", `${team.soldiers}/${view.soldier_max}`);
  pair("chests", team.chests);
  pair("banners", team.banners);
  pair("no_attack", team.turns_without_attack);
  return box;
}

function report(team) {
  const lines = (team.report_text || {})[lang] || (team.report_text || {}).en || [];
  const box = el("section", "team-report");
  box.setAttribute("aria-label", t("team.report"));
  box.append(el("h3", null, t("team.report")));
  const list = el("ul", "report-lines");
  for (const text of lines) if (text) list.append(el("li", null, text));
  box.append(list);
  return box;
}

// -- the house ranking (R16), before the houses are assigned -----------------------------------

const ranking = { key: null, choices: ["", "", ""], error: null };

/** Up to three houses in order, from those still free (the engine's legal rankings). */
function rankingForm(view, legal) {
  const free = legal.filter((a) => a.type === "submit_house_ranking").map((a) => a.houses[0]);
  const box = el("section", "ranking-form");
  box.setAttribute("aria-label", t("team.ranking_title"));
  box.append(el("h3", null, t("team.ranking_title")), el("p", "hint", t("team.ranking_hint")));
  const rows = el("ol", "choices");
  ranking.choices.forEach((chosen, i) => {
    const names = free.map((h) => [h, (view.house_names || {})[h] || h]);
    const node = select(`ranking-${i + 1}`, chosen, [["", t("team.choice_none")], ...names], t("team.choice", { n: i + 1 }));
    node.addEventListener("change", () => {
      ranking.choices[i] = node.value;
      ranking.error = null;
    });
    const row = el("li", "choice");
    row.append(el("span", "choice-label", t("team.choice", { n: i + 1 })), node);
    rows.append(row);
  });
  box.append(rows);
  if (ranking.error) box.append(el("p", "problem", ranking.error));
  const send = async () => {
    const action = { type: "submit_house_ranking", houses: ranking.choices.filter(Boolean) };
    try {
      const answer = await page.ctx.check(action);
      if (answer.problems.length) ranking.error = answer.problems.map((p) => p.text).join(" ");
      else return page.ctx.act(action);
    } catch (err) {
      ranking.error = err.message;
    }
    const fresh = rankingForm(view, legal);
    box.replaceWith(fresh);
  };
  const buttons = el("p", "post-buttons");
  buttons.append(button(t("team.send_ranking"), send, "primary", "send-ranking"));
  box.append(buttons);
  return box;
}

/** The team's page, or null when the viewer has no team of its own in a live season. */
export function teamPage(payload, ctx) {
  const view = payload.view;
  const team = view.team;
  if (!team || !view.my_team || !team.report_text) return null;
  const key = `${payload.game_id}:${view.my_team}:${view.turn}`;
  if (page.key !== key) Object.assign(page, { key, draft: emptyDraft(), problems: null, checked: null, confirming: false, error: null });
  page.payload = payload;
  page.ctx = ctx;
  const box = el("section", "team-page");
  const entry = (view.teams || {})[view.my_team] || {};
  // Before the houses are assigned a team is known by its number (R15).
  const title = entry.house ? t("team.title", { house: houseName(view, view.my_team) }) : t("team.title_team", { no: entry.team_no });
  box.setAttribute("aria-label", title);
  box.append(el("h2", null, title));
  if (!entry.house) {
    if (ranking.key !== key) Object.assign(ranking, { key, choices: ["", "", ""], error: null });
    if (entry.house_ranking) box.append(el("p", "ranking-sent", t("team.ranking_sent", { houses: entry.house_ranking.map((h) => (view.house_names || {})[h] || h).join(" › ") })));
    else if ((payload.legal || []).some((a) => a.type === "submit_house_ranking")) box.append(rankingForm(view, payload.legal));
    box.append(report(team));
    return box;
  }
  if (view.deadline && view.phase === "turn_open") {
    box.append(el("p", "deadline", t("team.deadline", { turn: view.turn, when: romeTime(view.deadline) })));
    const countdown = el("p", "countdown");
    countdown.dataset.deadline = view.deadline;
    box.append(countdown);
  }
  box.append(parameters(view, team));
  const owned = team.characters || [];
  if (owned.length) box.append(el("p", "owned", t("team.owned", { names: owned.map((c) => characterName(team, c.id)).join(", ") })));
  const hires = team.may_hire || [];
  if (view.phase === "turn_open" && !hires.length) box.append(el("p", "may-hire", t("team.may_hire_none")));
  if (view.phase === "turn_open" && hires.length) {
    // each with what it does, in the page's language; folded, so a phone reaches the form
    const fold = el("details", "may-hire");
    fold.append(el("summary", null, tn("team.may_hire_title", hires.length)));
    const list = el("ul", "may-hire-list");
    for (const c of hires) list.append(el("li", null, `${c.name} (${tn("post.chests", c.cost)}) — ${summaryIn(c)}`));
    fold.append(list);
    box.append(fold);
  }
  if (team.post) box.append(sealedPost(view, team, team.post));
  else if (view.phase === "turn_open" && (payload.legal || []).some((a) => a.type === "submit_post")) {
    page.node = postForm(view, team);
    box.append(page.node);
  }
  box.append(report(team));
  queueMicrotask(tickCountdowns);
  return box;
}
