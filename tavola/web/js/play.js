// The table page, the same for every game: takes the seat from the join link, follows the
// game over the WebSocket (a `state` message restores everything after a reload or a lost
// connection), and turns clicks into the server's legal actions. What the table looks like
// is the game's own table module's (tables.js).
import "./account-bar.js";
import { api, refusalText, savedSeat, saveSeat } from "./api.js";
import { game as entry } from "./catalog.js";
import { Chooser } from "./chooser.js";
import { rememberCommitment } from "./commitment.js";
import { button, el } from "./dom.js";
import { bindLangSwitch, lang, loadCatalogue, t, translatePage } from "./i18n.js";
import { ruleLink as ruleAnchor, rulesHref as rulesPage } from "./rule-links.js";
import { loadTable } from "./tables.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);

const game = {
  seat: null,
  token: null,
  payload: null,
  log: [],
  latest: 0, // how many of the log's last lines the last move told (drawn apart)
  latestEvents: [], // the events of that move, for the table to mark what they touched
  chooser: null,
  chooserVersion: null,
  sending: null,
  awaiting: null, // the version our last move made, until its update arrives
  socket: null,
  retry: 0,
  endShown: false,
  rematchOffer: null,
  refused: null, // why the link's seat was not taken (then the page watches)
  seatAsked: null, // the seat the link was for
  table: null, // the game's table module and catalogue entry, once the first message names it
  kept: {}, // what this connection was sent of the game's `sent_once` keys: updates bring only new entries
  inbox: Promise.resolve(), // messages are handled one after another, the first once the table is loaded
};

const seatName = (payload, seat) => game.table.module.seatName(payload, seat);

/** What the table module is told beside the payload. `act` sends an action the module
 * built from its own form (a typed name): the server still decides whether it is legal. */
function context(pick = new Map()) {
  return { seat: game.seat, pick, title: game.table.title, replay: false, act, check, exports, addSeats, busy: busy(), latest: game.latestEvents };
}

/** Plays an action that adds seats (a game's late player, the `AddedSeats` capability):
 * resolves to the new seats, each with its join link (absolute) to send to its person. */
async function addSeats(action) {
  if (!game.seat) throw new Error(t("play.spectator"));
  try {
    const answer = await api("POST", `/api/games/${gameId}/seats`, { token: game.token, body: { action } });
    return answer.seats.map((s) => ({ ...s, join_url: new URL(s.join_url, location.origin).href }));
  } catch (err) {
    throw new Error(refusalText(err.data));
  }
}

/** The texts the game lets this seat take away (the `Exports` capability: a forum's
 * posts), in the page's language: resolves to `{exports: [{name, title, filename, text}]}`. */
async function exports() {
  try {
    return await api("GET", `/api/games/${gameId}/exports`, { token: game.token, withLang: true });
  } catch (err) {
    throw new Error(refusalText(err.data));
  }
}

/** What is wrong with an action the module built, asked of the server without playing it:
 * resolves to `{version, problems: [{code, text, …}]}`, each `text` in the page's language
 * (no problem: the action would be taken now); a refused request rejects with its words. */
async function check(action) {
  if (!game.seat) throw new Error(t("play.spectator"));
  try {
    return await api("POST", `/api/games/${gameId}/check`, { token: game.token, body: { action }, withLang: true });
  } catch (err) {
    throw new Error(refusalText(err.data));
  }
}

function act(action) {
  if (game.seat && !busy()) send(action);
}

function banner(text) {
  const node = $("banner");
  node.hidden = !text;
  node.textContent = text || "";
}

let toastTimer = null;
/** A passing message; `rule`: the rule a refusal applies, linked on the game's rules page
 * (the message then stays while the pointer or the focus is on it, so the link can be
 * followed). */
function toast(text, rule = null) {
  const node = $("toast");
  const link = ruleLink(rule);
  node.replaceChildren(text, ...(link ? [" ", link] : []));
  node.hidden = false;
  clearTimeout(toastTimer);
  const hide = () => (toastTimer = setTimeout(() => (node.hidden = true), link ? 10000 : 6000));
  node.onmouseenter = node.onfocusin = () => clearTimeout(toastTimer);
  node.onmouseleave = node.onfocusout = () => (clearTimeout(toastTimer), hide());
  hide();
}

// -- the rules -----------------------------------------------------------------------------

const told = () => (game.table && game.table.info.rules) || [];
const rulesHref = (rule = null) => game.table && rulesPage(game.table.name, told(), rule);
const ruleLink = (rule) => game.table && ruleAnchor(game.table.name, told(), rule);

