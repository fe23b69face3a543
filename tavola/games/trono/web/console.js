// The referees' console of a live season (issue 19, point 3): what a referee's seat link
// opens. Every step is one of the engine's referee actions, sent through the shell
// (ctx.check before, ctx.act to send): registration and its preferences, the close, the
// formation draw, the house rankings, the start, each turn's forum posts and draw,
// the review and publication, overrides with their reason and the audit trail, late
// joiners and the Lotto's moved draws. Several referees work at once: what one types
// survives the updates another's actions bring.
import { button, el } from "/js/dom.js";
import { lang, t, tn } from "/js/i18n.js";
import { dayWords, romeTime } from "./dates.js";
import { missingPosts } from "./reminder.js";
import { personName as namedPerson, playerSeatName, refereeName as namedReferee } from "./people.js";

const ZONE = "Europe/Rome";
const KINDS = ["attack", "defend", "enlist", "tax", "rally", "hire"];
// Every override the engine has (R66), in the order a referee reaches for them.
const OVERRIDES = [
  "adjust_parameter",
  "grant_character",
  "revoke_character",
  "set_charges",
  "set_seat",
  "move_player",
  "remove_player",
  "disqualify_team",
  "assign_house",
  "reschedule_turn",
  "correct_draw",
  "end_game",
];

// What the referee is typing, per form, kept across the redraws every update brings.
const drafts = new Map();
const verdicts = new Map(); // form → {problems} or {error}
const confirming = new Set();
let current = { payload: null, ctx: null, root: null, key: null };

function draft(form, fresh) {
  if (!drafts.has(form)) drafts.set(form, fresh());
  return drafts.get(form);
}

// -- words -----------------------------------------------------------------------------------

function houseName(view, key) {
  const team = (view.teams || {})[key];
  if (!team) return key;
  // before the houses are assigned a team is its number, never its key
  return team.display_name || t("bulletin.team", { no: team.team_no });
}

function personName(view, user) {
  return namedPerson(current.payload, view, user);
}

/** Someone not registered (yet) by their seat's name, as the table's creator wrote it
 * ("Giocatore 4" for a seat nobody named, never its account id). */
function seatPerson(user) {
  return playerSeatName(current.payload, user);
}

