// The replay viewer: a finished game, one logged action at a time, from the point of view
// of any seat or of the public. Frames come from the server, which replays the log.
import { api, refusalText } from "./api.js";
import { bindLangSwitch, lang, loadCatalogue, t, translatePage } from "./i18n.js";
import { renderBoard, renderHand, seatName } from "./table.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);
const replay = { step: 0, steps: 0, seat: new URLSearchParams(location.search).get("seat") || "", frame: null };

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

async function show(step) {
  const query = new URLSearchParams({ lang });
  if (replay.seat) query.set("seat", replay.seat);
  let frame;
  try {
    frame = await api("GET", `/api/games/${gameId}/replay/${step}?${query}`);
  } catch (err) {
    const banner = $("banner");
    banner.hidden = false;
    banner.textContent = err.data && err.data.code === "not_finished" ? t("replay.not_finished") : refusalText(err.data);
    return;
  }
  Object.assign(replay, { frame, step: frame.step, steps: frame.steps });
  draw();
}

function draw() {
  const frame = replay.frame;
  if (!frame) return;
  // The board draws from a payload: the frame is one, seen by its seat.
  const payload = { view: frame.view, seats: Object.fromEntries(Object.entries(frame.seats).map(([s, name]) => [s, { name }])) };
  const me = frame.seat || null;
  $("board").replaceChildren(renderBoard(payload, me, new Map()));
  $("hand-slot").replaceChildren();
  if (me && frame.view.mode !== "simplified") $("hand-slot").append(renderHand(payload, me, new Map()));
  $("step-label").textContent = t("replay.step", { step: frame.step, steps: frame.steps });
  const range = $("step");
  range.max = String(frame.steps);
  range.value = String(frame.step);
  range.setAttribute("aria-valuetext", $("step-label").textContent);
  $("by").textContent = frame.by ? t("replay.by", { name: seatName(payload, frame.by) }) : t("replay.start");
  $("log").replaceChildren(...frame.events.filter((e) => e.text).map((e) => el("li", null, e.text)));
  $("first").disabled = $("prev").disabled = frame.step === 0;
  $("next").disabled = $("last").disabled = frame.step === frame.steps;
  const viewer = $("viewer");
  if (!viewer.options.length || viewer.dataset.lang !== lang) {
    viewer.replaceChildren(new Option(t("replay.public"), ""), ...Object.entries(frame.seats).map(([s, name]) => new Option(`${name} (${s})`, s)));
    viewer.dataset.lang = lang;
  }
  viewer.value = replay.seat;
}

async function main() {
  await loadCatalogue();
  translatePage();
  bindLangSwitch(() => show(replay.step));
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
}

main();