/** The "Rules" link above the table, once the game is known and has them. */
function showRulesLink() {
  const link = $("rules-link");
  const href = rulesHref();
  link.hidden = !href;
  if (href) link.href = href;
}

// -- the seat ------------------------------------------------------------------------------

/** The link's seat: its invite is spent to take it (the token comes back, kept in this
 * browser), or the creator's own link carries the seat's token. A seat this browser took
 * already is not asked for again: the invite is spent. */
async function takeSeat() {
  const params = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.slice(1));
  const fromLink = fragment.get("token");
  const invite = fragment.get("invite");
  const seat = params.get("seat");
  game.seatAsked = seat;
  if ((fromLink || invite) && seat) {
    history.replaceState(null, "", location.pathname + location.search); // the secret leaves the address bar
    const saved = savedSeat(gameId);
    if (fromLink || !saved || saved.seat !== seat) {
      try {
        const joined = fromLink
          ? await api("POST", `/api/games/${gameId}/seats/${seat}/join`, { token: fromLink })
          : await api("POST", `/api/games/${gameId}/seats/${seat}/join`, { body: { invite } });
        saveSeat(gameId, joined.seat, joined.token);
      } catch (err) {
        if (err.status === 0) throw err;
        game.refused = err.data; // someone took the seat first, or the link is wrong: watch
      }
    }
  }
  const saved = savedSeat(gameId);
  if (saved && (!seat || saved.seat === seat)) {
    game.seat = saved.seat;
    game.token = saved.token;
  }
}

// -- the connection ---------------------------------------------------------------------------

/** A fresh connection (in the page's language now): its state message tells the log anew. */
function reconnect() {
  if (game.socket) game.socket.close(1000);
  game.socket = null;
  connect();
}