/** A Rome wall-clock time (`2026-12-01 19:49[:30]`) as an instant, across both clock changes. */
export function romeInstant(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(String(text).trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x || 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const offset = (at) => {
    const parts = new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(new Date(at));
    const v = Object.fromEntries(parts.map((p) => [p.type, p.value]));
    return Date.UTC(+v.year, +v.month - 1, +v.day, +v.hour, +v.minute, +v.second) - at;
  };
  const at = wall - offset(wall - offset(wall));
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

// -- form pieces -------------------------------------------------------------------------------

function field(form, name, node, label) {
  const data = drafts.get(form);
  node.dataset.field = `${form}-${name}`;
  if (label) node.setAttribute("aria-label", label);
  if (data[name] !== undefined && node.type !== "checkbox") node.value = data[name];
  const keep = () => {
    data[name] = node.value;
    // the version this edit starts from: another referee's later change of the same
    // thing refuses it (E_EDIT_STALE, edits.py) instead of being overwritten
    if (data.seen === undefined) data.seen = seenNow();
    verdicts.delete(form);
    confirming.delete(form);
    asWritten.delete(form);
  };
  node.addEventListener("input", keep);
  node.addEventListener("change", () => {
    keep();
    if (node.tagName === "SELECT") redraw();
  });
  return node;
}

function input(form, name, label, type = "text") {
  const node = el("input");
  node.type = type;
  return field(form, name, node, label);
}

function select(form, name, choices, label) {
  const data = drafts.get(form);
  if (!choices.some(([key]) => key === data[name]) && choices.length) data[name] = choices[0][0];
  const node = el("select");
  for (const [key, words] of choices) node.append(new Option(words, key));
  return field(form, name, node, label);
}

function labelled(text, node) {
  const label = el("label", "console-field");
  label.append(el("span", "console-label", text), node);
  return label;
}

function seenNow() {
  return ((current.payload || {}).view || {}).audit_seen || 0;
}

function verdict(form, valid = t("console.valid")) {
  const box = el("div", "verdict");
  box.setAttribute("aria-live", "polite");
  const found = verdicts.get(form);
  if (!found) return box;
  if (found.error) box.append(el("p", "problem", found.error));
  else if (found.problems.length) {
    if (onlyVoid(found.problems)) box.append(el("p", "problems-title", tn("console.void_count", found.problems.length)));
    const list = el("ul", "problems");
    for (const problem of found.problems) list.append(el("li", "problem", problem.text));
    box.append(list);
    if (found.problems.some((p) => p.code === "E_EDIT_STALE")) box.append(reloadButton(form));
  } else box.append(el("p", "valid", valid));
  return box;
}

/** A copied post's problems are parts its sealing voids: it may still be recorded as
 * written (DECISIONS 22), once the referee has seen them all. */
function onlyVoid(problems) {
  return problems.length > 0 && problems.every((p) => p.void === true);
}
const asWritten = new Set(); // forms whose void parts were shown: "record as written" offered

/** Another referee changed the same thing first: the console's data as it is now, and
 * this edit starting again from it (what was typed stays, to be looked at again). */
function reloadButton(form) {
  return button(t("console.reload"), () => {
    const data = drafts.get(form);
    if (data) data.seen = seenNow();
    verdicts.delete(form);
    confirming.delete(form);
    redraw();
  }, "secondary", `${form}-reload`);
}

async function check(form, action) {
  try {
    const answer = await current.ctx.check(action);
    verdicts.set(form, { problems: answer.problems });
  } catch (err) {
    verdicts.set(form, { error: err.message });
  }
  redraw();
}

/** Check, then send: an action that would be refused is shown with its words, never sent. */
async function send(form, action, clear) {
  try {
    const answer = await current.ctx.check(action);
    if (answer.problems.length) {
      verdicts.set(form, { problems: answer.problems });
      if (onlyVoid(answer.problems)) asWritten.add(form);
      return redraw();
    }
  } catch (err) {
    verdicts.set(form, { error: err.message });
    return redraw();
  }
  verdicts.delete(form);
  confirming.delete(form);
  if (clear) drafts.delete(form);
  current.ctx.act(action);
}

function buttons(form, build, { label, checkLabel = t("console.check"), clear = true, confirm = null, send: sending = null }) {
  const sendNow = sending ? () => sending(form, build()) : () => send(form, build(), clear);
  const row = el("p", "console-buttons");
  const busy = Boolean(current.ctx.busy);
  const found = verdicts.get(form);
  if (asWritten.has(form) && found && onlyVoid(found.problems || [])) {
    // every void part listed above: recorded as the team wrote it, or corrected first
    row.append(el("span", "confirm-text", t("console.as_written_confirm")));
    const yes = button(t("console.as_written"), () => {
      verdicts.delete(form);
      asWritten.delete(form);
      if (clear) drafts.delete(form);
      current.ctx.act(build());
    }, "primary", `${form}-as-written`);
    const no = button(t("console.back"), () => (asWritten.delete(form), redraw()), "secondary", `${form}-back`);
    yes.disabled = busy;
    row.append(yes, no);
    return row;
  }
  if (confirm && confirming.has(form)) {
    row.append(el("span", "confirm-text", confirm));
    const yes = button(t("console.confirm"), sendNow, "primary", `${form}-confirm`);
    const no = button(t("console.back"), () => (confirming.delete(form), redraw()), "secondary", `${form}-back`);
    yes.disabled = busy;
    row.append(yes, no);
    return row;
  }
  if (checkLabel) {
    const checking = button(checkLabel, () => check(form, build()), "secondary", `${form}-check`);
    checking.disabled = busy;
    row.append(checking);
  }
  const go = button(label, () => (confirm ? (confirming.add(form), redraw()) : sendNow()), "primary", `${form}-send`);
  go.disabled = busy;
  row.append(go);
  return row;
}

function part(name, title) {
  const box = el("section", `console-part console-${name}`);
  box.setAttribute("aria-label", title);
  box.append(el("h3", null, title));
  return box;
}

// -- registration -------------------------------------------------------------------------------

function registration(view) {
  const box = part("registration", t("console.registration"));
  const players = Object.values(view.players || {}).filter((p) => p.status === "registered");
  box.append(el("p", "count", tn("console.registered", players.length)));
  const list = el("ul", "registrants");
  for (const player of players) {
    // the registrant's words, then the control to withdraw them beside, outside the words
    const row = el("li", "registrant-row");
    const item = el("span", "registrant");
    item.dataset.user = player.user_id;
    item.append(el("strong", null, personName(view, player.user_id)));
    const wishes = [];
    if (player.preferred_partner) wishes.push(t("console.partner", { name: personName(view, player.preferred_partner) }));
    if ((player.avoid || []).length) wishes.push(t("console.avoids", { names: player.avoid.map((u) => personName(view, u)).join(", ") }));
    item.append(el("span", "wishes", wishes.length ? ` — ${wishes.join("; ")}` : ` — ${t("console.no_wishes")}`));
    row.append(item, withdrawal(view, player.user_id));
    list.append(row);
  }
  box.append(list, signUp(view));
  if (view.close_at) box.append(el("p", "close-at", t("console.close_at", { when: romeTime(view.close_at) })));
  box.append(scheduleClose(view));
  draft("close", () => ({}));
  box.append(buttons("close", () => ({ type: "close_registration" }), { label: t("console.close"), checkLabel: null, confirm: tn("console.close_confirm", players.length) }));
  return box;
}

/** A withdrawal written on the forum, copied (record_withdrawal; `tavola trono withdraw
 * USER --from-forum`): the player's own R5 withdrawal, after a confirmation. */
function withdrawal(view, user) {
  const form = `withdraw-${user}`;
  draft(form, () => ({}));
  const row = buttons(form, () => ({ type: "record_withdrawal", user }), { label: t("console.withdraw"), checkLabel: null, confirm: t("console.withdraw_confirm", { name: personName(view, user) }) });
  row.classList.add("withdrawal");
  // a small button beside the name: the list stays a list
  for (const node of row.querySelectorAll("button.primary")) node.className = "secondary";
  const box = el("span", "registrant-withdraw");
  box.append(row, verdict(form));
  return box;
}

/** A sign-up copied from the forum's registration topic: the seat, the forum name and the
 * wishes written in it (record_registration, DECISIONS 34). */
function signUp(view) {
  const box = el("div", "console-signup");
  box.append(el("h4", null, t("console.signup")));
  const users = Object.keys(current.payload.seats || {}).filter((s) => s.startsWith("player:")).map((s) => s.slice(7));
  const open = users.filter((u) => !(view.players || {})[u] || view.players[u].status === "withdrawn");
  if (!open.length) {
    box.append(el("p", "all-registered", t("console.all_registered")));
    return box;
  }
  box.append(el("p", "hint", t("console.signup_hint")));
  const form = "signup";
  const data = draft(form, () => ({ user: "", name: "", partner: "", avoid1: "", avoid2: "", avoid3: "" }));
  box.append(labelled(t("console.player_seat"), select(form, "user", open.map((u) => [u, seatPerson(u)]), t("console.player_seat"))));
  const name = input(form, "name", t("console.forum_name"));
  name.placeholder = seatPerson(data.user);
  name.maxLength = 60;
  box.append(labelled(t("console.forum_name"), name));
  const others = [["", t("console.nobody")], ...users.filter((u) => u !== data.user).map((u) => [u, personName(view, u)])];
  box.append(labelled(t("console.partner_field"), select(form, "partner", others, t("console.partner_field"))));
  const avoids = el("div", "avoid-fields");
  for (const n of [1, 2, 3]) avoids.append(labelled(t("console.avoid_field", { n }), select(form, `avoid${n}`, others, t("console.avoid_field", { n }))));
  box.append(avoids, verdict(form));
  const build = () => {
    const action = { type: "record_registration", user: data.user, display_name: data.name.trim() || seatPerson(data.user) };
    const avoid = [data.avoid1, data.avoid2, data.avoid3].filter(Boolean);
    if (data.partner) action.preferred_partner = data.partner;
    if (avoid.length) action.avoid = avoid;
    return action;
  };
  box.append(buttons(form, build, { label: t("console.register") }));
  return box;
}

/** The close at a set time, as `tavola trono close --when T`: set_close, or after a failed
 * formation reopen_registration (R8), the same instant either way. */
function scheduleClose(view) {
  const box = el("div", "console-close-when");
  box.append(el("h4", null, t("console.close_when_title")));
  const form = "close-when";
  const data = draft(form, () => ({ when: "" }));
  const when = input(form, "when", t("console.close_when"));
  when.placeholder = "2026-12-05 19:50";
  box.append(labelled(t("console.close_when"), when), verdict(form));
  const reopen = ((view.formation || {}).attempts || 0) > 0;
  const at = () => romeInstant(data.when) || data.when.trim();
  const build = () => (reopen ? { type: "reopen_registration", close_at: at() } : { type: "set_close", close_at: at() });
  box.append(buttons(form, build, { label: t("console.set_close") }));
  return box;
}

// -- draws ------------------------------------------------------------------------------------------

function drawForm(view, purpose) {
  const title = purpose === "formation" ? t("console.formation_draw") : t("console.turn_draw", { turn: view.turn });
  const box = part("draw", title);
  const expected = (view.calendar || {}).expected_draw;
  if (expected) box.append(el("p", "expected-draw", t("console.expected_draw", { date: dayWords(expected) })));
  if (purpose === "formation" && (view.formation || {}).commitment) box.append(el("p", "commitment", t("console.commitment", { code: view.formation.commitment })));
  const form = `draw-${purpose}-${view.turn}`;
  // the date proposed is always a Lotto evening: the one awaited, or else the latest
  const proposed = expected || (purpose === "turn" ? (view.calendar || {}).last_draw : "") || "";
  draft(form, () => ({ text: "", date: proposed }));
  const text = field(form, "text", el("textarea"), t("console.paste"));
  text.rows = 12;
  text.placeholder = "BARI 78 48 05 33 12\nCAGLIARI …";
  box.append(labelled(t("console.paste"), text), labelled(t("console.draw_date"), input(form, "date", t("console.draw_date"), "date")));
  box.append(el("p", "hint", t("console.paste_hint")));
  box.append(verdict(form));
  const build = () => {
    const data = drafts.get(form);
    const action = { type: "import_draw", text: data.text };
    if (data.date) action.date = data.date;
    return action;
  };
  box.append(buttons(form, build, { label: t("console.record_draw") }));
  return box;
}

// -- teams and rankings --------------------------------------------------------------------------------

function teamsInOrder(view) {
  return Object.entries(view.teams || {}).sort((a, b) => a[1].team_no - b[1].team_no);
}

function rankings(view) {
  const box = part("rankings", t("console.rankings"));
  if (view.ranking_deadline) box.append(el("p", "ranking-deadline", t("console.ranking_deadline", { when: romeTime(view.ranking_deadline) })));
  const list = el("ul", "ranking-list");
  for (const [, team] of teamsInOrder(view)) {
    const item = el("li", "ranking");
    const members = team.members.map((u) => personName(view, u)).join(", ");
    const ranked = team.house_ranking ? team.house_ranking.map((h) => (view.house_names || {})[h] || h).join(" › ") : t("console.not_ranked");
    item.append(el("strong", null, t("bulletin.team", { no: team.team_no })), ` (${members}): ${ranked}`);
    list.append(item);
  }
  box.append(list);
  const copy = rankingCopy(view);
  if (copy) box.append(copy);
  return box;
}

/** A team's R16 ranking posted on the forum, copied (record_ranking; `tavola trono ranking
 * --team N HOUSES --from-forum`): up to three houses in order, as the team page offers. */
function rankingCopy(view) {
  const open = teamsInOrder(view).filter(([, team]) => !team.house_ranking && team.members.length);
  if (!open.length) return null;
  const box = el("div", "console-ranking-copy");
  box.append(el("h4", null, t("console.ranking_copy")));
  const form = "ranking-copy";
  const data = draft(form, () => ({ team_no: "", choice1: "", choice2: "", choice3: "" }));
  const teams = open.map(([, team]) => [String(team.team_no), t("bulletin.team", { no: team.team_no })]);
  box.append(labelled(t("console.team"), select(form, "team_no", teams, t("console.team"))));
  const houses = [["", t("team.choice_none")], ...Object.entries(view.house_names || {})];
  const rows = el("ol", "choices");
  for (const n of [1, 2, 3]) {
    const row = el("li", "choice");
    row.append(labelled(t("team.choice", { n }), select(form, `choice${n}`, houses, t("team.choice", { n }))));
    rows.append(row);
  }
  box.append(rows, verdict(form));
  const build = () => ({ type: "record_ranking", team_no: Number(data.team_no), houses: [data.choice1, data.choice2, data.choice3].filter(Boolean) });
  box.append(buttons(form, build, { label: t("console.record_ranking") }));
  return box;
}

function ready(view) {
  const box = part("start", t("console.ready"));
  const list = el("ul", "assigned");
  for (const [key, team] of teamsInOrder(view)) list.append(el("li", null, `${houseName(view, key)}: ${team.members.map((u) => personName(view, u)).join(", ")}`));
  box.append(list);
  draft("start", () => ({}));
  box.append(buttons("start", () => ({ type: "start_game" }), { label: t("console.start"), checkLabel: null, confirm: t("console.start_confirm") }));
  return box;
}

// -- a turn: the posts -------------------------------------------------------------------------------

function postWords(view, team, post) {
  const words = post.actions.map((a) => {
    if (a.kind === "void") return t("post.void");
    if (a.kind === "attack") return t("post.attack_on", { target: a.target === "trono" ? t("post.target.trono") : a.target === "all" ? t("post.target.all") : houseName(view, a.target) });
    if (a.kind === "hire") {
      return t("post.hire_of", { character: characterName(view, a.character) });
    }
    return t(`post.kind.${a.kind}`);
  });
  return words.join(" · ");
}

/** A deployment as the console reads it back: "Ardengo Fiammavecchia (Baratheon)". */
function deployWords(view, deployment) {
  const details = [];
  if (deployment.target) details.push(deployment.target === "trono" ? t("post.target.trono") : deployment.target === "all" ? t("post.target.all") : houseName(view, deployment.target));
  if (deployment.slot) details.push(t("post.slot", { n: deployment.slot }));
  const name = characterName(view, deployment.character);
  return details.length ? `${name} (${details.join(", ")})` : name;
}

function posts(view) {
  const box = part("posts", t("console.posts", { turn: view.turn }));
  if (view.deadline) box.append(el("p", "deadline", t("console.deadline", { when: romeTime(view.deadline) })));
  const list = el("ul", "post-list");
  for (const [key, team] of teamsInOrder(view)) {
    if (team.status !== "active") continue;
    const item = el("li", team.post ? "posted" : "waiting");
    item.dataset.house = key;
    item.append(el("strong", null, houseName(view, key)), " ");
    if (team.post) {
      const by = team.post.recorded_by ? t("console.copied_by", { name: refereeName(team.post.recorded_by) }) : t("console.on_page");
      item.append(el("span", "post-when", t("console.posted", { when: team.post.local_at, name: personName(view, team.post.author), by })));
      item.append(el("span", "post-actions", ` — ${postWords(view, team, team.post)}`));
      if ((team.post.deploy || []).length) item.append(el("span", "post-deploy", ` · ${t("console.deployed", { list: team.post.deploy.map((d) => deployWords(view, d)).join(", ") })}`));
      if ((team.post.void || []).length) item.append(el("span", "post-void", ` ${tn("console.void_parts", team.post.void.length)}`));
    } else item.append(el("span", "post-when", t("console.not_posted")));
    list.append(item);
  }
  box.append(list);
  // the server closes the turn at the deadline by its own clock (issue 27, point 4); the
  // button stays for the moment between the deadline and the server's close
  const reminder = (view.missing_posts || {}).reminder_at;
  if (view.phase === "turn_open" && reminder && !view.missing_posts.due) box.append(el("p", "reminder-at", t("console.reminder_at", { when: romeTime(reminder) })));
  if (view.phase === "turn_open" && view.deadline && Date.parse(view.deadline) <= Date.now()) {
    box.append(el("p", "deadline-passed", t("console.deadline_passed")));
    draft("lock", () => ({}));
    box.append(buttons("lock", () => ({ type: "tick" }), { label: t("console.lock"), checkLabel: null }));
  }
  if (view.phase === "turn_open" && !view.deadline) {
    // a turn without a deadline (the manual schedule) closes when a referee says so (R27)
    draft("close-turn", () => ({}));
    box.append(buttons("close-turn", () => ({ type: "close_turn" }), { label: t("console.close_turn"), checkLabel: null, confirm: t("console.close_turn_confirm", { turn: view.turn }) }));
  }
  return box;
}

/** A post copied from the forum: its team (one yet to post), its author, the forum's time;
 * returns the team chosen. */
function postAuthor(box, view, form, data, open) {
  box.append(labelled(t("console.team"), select(form, "team", open.map(([key]) => [key, houseName(view, key)]), t("console.team"))));
  const team = view.teams[data.team];
  box.append(labelled(t("console.author"), select(form, "author", team.members.map((u) => [u, personName(view, u)]), t("console.author"))));
  const when = input(form, "posted_at", t("console.posted_at"));
  when.placeholder = "2026-12-01 19:49";
  box.append(labelled(t("console.posted_at"), when));
  return team;
}

function recordPost(view) {
  const box = part("record", t("console.record_post"));
  box.append(el("p", "hint", t("console.record_hint")));
  const form = `record-${view.turn}`;
  const data = draft(form, () => ({ team: "", author: "", posted_at: "", slot1: "", slot2: "", slot3: "" }));
  const open = teamsInOrder(view).filter(([, team]) => team.status === "active" && !team.post);
  if (!open.length) {
    box.append(el("p", "all-posted", t("console.all_posted")));
    return box;
  }
  const team = postAuthor(box, view, form, data, open);
  const others = teamsInOrder(view).filter(([key, entry]) => key !== data.team && entry.status === "active");
  const seated = [view.seats.throne, view.seats.tower].includes(data.team);
  const targets = [["", t("post.no_target")], seated ? ["all", t("post.target.all")] : ["trono", t("post.target.trono")], ...others.map(([key]) => [key, houseName(view, key)])];
  const slots = el("ol", "slots");
  for (const n of [1, 2, 3]) {
    const row = el("li", "slot");
    const kinds = [["", t("post.kind.none")], ...KINDS.map((k) => [k, t(`post.kind.${k}`)])];
    row.append(select(form, `slot${n}`, kinds, t("post.slot", { n })));
    if (data[`slot${n}`] === "attack") row.append(select(form, `target${n}`, targets, t("post.target_of", { n })));
    if (data[`slot${n}`] === "hire") row.append(select(form, `character${n}`, (team.may_hire || []).map((c) => [c.id, c.name]), t("post.character_of", { n })));
    slots.append(row);
  }
  // the deployments as the post writes them beside its actions: the server reads them
  const deploys = field(form, "deploy_text", el("textarea"), t("console.deploy_text"));
  deploys.rows = 3;
  deploys.maxLength = 2000;
  deploys.placeholder = t("console.deploy_placeholder");
  box.append(slots, labelled(t("console.deploy_text"), deploys));
  if (seated) {
    const abandon = input(form, "abandon", t("console.abandon"), "number");
    abandon.min = "0";
    box.append(labelled(t("console.abandon"), abandon));
  }
  box.append(verdict(form, t("console.post_all_clear")));
  const build = () => {
    const actions = [];
    for (const n of [1, 2, 3]) {
      const kind = data[`slot${n}`];
      if (!kind) continue;
      if (kind === "attack") actions.push(data[`target${n}`] ? { kind, target: data[`target${n}`] } : { kind });
      else if (kind === "hire") actions.push({ kind, character: data[`character${n}`] });
      else actions.push({ kind });
    }
    const action = { type: "record_post", team: data.team, author: data.author, turn: view.turn, actions, deploy: [] };
    if (data.posted_at.trim()) action.posted_at = data.posted_at.trim();
    if ((data.deploy_text || "").trim()) action.deploy_text = data.deploy_text.trim();
    if (seated && String(data.abandon || "").trim() !== "") action.abandon_threshold = Number(data.abandon);
    return action;
  };
  box.append(buttons(form, build, { label: t("console.record") }));
  return box;
}

/** A team's whole forum post pasted as written (issue 27, point 5): the server reads its
 * actions, deployments and condition as the team page builds them, and the check lists
 * every part sealing will void before it is recorded. */
function pastePost(view) {
  const form = `paste-${view.turn}`;
  const data = draft(form, () => ({ team: "", author: "", posted_at: "", post_text: "" }));
  const open = teamsInOrder(view).filter(([, team]) => team.status === "active" && !team.post);
  if (!open.length) return null;
  const box = part("paste", t("console.paste_post"));
  box.append(el("p", "hint", t("console.paste_post_hint")));
  const team = postAuthor(box, view, form, data, open);
  const text = field(form, "post_text", el("textarea"), t("console.post_text"));
  text.rows = 10;
  text.maxLength = 6000;
  text.placeholder = t("console.post_text_placeholder");
  box.append(labelled(t("console.post_text"), text), verdict(form, t("console.post_all_clear")));
  const build = () => {
    const action = { type: "record_post", team: data.team, author: data.author, turn: view.turn, post_text: data.post_text || "" };
    if (data.posted_at.trim()) action.posted_at = data.posted_at.trim();
    return action;
  };
  box.append(buttons(form, build, { label: t("console.record"), checkLabel: t("console.check_post") }));
  return box;
}

// -- review -----------------------------------------------------------------------------------------

function review(view) {
  const box = part("review", t("console.review", { turn: view.turn }));
  box.append(el("p", "hint", t("console.review_hint")));
  const table = el("table", "review-table");
  const head = el("tr");
  for (const key of ["house", "soldiers", "chests", "banners", "seat"]) head.append(el("th", null, t(`console.col.${key}`)));
  table.append(head);
  for (const [key, team] of teamsInOrder(view)) {
    const row = el("tr", team.status === "active" ? "" : "out");
    row.dataset.house = key;
    const seat = view.seats.throne === key ? t("seat.throne") : view.seats.tower === key ? t("seat.tower") : team.status === "active" ? "" : t("house.eliminated");
    for (const value of [houseName(view, key), `${team.soldiers}/${view.soldier_max}`, team.chests, team.banners, seat]) row.append(el("td", null, String(value)));
    table.append(row);
  }
  const wrap = el("div", "table-wrap");
  wrap.append(table);
  box.append(wrap);
  const battles = battleBoard(view);
  if (battles) box.append(battles);
  draft("publish", () => ({}));
  box.append(buttons("publish", () => ({ type: "publish_results" }), { label: t("console.publish"), checkLabel: null, confirm: t("console.publish_confirm", { turn: view.turn }) }));
  return box;
}

/** Who attacked whom, each battle's figures as the team reports give them, and the
 * succession the turn leads to (issue 27, point 6; review_board.py prints the same). */
function battleBoard(view) {
  const resolution = [...(view.resolutions || [])].reverse().find((r) => r.turn === view.turn);
  if (!resolution) return null;
  const box = el("div", "battle-board");
  box.append(el("h4", null, t("console.battles")));
  const table = el("table", "battle-table");
  const head = el("tr");
  for (const key of ["attacked", "attackers", "A", "Dv", "Pc", "shield", "damage"]) head.append(el("th", null, t(`console.col.${key}`)));
  table.append(head);
  const eliminated = new Set(resolution.eliminated || []);
  for (const [house, figures] of Object.entries(resolution.battle || {})) {
    const by = Object.entries((resolution.op || {})[house] || {});
    const row = el("tr", eliminated.has(house) ? "out" : "");
    row.dataset.house = house;
    const name = houseName(view, house) + (eliminated.has(house) ? ` (${t("house.eliminated")})` : "");
    const attackers = by.length ? by.map(([a, n]) => `${houseName(view, a)} (${n})`).join(", ") : t("console.not_attacked");
    for (const value of [name, attackers, figures.A, figures.D, figures.Pc, figures.shield, figures.damage]) row.append(el("td", null, String(value ?? 0)));
    table.append(row);
  }
  const wrap = el("div", "table-wrap");
  wrap.append(table);
  box.append(wrap, el("h4", null, t("console.succession")));
  const list = el("ul", "succession");
  const opening = (view.referee || {}).opening || {};
  for (const seat of ["throne", "tower"]) {
    const before = opening[seat];
    const after = (view.seats || {})[seat];
    if (!before && !after) continue;
    const named = (key) => (key ? houseName(view, key) : t("console.seat_empty"));
    const words = before === after ? t("console.seat_stays", { seat: t(`seat.${seat}`), house: named(after) }) : t("console.seat_moves", { seat: t(`seat.${seat}`), before: named(before), after: named(after) });
    list.append(el("li", `succession-${seat}`, words));
  }
  if (resolution.tower_removed) list.append(el("li", "tower-removed", t("console.tower_removed")));
  box.append(list);
  return box;
}

// -- overrides, the audit trail, late joiners, the calendar ---------------------------------------------

// Which overrides each phase allows (R66; a house is assigned before the start only).
function overrideKinds(phase) {
  if (phase === "registration" || phase === "formation_wait") return ["end_game"];
  if (phase === "house_ranking") return ["assign_house", "move_player", "remove_player", "end_game"];
  const kinds = OVERRIDES.filter((k) => k !== "assign_house" || phase === "ready");
  return phase === "ready" ? kinds.filter((k) => k !== "reschedule_turn" && k !== "correct_draw") : kinds;
}

function characterName(view, id) {
  const found = (view.catalogue || []).find((c) => c.id === id);
  return found ? found.name : id;
}

/** The fields of the override `kind`: whom it concerns and the new value, each a choice
 * among what the game holds (houses, people, characters), never an id to type. */
function overrideFields(view, form, data) {
  const kind = data.kind;
  const nodes = [];
  const active = teamsInOrder(view).filter(([, team]) => team.status === "active");
  const houses = active.map(([key]) => [key, houseName(view, key)]);
  const add = (label, node) => nodes.push(labelled(label, node));
  // the house first: the characters offered are that house's
  if (["adjust_parameter", "set_seat", "grant_character", "revoke_character", "set_charges", "disqualify_team"].includes(kind)) add(t("console.team"), select(form, "house", houses, t("console.team")));
  const team = (view.teams || {})[data.house] || {};
  const owned = (team.characters || []).map((c) => [c.id, characterName(view, c.id)]);
  if (kind === "adjust_parameter") {
    add(t("console.param"), select(form, "param", ["soldiers", "chests", "banners"].map((p) => [p, t(`console.col.${p}`)]), t("console.param")));
    add(t("console.to"), input(form, "to", t("console.to"), "number"));
  }
  if (kind === "set_seat") add(t("console.seat"), select(form, "seat", [["throne", t("seat.throne")], ["tower", t("seat.tower")]], t("console.seat")));
  if (kind === "grant_character") {
    const held = new Set((team.characters || []).map((c) => c.id));
    const open = (view.catalogue || []).filter((c) => !held.has(c.id) && (c.kind === "neutral" || c.house_id === data.house));
    add(t("console.character"), select(form, "character", open.map((c) => [c.id, c.name]), t("console.character")));
    add(t("console.charges_left"), input(form, "charges", t("console.charges_left"), "number"));
  }
  if (kind === "revoke_character" || kind === "set_charges") add(t("console.character"), select(form, "character", owned, t("console.character")));
  if (kind === "set_charges") add(t("console.charges_left"), input(form, "charges", t("console.charges_left"), "number"));
  if (kind === "disqualify_team" && [view.seats.throne, view.seats.tower].includes(data.house)) {
    const heirs = houses.filter(([key]) => key !== data.house && ![view.seats.throne, view.seats.tower].includes(key));
    add(t("console.successor"), select(form, "successor", heirs, t("console.successor")));
  }
  if (kind === "move_player" || kind === "remove_player") {
    const people = (view.registered || []).filter((p) => p.status === "member" || p.status === "registered");
    add(t("console.player"), select(form, "player", people.map((p) => [p.user_id, p.display_name]), t("console.player")));
  }
  if (kind === "move_player") {
    const mover = (view.registered || []).find((p) => p.user_id === data.player);
    add(t("console.to_team"), select(form, "house", houses.filter(([key]) => !mover || key !== mover.team), t("console.to_team")));
  }
  if (kind === "assign_house") {
    add(t("console.team"), select(form, "team_no", teamsInOrder(view).map(([, entry]) => [String(entry.team_no), t("bulletin.team", { no: entry.team_no })]), t("console.team")));
    add(t("console.house"), select(form, "new_house", Object.entries(view.house_names || {}), t("console.house")));
  }
  if (kind === "reschedule_turn") {
    const deadline = input(form, "deadline", t("console.new_deadline"));
    deadline.placeholder = "2026-12-05 19:50";
    add(t("console.new_deadline"), deadline);
    add(t("console.draw_date"), input(form, "draw_date", t("console.draw_date"), "date"));
  }
  if (kind === "correct_draw") {
    const text = field(form, "draw_text", el("textarea"), t("console.corrected_draw"));
    text.rows = 11;
    text.placeholder = "BARI 78 48 05 33 12\nCAGLIARI …";
    add(t("console.corrected_draw"), text);
  }
  return nodes;
}

/** The override the form describes, as the engine takes it (A12). */
function overrideAction(view, data) {
  const action = { type: "override", kind: data.kind, reason: data.reason, value: {}, seen: data.seen ?? view.audit_seen ?? 0 };
  const kind = data.kind;
  const about = (subject, value = {}) => Object.assign(action, { subject, value });
  if (kind === "adjust_parameter") about(data.house, { param: data.param, to: Number(data.to) });
  if (kind === "set_seat") about(data.seat, { seat: data.seat, house: data.house });
  if (kind === "grant_character") about(data.house, data.charges ? { character: data.character, charges: Number(data.charges) } : { character: data.character });
  if (kind === "revoke_character") about(data.house, { character: data.character });
  if (kind === "set_charges") about(data.house, { character: data.character, charges: Number(data.charges) });
  if (kind === "disqualify_team") about(data.house, [view.seats.throne, view.seats.tower].includes(data.house) ? { successor: data.successor } : {});
  if (kind === "move_player") about(data.player, { house: data.house });
  if (kind === "remove_player") about(data.player);
  if (kind === "assign_house") about(data.team_no, { house: data.new_house });
  if (kind === "correct_draw") about(String(view.turn), { text: data.draw_text || "" });
  if (kind === "reschedule_turn") {
    action.subject = String(view.turn);
    if ((data.deadline || "").trim()) action.value.deadline = romeInstant(data.deadline) || data.deadline;
    if (data.draw_date) action.value.draw_date = data.draw_date;
  }
  return action;
}

function overrides(view) {
  const box = part("overrides", t("console.overrides"));
  const form = "override";
  const kinds = overrideKinds(view.phase);
  const data = draft(form, () => ({ kind: kinds[0], house: "", param: "soldiers", to: "", seat: "throne", deadline: "", draw_date: "", reason: "" }));
  box.append(labelled(t("console.override_kind"), select(form, "kind", kinds.map((k) => [k, t(`console.override.${k}`)]), t("console.override_kind"))));
  box.append(...overrideFields(view, form, data));
  const why = field(form, "reason", el("textarea"), t("console.reason"));
  why.rows = 2;
  why.maxLength = 500;
  box.append(labelled(t("console.reason"), why), verdict(form));
  box.append(buttons(form, () => overrideAction(view, data), { label: t("console.apply") }));
  return box;
}

function refereeName(user) {
  return namedReferee(current.payload, user);
}

/** An audited value in words: a house by name, a day or an instant in Rome time, a
 * character with its charges; never an id or a table. */
function auditWords(view, value) {
  if (value === null || value === undefined || value === "" || value === "None") return "";
  if (Array.isArray(value)) return value.map((v) => auditWords(view, v)).join(", ");
  // a draw's numbers as the Lotto prints them: "BA 05 17 33 48 90"
  if (typeof value === "object" && Object.values(value).every(Array.isArray)) return Object.entries(value).map(([wheel, ns]) => `${wheel} ${ns.map((n) => String(n).padStart(2, "0")).join(" ")}`).join("; ");
  if (typeof value === "object") return Object.values(value).map((v) => auditWords(view, v)).filter(Boolean).join(", ");
  const text = String(value);
  if ((view.teams || {})[text] || (view.house_names || {})[text]) return houseName(view, text) === text ? view.house_names[text] : houseName(view, text);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return dayWords(text);
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) return romeTime(text);
  if (text === "throne" || text === "tower") return t(`seat.${text}`);
  return text;
}

function auditTrail(view) {
  const box = part("audit", t("console.audit"));
  const entries = view.audit || [];
  if (!entries.length) {
    box.append(el("p", "empty", t("console.audit_empty")));
    return box;
  }
  const list = el("ol", "audit-list");
  const said = (view.audit_words || {})[lang] || [];
  entries.forEach((entry, i) => {
    const item = el("li", "audit-entry");
    const what = t(`console.override.${entry.kind}`);
    const turnSubject = entry.kind === "reschedule_turn" && /^\d+$/.test(String(entry.subject));
    // the server's words name people, characters, seats and days; ours are the fallback
    const words = said[i] || {
      about: turnSubject ? t("console.turn_subject", { turn: entry.subject }) : auditWords(view, entry.subject),
      before: auditWords(view, entry.before) || "—",
      after: auditWords(view, entry.after) || "—",
    };
    item.append(
      el("span", "audit-when", `${romeTime(new Date(entry.at).toISOString())} · ${refereeName(entry.referee)} · `),
      el("strong", null, what),
      el("span", "audit-change", `${words.about ? ` (${words.about})` : ""}: ${words.before} → ${words.after}`),
    );
    // a late player's or a character's reason is optional: no "motivo:" with nothing after it
    if (entry.reason) item.append(el("span", "audit-reason", `, ${t("console.because", { reason: entry.reason })}`));
    list.append(item);
  });
  box.append(list);
  return box;
}

/** Late joiners (R63–R65): those queued until the houses are assigned, and where each
 * one was placed. A joiner asks from their own seat (request_join); the referees watch. */
function joiners(view) {
  const queued = view.join_queue || [];
  const placed = (view.late_joiners || []).map((u) => (view.players || {})[u]).filter((p) => p && p.team);
  if (!placed.length && !queued.length) return null;
  const box = part("joiners", t("console.joiners"));
  const list = el("ul", "joiner-list");
  for (const user of queued) list.append(el("li", null, t("console.queued", { name: personName(view, user) })));
  for (const player of placed) list.append(el("li", null, t("console.joined", { name: personName(view, player.user_id), house: houseName(view, player.team) })));
  box.append(list);
  return box;
}

function calendar(view) {
  const box = part("calendar", t("console.calendar"));
  box.append(el("p", "hint", t("console.calendar_hint")));
  const shifts = Object.entries((view.calendar || {}).shifts || {});
  const list = el("ul", "shift-list");
  for (const [regular, moved] of shifts) list.append(el("li", null, t("console.shift", { regular: dayWords(regular), moved: dayWords(moved) })));
  if (!shifts.length) list.append(el("li", "empty", t("console.no_shifts")));
  box.append(list);
  const form = "shift";
  const data = draft(form, () => ({ regular: "", moved_to: "", reason: "" }));
  box.append(labelled(t("console.regular_day"), input(form, "regular", t("console.regular_day"), "date")));
  box.append(labelled(t("console.moved_to"), input(form, "moved_to", t("console.moved_to"), "date")));
  box.append(labelled(t("console.reason"), input(form, "reason", t("console.reason"))), verdict(form));
  const build = () => ({ type: "shift_draw", regular: data.regular, moved_to: data.moved_to || data.regular, reason: data.reason, seen: data.seen ?? seenNow() });
  box.append(buttons(form, build, { label: t("console.move_draw") }));
  return box;
}

// -- a late player and the season's characters (issue 27, point 7) ---------------------------

// The links of the seats this console added, shown until the page is left: the server
// keeps only their hashes, so this is the one place the referee sees them.
const addedLinks = [];

function houseChoices(view, first) {
  const names = view.house_names || {};
  const inPlay = Object.values(view.teams || {}).map((team) => team.house).filter(Boolean);
  const houses = inPlay.length ? inPlay : Object.keys(names);
  return [first, ...houses.map((h) => [h, names[h] || h])];
}

/** A late player added to the season (R63–R65), with no seat prepared: the server adds
 * their seat and answers its own link, which the referee sends them. */
function latePlayer(view) {
  const box = part("late", t("console.late"));
  box.append(el("p", "hint", t(view.phase === "registration" ? "console.late_hint_registration" : "console.late_hint")));
  const form = "late";
  const data = draft(form, () => ({ name: "", avoid1: "", avoid2: "", reason: "" }));
  const name = input(form, "name", t("console.late_name"));
  name.maxLength = 60;
  box.append(labelled(t("console.late_name"), name));
  if (view.phase !== "registration") {
    const none = ["", t("console.no_house")];
    const avoids = el("div", "avoid-fields");
    for (const n of [1, 2]) avoids.append(labelled(t("console.late_avoid", { n }), select(form, `avoid${n}`, houseChoices(view, none), t("console.late_avoid", { n }))));
    box.append(avoids);
  }
  box.append(labelled(t("console.reason_optional"), input(form, "reason", t("console.reason_optional"))), verdict(form));
  const build = () => {
    const action = { type: "add_player", display_name: data.name.trim() };
    const avoid = [data.avoid1, data.avoid2].filter(Boolean);
    if (avoid.length && view.phase !== "registration") action.avoid_houses = avoid;
    if (data.reason.trim()) action.reason = data.reason.trim();
    return action;
  };
  box.append(buttons(form, build, { label: t("console.late_add"), checkLabel: null, send: addPlayer }));
  for (const added of addedLinks) box.append(lateLink(added));
  return box;
}

async function addPlayer(form, action) {
  try {
    const answer = await current.ctx.check(action);
    if (answer.problems.length) {
      verdicts.set(form, { problems: answer.problems });
      return redraw();
    }
    const seats = await current.ctx.addSeats(action);
    for (const seat of seats) addedLinks.push(seat);
    verdicts.delete(form);
    drafts.delete(form);
  } catch (err) {
    verdicts.set(form, { error: err.message });
  }
  redraw();
}

function lateLink(seat) {
  const row = el("div", "late-link");
  row.dataset.seat = seat.seat;
  row.append(el("p", null, t("console.late_link", { name: seat.name })));
  const link = el("input", "late-url");
  link.type = "text";
  link.readOnly = true;
  link.value = seat.join_url;
  link.setAttribute("aria-label", t("console.late_link", { name: seat.name }));
  const copy = button(t("console.copy_link"), () => navigator.clipboard && navigator.clipboard.writeText(seat.join_url), "secondary", `late-copy-${seat.seat}`);
  row.append(link, copy);
  return row;
}

// The powers of §3.5, each with its parameters and their allowed values.
const POWER_PARAMS = {
  action_bonus: { action: ["attack", "defend", "enlist", "tax", "rally"], delta: ["1", "2", "3", "4", "-1", "-2", "-3", "-4"] },
  enemy_malus: { action: ["attack", "defend", "enlist", "tax", "rally"], delta: ["1", "2", "3", "4"] },
  alternate_number: { index: ["4", "5"], mode: ["best", "replace"] },
  extra_action: { action: ["attack", "defend", "enlist", "tax", "rally"], value: ["0", "1", "2", "3", "4", "n4", "n5"] },
  direct_damage: { amount: ["1", "2", "3", "4"], pierce: ["no", "yes"] },
  shield: { mode: ["reduce", "throne_immunity"], amount: ["1", "2", "3", "4", "5", "6", "7", "8"] },
  steal_chests: { amount: ["1", "2", "3", "4", "5"] },
  gain: { resource: ["chests", "soldiers", "banners"], amount: ["1", "2", "3"] },
  spy: { reveal: ["parameters", "characters", "actions"] },
  penalty_waiver: {},
  exchange: { pay_chests: ["1", "2", "3", "4", "5"], get_banners: ["1", "2", "3"] },
};

function paramWord(param, value) {
  if (["action", "mode", "resource", "reveal", "pierce"].includes(param)) return t(`console.power.${param}.${value}`);
  if (param === "value" && value.startsWith("n")) return t("console.power.number", { n: value.slice(1) });
  if (param === "index") return t("console.power.number", { n: value });
  return value;
}

function powerFields(form, data, n) {
  const kind = `power${n}`;
  const choices = Object.keys(POWER_PARAMS).map((k) => [k, t(`console.power.${k}`)]);
  if (n === 2) choices.unshift(["", t("console.power.none")]);
  const nodes = [labelled(t("console.power_kind", { n }), select(form, kind, choices, t("console.power_kind", { n })))];
  const params = POWER_PARAMS[data[kind]] || {};
  for (const [param, values] of Object.entries(params)) {
    if (param === "amount" && data[kind] === "shield" && data[`${kind}_mode`] === "throne_immunity") continue;
    const label = t(`console.param.${param}`);
    nodes.push(labelled(label, select(form, `${kind}_${param}`, values.map((v) => [v, paramWord(param, v)]), label)));
  }
  return nodes;
}

/** The power a form's fields describe, as §3.5 writes it. */
function powerOf(data, n) {
  const kind = data[`power${n}`];
  if (!kind) return null;
  const power = { kind };
  for (const param of Object.keys(POWER_PARAMS[kind] || {})) {
    const value = data[`power${n}_${param}`];
    if (param === "amount" && kind === "shield" && data[`power${n}_mode`] === "throne_immunity") continue;
    if (param === "pierce") power.pierce = value === "yes";
    else if (param === "value" && String(value).startsWith("n")) power.index = Number(value.slice(1));
    else if (["action", "mode", "resource", "reveal"].includes(param)) power[param] = value;
    else power[param] = Number(value);
  }
  return power;
}

/** The English summary the catalogue has of its own (the view's falls back on the Italian). */
function englishSummary(c) {
  const said = c.summary || {};
  return said.en && said.en !== said.it ? said.en : "";
}

function fromCharacter(c) {
  const data = { editing: c.id, name: c.name, house: c.house_id || "", cost: String(c.cost), charges: c.charges == null ? "" : String(c.charges), keep: c.consume_on_failure ? "no" : "yes", summary: (c.summary || {}).it || "", summary_en: englishSummary(c), reason: "" };
  (c.effects || []).forEach((effect, i) => {
    const n = i + 1;
    data[`power${n}`] = effect.kind;
    for (const [param, value] of Object.entries(effect)) {
      if (param === "kind") continue;
      if (param === "index" && effect.kind === "extra_action") data[`power${n}_value`] = `n${value}`;
      else if (param === "pierce") data[`power${n}_pierce`] = value ? "yes" : "no";
      else data[`power${n}_${param}`] = String(value);
    }
  });
  if (!data.power2) data.power2 = "";
  return data;
}

function characterOwner(view, c) {
  return c.house_id ? (view.house_names || {})[c.house_id] || c.house_id : t("console.neutral");
}

/** The season's characters (season_characters.py): each by name with its owner, cost,
 * charges and what it does; a referee creates, changes or removes them here. */
function seasonCharacters(view) {
  const box = part("characters", t("console.characters"));
  box.append(el("p", "hint", t("console.characters_hint")));
  const list = el("ul", "character-list");
  const form = "character";
  for (const c of view.catalogue || []) {
    const item = el("li", "character");
    item.dataset.character = c.id;
    const charges = c.charges == null ? t("console.permanent") : tn("console.charges", c.charges);
    item.append(el("strong", "character-name", c.name), ` (${characterOwner(view, c)}) — ${t("console.cost", { n: c.cost })}, ${charges}`);
    const said = (c.summary || {})[lang] || (c.summary || {}).it;
    if (said) item.append(el("span", "character-summary", ` — ${said}`));
    const edit = button(t("console.edit"), () => {
      drafts.set(form, { ...fromCharacter(c), seen: seenNow() });
      verdicts.delete(form);
      redraw();
    }, "secondary", `character-edit-${c.id}`);
    const remove = button(t("console.remove"), () => {
      drafts.set(`${form}-remove`, { id: c.id, name: c.name, seen: seenNow() });
      confirming.add(`${form}-remove`);
      redraw();
    }, "secondary", `character-remove-${c.id}`);
    item.append(" ", edit, " ", remove);
    list.append(item);
  }
  box.append(list);
  const removing = drafts.get(`${form}-remove`);
  if (removing && confirming.has(`${form}-remove`)) {
    const action = { type: "edit_character", op: "remove", character: removing.id, seen: removing.seen };
    box.append(verdict(`${form}-remove`), buttons(`${form}-remove`, () => action, { label: t("console.remove"), checkLabel: null, confirm: t("console.remove_confirm", { name: removing.name }) }));
  } else if (removing) box.append(verdict(`${form}-remove`));
  const data = draft(form, () => ({ editing: "", name: "", house: "", cost: "2", charges: "3", keep: "no", power1: "gain", power2: "", summary: "", summary_en: "", reason: "" }));
  box.append(el("h4", null, data.editing ? t("console.character_editing", { name: (view.catalogue || []).find((c) => c.id === data.editing)?.name || data.name }) : t("console.character_new")));
  const name = input(form, "name", t("console.character_name"));
  name.maxLength = 60;
  box.append(labelled(t("console.character_name"), name));
  box.append(labelled(t("console.character_owner"), select(form, "house", houseChoices({ house_names: view.house_names }, ["", t("console.neutral")]), t("console.character_owner"))));
  const cost = input(form, "cost", t("console.character_cost"), "number");
  cost.min = "1";
  cost.max = "20";
  const charges = input(form, "charges", t("console.character_charges"), "number");
  charges.min = "1";
  charges.max = "10";
  charges.placeholder = t("console.permanent");
  box.append(labelled(t("console.character_cost"), cost), labelled(t("console.character_charges"), charges));
  box.append(labelled(t("console.character_keep"), select(form, "keep", [["no", t("console.keep.no")], ["yes", t("console.keep.yes")]], t("console.character_keep"))));
  box.append(...powerFields(form, data, 1), ...powerFields(form, data, 2));
  const summary = input(form, "summary", t("console.character_summary"));
  const summaryEn = input(form, "summary_en", t("console.character_summary_en"));
  box.append(labelled(t("console.character_summary"), summary), labelled(t("console.character_summary_en"), summaryEn));
  box.append(labelled(t("console.reason_optional"), input(form, "reason", t("console.reason_optional"))), verdict(form));
  const build = () => {
    const action = { type: "edit_character", op: data.editing ? "edit" : "create", name: data.name.trim(), house: data.house || null, cost: Number(data.cost), charges: data.charges === "" ? null : Number(data.charges), consume_on_failure: data.keep !== "yes", effects: [powerOf(data, 1), powerOf(data, 2)].filter(Boolean), summary: data.summary, summary_en: data.summary_en };
    if (data.editing) {
      action.character = data.editing;
      action.seen = data.seen ?? seenNow();
    }
    if (data.reason.trim()) action.reason = data.reason.trim();
    return action;
  };
  box.append(buttons(form, build, { label: data.editing ? t("console.character_save") : t("console.character_create") }));
  if (data.editing) box.append(button(t("console.character_cancel"), () => (drafts.delete(form), verdicts.delete(form), redraw()), "secondary", "character-cancel"));
  return box;
}

// -- the console ---------------------------------------------------------------------------------

function parts(view) {
  const out = [];
  const phase = view.phase;
  if (phase === "registration") out.push(registration(view));
  if (phase === "formation_wait") out.push(drawForm(view, "formation"));
  if (phase === "house_ranking") out.push(rankings(view));
  if (phase === "ready") out.push(ready(view));
  if (phase === "turn_open" || phase === "turn_locked") out.push(posts(view));
  const missing = missingPosts(view);
  if (missing) out.push(missing);
  if (phase === "turn_open" || phase === "turn_locked") out.push(...[pastePost(view), recordPost(view)].filter(Boolean));
  if (phase === "turn_locked") out.push(drawForm(view, "turn"));
  if (phase === "review") out.push(review(view));
  const joined = view.teams && Object.keys(view.teams).length ? joiners(view) : null;
  if (joined) out.push(joined);
  if (phase !== "over") out.push(overrides(view));
  if (phase !== "over") out.push(latePlayer(view), seasonCharacters(view));
  out.push(auditTrail(view));
  if (phase !== "over") out.push(calendar(view), settings(view));
  return out;
}

/** The season's settings a referee may change while it runs: the reminder's hours. */
function settings(view) {
  const box = part("settings", t("console.settings"));
  const hours = (view.season || {}).missing_posts_reminder_hours;
  const data = draft("settings", () => ({ hours: String(hours ?? 2) }));
  const field = input("settings", "hours", t("console.reminder_hours"), "number");
  field.min = "0";
  field.max = "96";
  box.append(labelled(t("console.reminder_hours"), field), el("p", "hint", t("console.reminder_hours_hint")), verdict("settings"));
  box.append(buttons("settings", () => ({ type: "set_reminder", hours: Number(data.hours) }), { label: t("console.save_settings"), checkLabel: null }));
  return box;
}

function build() {
  const view = current.payload.view;
  const box = el("section", "referee-console");
  box.setAttribute("aria-label", t("console.title"));
  box.append(el("h2", null, t("console.title")));
  box.append(el("p", "console-phase", t(`phase.${view.phase}`)));
  box.append(...parts(view));
  return box;
}

/** Redraws the console alone (a verdict, a new select), keeping the focus and the caret. */
function redraw() {
  if (!current.root || !current.root.isConnected) return;
  const fresh = keepingFocus(build);
  current.root.replaceWith(fresh);
  current.root = fresh;
}

function keepingFocus(make) {
  const active = document.activeElement;
  const name = active && active.dataset ? active.dataset.field || active.dataset.step : null;
  const caret = active && "selectionStart" in active ? [active.selectionStart, active.selectionEnd] : null;
  const node = make();
  if (name)
    queueMicrotask(() => {
      const again = document.querySelector(`.referee-console [data-field="${CSS.escape(name)}"], .referee-console [data-step="${CSS.escape(name)}"]`);
      if (!again) return;
      again.focus();
      if (caret && again.setSelectionRange && again.type !== "number" && again.type !== "date") again.setSelectionRange(...caret);
    });
  return node;
}

/** The console for a referee's seat; null for anyone else. */
export function refereeConsole(payload, ctx) {
  if (!ctx.seat || !ctx.seat.startsWith("referee:") || !payload.view.calendar) return null;
  const key = `${payload.game_id}`;
  if (current.key !== key) {
    drafts.clear();
    verdicts.clear();
    confirming.clear();
    asWritten.clear();
  }
  current = { payload, ctx, root: null, key };
  current.root = keepingFocus(build);
  watchDeadline(payload.view);
  return current.root;
}

// Once the deadline passes the console offers to close the turn: no update says so.
let deadlineTimer = null;
function watchDeadline(view) {
  clearTimeout(deadlineTimer);
  const left = view.phase === "turn_open" && view.deadline ? Date.parse(view.deadline) - Date.now() : -1;
  if (left >= 0 && left < 2 ** 31 - 1) deadlineTimer = setTimeout(redraw, left + 250);
}

/** The actions the console offers itself: the shell's chooser leaves them to it. */
export const CONSOLE_ACTIONS = new Set(["close_registration", "start_game", "publish_results", "close_turn"]);
