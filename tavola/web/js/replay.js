// The replay viewer: a finished game, one logged action at a time, from the point of view
// of any seat or of the public. Frames come from the server, which replays the log; the
// game's own table module draws them.
import "./account-bar.js";
import { api, refusalText } from "./api.js";
import { game as entry } from "./catalog.js";
import { rememberedCommitment, seedSecret, sha256Hex } from "./commitment.js";
import { el } from "./dom.js";
import { bindLangSwitch, lang, loadCatalogue, t, translatePage } from "./i18n.js";
import { ruleLink } from "./rule-links.js";
import { loadTable } from "./tables.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);
const replay = { step: 0, steps: 0, seat: new URLSearchParams(location.search).get("seat") || "", frame: null, table: null, commitment: null };

function banner(text) {
  const node = $("banner");
  node.hidden = false;
  node.textContent = text;
}

async function show(step) {
  const query = new URLSearchParams({ lang });
  if (replay.seat) query.set("seat", replay.seat);
  let frame;
  try {
    frame = await api("GET", `/api/games/${gameId}/replay/${step}?${query}`);
  } catch (err) {
    banner(err.data && err.data.code === "not_finished" ? t("replay.not_finished") : refusalText(err.data));
    return;
  }
  Object.assign(replay, { frame, step: frame.step, steps: frame.steps });
  draw();
}

function draw() {
  const frame = replay.frame;
  if (!frame) return;
  // The table draws from a payload: the frame is one, seen by its seat.
  const payload = { view: frame.view, outcome: frame.outcome, seats: Object.fromEntries(Object.entries(frame.seats).map(([s, name]) => [s, { name }])) };
  const { module, title } = replay.table;
  const ctx = { seat: frame.seat || null, pick: new Map(), title, replay: true };
  const drawn = module.render(payload, ctx);
  $("board").replaceChildren(drawn.board);
  $("side-slot").replaceChildren(...(drawn.side ? [drawn.side] : []));
  const seatName = (seat) => module.seatName(payload, seat);
  $("step-label").textContent = t("replay.step", { step: frame.step, steps: frame.steps });
  const range = $("step");
  range.max = String(frame.steps);
  range.value = String(frame.step);
  range.setAttribute("aria-valuetext", $("step-label").textContent);
  $("by").textContent = frame.by ? t("replay.by", { name: seatName(frame.by) }) : t("replay.start");
  const lines = frame.events.map((e) => ({ line: e.text || module.describe(e, payload, ctx), rule: e.rule })).filter((l) => l.line);
  $("log").replaceChildren(
    ...lines.map(({ line, rule }) => {
      const item = el("li", null, line);
      const link = ruleLink(replay.table.name, replay.table.info.rules, rule);
      if (link) item.append(" ", link);
      return item;
    }),
  );
  $("first").disabled = $("prev").disabled = frame.step === 0;
  $("next").disabled = $("last").disabled = frame.step === frame.steps;
  const viewer = $("viewer");
  if (!viewer.options.length || viewer.dataset.lang !== lang) {
    viewer.replaceChildren(new Option(t("replay.public"), ""), ...Object.keys(frame.seats).map((s) => new Option(seatName(s), s)));
    viewer.dataset.lang = lang;
  }
  viewer.value = replay.seat;
}

/** The shuffle checked: the browser's own SHA-256 of the revealed seed and salt against
 * the commitment the table showed (and the one this browser kept, if it was at the table),
 * and the server's replay from the seed. Every check and the verdict, in words. */
async function checkShuffle() {
  let verdict;
  try {
    verdict = await api("GET", `/api/games/${gameId}/verify`);
  } catch {
    return; // not over yet: the replay's banner says so
  }
  const shown = replay.commitment;
  const kept = rememberedCommitment(gameId);
  const computed = verdict.seed && verdict.salt ? await sha256Hex(seedSecret(verdict.seed, verdict.salt)) : null;
  $("shuffle-commitment").textContent = shown || "—";
  $("shuffle-seed").textContent = verdict.seed || "—";
  $("shuffle-salt").textContent = verdict.salt || "—";
  $("shuffle-computed").textContent = computed || "—";
  const checks = [];
  const line = (passed, key, params) => checks.push({ passed, text: t(key, params) });
  if (!shown) line(false, "replay.check.no_commitment");
  else if (!verdict.seed || !verdict.salt) line(false, "replay.check.not_revealed");
  else if (computed === null) line(false, "replay.check.no_crypto");
  else line(computed === shown, computed === shown ? "replay.check.hash_ok" : "replay.check.hash_bad");
  if (shown && kept) line(kept === shown, kept === shown ? "replay.check.kept_ok" : "replay.check.kept_bad");
  if (shown && verdict.commitment !== shown) line(false, "replay.check.record_bad");
  for (const c of verdict.checks.filter((c) => c.code !== "commitment")) {
    checks.push({ passed: c.passed, text: lang === "it" ? c.message_it : c.message });
  }
  const passed = checks.every((c) => c.passed) && verdict.verified;
  $("shuffle-checks").replaceChildren(
    ...checks.map((c) => el("li", c.passed ? "passed" : "failed", `${c.passed ? "✓" : "✗"} ${c.text}`)),
  );
  const result = $("shuffle-verdict");
  result.className = `verdict ${passed ? "passed" : "failed"}`;
  result.textContent = t(passed ? "replay.check.verified" : "replay.check.not_verified");
  $("shuffle").hidden = false;
}

/** The game's table, named by the game's public view. */
async function loadGame() {
  try {
    const payload = await api("GET", `/api/games/${gameId}/view`);
    replay.commitment = payload.commitment;
    replay.table = await loadTable(payload.game);
    translatePage();
    return true;
  } catch (err) {
    banner(refusalText(err.data));
    return false;
  }
}

async function main() {
  await loadCatalogue();
  translatePage();
  if (!(await loadGame())) return;
  bindLangSwitch(async () => {
    replay.table.title = (await entry(replay.table.name))?.text.title || replay.table.title;
    show(replay.step);
    checkShuffle();
  });
  const go = (step) => show(Math.max(0, Math.min(replay.steps, step)));
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(replay.step - 1));
  $("next").addEventListener("click", () => go(replay.step + 1));
  $("last").addEventListener("click", () => go(replay.steps));
  $("step").addEventListener("change", (ev) => go(Number(ev.target.value)));
  $("viewer").addEventListener("change", (ev) => {
    replay.seat = ev.target.value;
    show(replay.step);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.target.closest("input, select")) return;
    if (ev.key === "ArrowRight") go(replay.step + 1);
    if (ev.key === "ArrowLeft") go(replay.step - 1);
  });
  show(0);
  checkShuffle();
}

main();