function connect() {
  const url = new URL(`/api/games/${gameId}/ws`, location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  if (game.token) url.searchParams.set("token", game.token);
  url.searchParams.set("lang", lang);
  const socket = new WebSocket(url);
  game.socket = socket;
  socket.addEventListener("message", (msg) => {
    if (socket !== game.socket) return;
    const message = JSON.parse(msg.data);
    game.inbox = game.inbox.then(() => received(message, socket)).catch((err) => banner(String(err)));
  });
  socket.addEventListener("close", (ev) => {
    if (socket !== game.socket) return;
    game.sending = game.awaiting = null;
    const final = { 4401: "error.bad_token", 4404: "error.unknown_game", 4409: "error.game_quarantined" };
    if (final[ev.code]) {
      banner(t(final[ev.code])); // reconnecting would not help
      return;
    }
    // Too many sockets from this client: said, and tried again later like any other close.
    banner(t(ev.code === 4429 ? "error.too_many_sockets" : "play.reconnecting"));
    game.retry = Math.min(game.retry + 1, 6);
    setTimeout(connect, 250 * 2 ** game.retry);
  });
}

async function received(message, socket) {
  if (socket !== game.socket) return;
  if (!game.table && message.game) {
    const asked = lang;
    game.table = await loadTable(message.game);
    translatePage();
    if (lang !== asked) {
      // The game speaks the reader's language (the shell alone did not): told anew in it.
      reconnect();
      return;
    }
  }
  switch (message.type) {
    case "state":
      game.retry = 0;
      game.log = [];
      game.kept = {};
      banner(game.seat ? "" : refusedText(message) || t("play.spectator"));
      absorb(message);
      break;
    case "update":
      absorb(message);
      break;
    case "result":
      if (game.sending === message.client_action_id) {
        game.sending = null;
        // The result may overtake the update its move made: until that arrives the old
        // choices are stale, and a click on them would be refused.
        if (game.payload && game.payload.version < message.version) game.awaiting = message.version;
      }
      render();
      break;
    case "refused":
      if (game.sending === message.client_action_id) game.sending = null;
      toast(refusalText(message), message.rule);
      game.chooser = null;
      if (message.view) absorb(message.view);
      else render();
      break;
    case "rematch":
      game.rematchOffer = message.game_id;
      render();
      break;
  }
}

/** Why the link did not seat this browser, naming who has the seat when someone took it. */
function refusedText(payload) {
  if (!game.refused) return "";
  const asked = game.seatAsked && payload.seats && payload.seats[game.seatAsked];
  if (game.refused.code === "seat_taken" && asked) return t("play.seat_taken_by", { name: asked.name });
  return refusalText(game.refused);
}

function absorb(payload) {
  for (const key of game.table.info.sent_once || []) {
    if (!payload.view || !payload.view[key]) continue;
    game.kept[key] = Object.assign(game.kept[key] || {}, payload.view[key]);
    payload.view[key] = game.kept[key];
  }
  const { module } = game.table;
  const before = game.log.length;
  const events = payload.events || [];
  for (const event of events) {
    const line = event.text || module.describe(event, payload, context());
    if (line) game.log.push({ line, rule: event.rule || null });
  }
  // The last move stands out: an update's lines, or the last line of a whole state.
  if (game.log.length > before) {
    game.latest = payload.type === "state" ? 1 : game.log.length - before;
    game.latestEvents = payload.type === "state" ? events.slice(-1) : events;
  }
  if (!game.payload || payload.version >= game.payload.version) game.payload = payload;
  if (game.awaiting !== null && game.payload.version >= game.awaiting) game.awaiting = null;
  render();
}

/** A move of ours is on its way (sent, or answered but not yet seen in an update). */
function busy() {
  return Boolean(game.sending || game.awaiting !== null);
}

function send(action) {
  if (!game.socket || game.socket.readyState !== WebSocket.OPEN) return toast(t("refusal.network"));
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  game.sending = id;
  game.chooser = null;
  game.socket.send(JSON.stringify({ type: "action", action, version: game.payload.version, client_action_id: id }));
  render();
}

// -- drawing -------------------------------------------------------------------------------

function chooser() {
  const payload = game.payload;
  if (!game.chooser || game.chooserVersion !== payload.version) {
    const { module, info } = game.table;
    game.chooser = new Chooser(payload.legal || [], (action) => module.path(action, payload, context()), info.rare_actions);
    game.chooserVersion = payload.version;
  }
  return game.chooser;
}

function picks(ch) {
  const pick = new Map();
  if (busy()) return pick;
  for (const step of ch.next()) {
    if (step.kind === "card") pick.set(step.id, { onPick: () => take(step) });
    if (step.kind === "set")
      for (const id of step.ids)
        pick.set(id, {
          selected: ch.toggled.has(id),
          onPick: () => {
            if (ch.toggled.has(id)) ch.toggled.delete(id);
            else ch.toggled.add(id);
            render(id);
          },
        });
  }
  return pick;
}

function take(step) {
  const action = game.chooser.take(step);
  if (action) send(action);
  else render();
}

function renderChoices(ch) {
  const options = $("options");
  options.replaceChildren();
  const legal = game.payload.legal || [];
  // A module that offers every legal action on its own board leaves the choices empty.
  $("choices").hidden = Boolean(legal.length && !ch.entries.length && !busy());
  if (busy()) {
    $("prompt").textContent = t("play.sending");
    return;
  }
  if (!legal.length) {
    $("prompt").textContent = game.seat ? t("play.nothing_to_do") : t("play.spectator");
    return;
  }
  $("prompt").textContent = ch.prompt();
  const next = ch.next();
  const opts = next.filter((s) => s.kind === "verb" || s.kind === "option");
  if (opts.length > 12) {
    const select = el("select");
    select.setAttribute("aria-label", ch.prompt());
    for (const s of opts) select.append(new Option(s.label, s.key));
    options.append(select, button(t("play.confirm"), () => take(opts.find((s) => s.key === select.value)), "primary", "select"));
  } else {
    for (const s of opts) options.append(button(s.label, () => take(s), s.tone === "danger" ? "danger" : "primary", s.key));
  }
  // A card step whose card is not drawn on the table (a seat, say) gets a button of its own.
  for (const s of next.filter((x) => x.kind === "card")) {
    if (document.querySelector(`#board [data-iid="${CSS.escape(s.id)}"], #side-slot [data-iid="${CSS.escape(s.id)}"]`)) continue;
    options.append(button(game.table.module.name(s.id, game.payload, context()), () => take(s), "", s.key));
  }
  if (next.some((s) => s.kind === "set")) {
    const ready = ch.setReady();
    const confirm = button(ready && !ready.ids.length ? `${t("play.confirm")} (${t("choice.none")})` : t("play.confirm"), () => take(ready), "primary confirm", "confirm");
    confirm.disabled = !ready;
    options.append(confirm);
  }
  if (ch.chosen.length) options.append(button(t("play.cancel"), () => (ch.back(), render()), "secondary", "back"));
}

function renderStatus() {
  const payload = game.payload;
  const status = $("status");
  const { module, title } = game.table;
  // A feature's table may have a name of its own (a tournament's "Round 1 · Anna vs Bea").
  const named = payload.home && payload.home.title ? t(payload.home.title.words, payload.home.title.params) : null;
  $("title").textContent = named || module.title(payload, context());
  document.title = named ? `${named} · ${title} · Tavola` : `${title} · Tavola`;
  status.replaceChildren(...module.status(payload, context()));
  // Told to every seat: whoever chose the seed can know the hidden cards.
  if (payload.practice_seed_known) status.append(el("strong", "practice", t("play.practice")));
  if (payload.status === "over") status.append(el("strong", "over", t("end.title")));
  else if (game.seat && payload.to_act.includes(game.seat)) status.append(el("strong", "your-move", t("play.your_move")));
  else if (payload.to_act.length)
    status.append(el("span", "waiting", t("play.waiting_for", { names: payload.to_act.map((s) => seatName(payload, s)).join(", ") })));
  status.append(el("span", "clock", ""));
  showHomeLink(payload);
  if (payload.status === "over") {
    const again = button(t("end.show"), () => showEnd(true), "secondary", "result");
    status.append(again);
  }
  tickClock();
}

/** The seed's commitment, shown from the start (and kept, so that this browser's replay
 * page can tell whether the record's is the one it saw); seed and salt once revealed. */
function renderCommitment(payload) {
  const box = $("commitment");
  box.hidden = !payload.commitment;
  if (!payload.commitment) return;
  rememberCommitment(gameId, payload.commitment);
  $("commitment-short").textContent = `${payload.commitment.slice(0, 12)}…`;
  $("commitment-hash").textContent = payload.commitment;
  const revealed = $("commitment-revealed");
  revealed.hidden = !payload.revealed;
  if (payload.revealed) revealed.textContent = t("commitment.revealed", payload.revealed);
}

/** A feature's table (a campaign's) leads its seats back to the feature's page (the
 * server tells them only): from the header, beside the lobby (the shell's header is the
 * same on every page, so the link is made here, the first time), and from the end screen. */
function showHomeLink(payload) {
  const home = payload.home;
  if (home && !$("home-link")) {
    const back = el("a", "home-back", "");
    back.id = "home-link";
    document.querySelector(".bar .brand").after(back);
  }
  for (const id of ["home-link", "end-home"]) {
    const link = $(id);
    if (!link) continue;
    link.hidden = !home;
    if (home) {
      link.href = home.href;
      link.dataset.i18n = home.words;
      link.textContent = t(home.words);
    } else link.removeAttribute("href");
  }
}

function clockText(dueAt) {
  const left = Math.max(0, Math.ceil((Date.parse(dueAt) - Date.now()) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

function tickClock() {
  const node = document.querySelector("#status .clock");
  if (!node || !game.payload) return;
  const clocks = game.payload.clocks || {};
  const parts = [];
  for (const [seat, clock] of Object.entries(clocks)) {
    // a calendar deadline (days away) is the game's page to show, not a countdown
    if (!clock.due_at || clock.kind === "calendar") continue;
    parts.push(seat === game.seat ? t("play.clock", { time: clockText(clock.due_at) }) : t("play.clock_other", { name: seatName(game.payload, seat), time: clockText(clock.due_at) }));
  }
  node.textContent = parts.join(" · ");
  node.hidden = !parts.length;
}

function renderLog() {
  const log = $("log");
  log.replaceChildren(
    ...game.log
      .slice(-200)
      .reverse()
      .map(({ line, rule }, i) => {
        const item = el("li", i < game.latest ? "latest" : null, line);
        const link = ruleLink(rule);
        if (link) item.append(" ", link);
        return item;
      }),
  );
}

function showEnd(force = false) {
  const payload = game.payload;
  const dialog = $("end");
  if (payload.status !== "over" || (game.endShown && !force)) return;
  game.endShown = true;
  const result = game.table.module.outcome(payload) || {};
  const winners = result.winners || [];
  const names = winners.map((s) => seatName(payload, s)).join(", ");
  const verdict = $("end-verdict");
  verdict.replaceChildren(result.draw ? t("end.draw", { names }) : t("end.winners", { names }));
  // "Winner: X" has no full stop of its own: the player's line goes on a line of its own.
  if (game.seat) verdict.append(el("span", "verdict-you", winners.includes(game.seat) && !result.draw ? t("end.you_won") : t("end.you_lost")));
  $("end-reason").textContent = t(`end.reason.${result.reason}`);
  // How the winner was chosen, when the game has more to say (a round limit's ranking).
  const details = game.table.module.endDetails ? game.table.module.endDetails(payload, context()) : null;
  $("end-details").replaceChildren(...(details ? [details] : []));
  const places = Object.entries(result.placements || {}).sort((a, b) => a[1] - b[1]);
  $("end-places").replaceChildren(...places.map(([s, p]) => el("li", null, t("end.place", { name: seatName(payload, s), place: p }))));
  // A feature that plays its tables again itself (a campaign's retries) offers no rematch.
  $("rematch").hidden = !game.seat || (payload.home && !payload.home.rematch);
  $("replay-link").href = `/replay/${gameId}${game.seat ? `?seat=${game.seat}` : ""}`;
  renderOffer();
  if (!dialog.open) dialog.showModal();
}

function renderOffer() {
  const offer = $("end-offer");
  offer.hidden = !game.rematchOffer;
  offer.textContent = game.rematchOffer ? t("play.rematch_offer") : "";
}

async function rematch() {
  try {
    const joined = await api("POST", `/api/games/${gameId}/rematch`, { token: game.token });
    saveSeat(joined.game_id, joined.seat, joined.token);
    location.assign(`/play/${joined.game_id}?seat=${joined.seat}`);
  } catch (err) {
    // Each seat of the rematch is given once: this browser may have it already.
    const again = err.data && err.data.game_id && savedSeat(err.data.game_id);
    if (again) location.assign(`/play/${err.data.game_id}?seat=${again.seat}`);
    else toast(refusalText(err.data));
  }
}

// Every redraw replaces the table, what is beside it and the choices, and with them the focused
// control. A keyboard player must not be thrown back to the top of the page: the focus goes
// to the same control when it is still there, else to the first choice (now, or as soon as
// there is one), unless the player has moved it elsewhere meanwhile.
let focusLost = false;
document.addEventListener("focusin", () => (focusLost = false));

function focusedControl() {
  const active = document.activeElement;
  if (!active || !active.closest("#board, #side-slot, #options")) return null;
  focusLost = true;
  if (active.dataset.iid) return `[data-iid="${CSS.escape(active.dataset.iid)}"]`;
  if (active.dataset.step) return `#options [data-step="${CSS.escape(active.dataset.step)}"]`;
  return "";
}

function restoreFocus(selector) {
  if (!focusLost || (document.activeElement && document.activeElement !== document.body)) return;
  const same = selector ? document.querySelector(selector) : null;
  const usable = (node) => node && node.matches("button:not([disabled]), select");
  const next = usable(same) ? same : document.querySelector("#options button:not([disabled]), #options select");
  next?.focus();
}

function render(focusId) {
  const payload = game.payload;
  if (!payload) return;
  const focused = focusedControl();
  const ch = chooser();
  const drawn = game.table.module.render(payload, context(picks(ch)));
  $("board").replaceChildren(drawn.board);
  $("side-slot").replaceChildren(...(drawn.side ? [drawn.side] : []));
  renderStatus();
  renderChoices(ch);
  renderLog();
  showRulesLink();
  renderCommitment(payload);
  restoreFocus(focusId ? `[data-iid="${CSS.escape(focusId)}"]` : focused);
  if (payload.status === "over") showEnd();
  else if ($("end").open) $("end").close();
}

// On a narrow screen the choices sit in a bar fixed at the bottom (the targets are at the
// top): the page keeps room for it below the table.
function keepChoicesInView() {
  const choices = $("choices");
  const room = () => document.body.style.setProperty("--choices-room", `${choices.offsetHeight}px`);
  new ResizeObserver(room).observe(choices);
  room();
}

async function main() {
  await loadCatalogue();
  translatePage();
  bindLangSwitch(async () => {
    if (game.table) game.table.title = (await entry(game.table.name))?.text.title || game.table.title;
    // The choices are words too: made anew at once in the new language, the steps taken
    // so far (language-free keys) taken again.
    const kept = game.chooser && { chosen: [...game.chooser.chosen], toggled: new Set(game.chooser.toggled) };
    game.chooser = null;
    if (kept && game.payload && game.table) Object.assign(chooser(), kept);
    render();
    reconnect();
  });
  $("rematch").addEventListener("click", rematch);
  $("end-close").addEventListener("click", () => $("end").close());
  try {
    await takeSeat();
  } catch (err) {
    banner(refusalText(err.data));
    return;
  }
  connect();
  setInterval(tickClock, 250);
  keepChoicesInView();
}

main();
