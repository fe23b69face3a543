// A tournament's page (/tournaments/{id}): registration (a person registers itself; the
// organiser, whose link holds its token, also adds bots and starts it), then after each
// round the bracket (single elimination: rounds as columns, byes, winners) or the standings
// (points and tie-breaks), each round's tables with a link to watch (or, for the reader's
// own seat, to play), and the champion at the end. Only what the server publishes is
// shown. /tournaments/new?game=G creates one and lists the game's tournaments.
// What an entrant brings besides its name is the game's: the registration form is the
// game's own module when it has one (`registrationForm(ctx)`, names on screen), else it is
// built from the JSON schema of the game's registration.
import { whoAmI } from "./account.js";
import { api, refusalText } from "./api.js";
import { button, el } from "./dom.js";
import { field } from "./fields.js";
import { bindLangSwitch, has, lang, loadCatalogue, loadGameCatalogue, t, tg, tn, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 2000;
const STAGES = { 1: "final", 2: "semi", 4: "quarter", 8: "eighth" };

const tournamentId = decodeURIComponent(location.pathname.split("/")[2] || "");
const key = `tavola.tournament.${tournamentId}`;
let held = {}; // {organiser, entrant}: this browser's tokens for the tournament
let seen = null; // the server's last answer
let bots = []; // the game's bots an entrant may be
let timer = null;
let registration = null; // the registration form: {node, read()}
let registrationLoad = null; // {lang, promise}: the form being built, in that language
const startedHere = new Set(); // the games this page said "I'm here" to: opened, it goes to them
let openTip = null; // the standings' explanation shown: {column, pinned}
let standingsDrawn = ""; // what the standings were drawn from (drawn again only when it changes)

function showError(node, text) {
  node.hidden = !text;
  node.textContent = text || "";
}

function keep() {
  localStorage.setItem(key, JSON.stringify(held));
}

/** The link's token (the organiser's or an entrant's) is kept in this browser and leaves
 * the address bar. */
function takeTokens() {
  try {
    held = JSON.parse(localStorage.getItem(key) || "{}") || {};
  } catch {
    held = {};
  }
  const fragment = new URLSearchParams(location.hash.slice(1));
  for (const role of ["organiser", "entrant"]) if (fragment.get(role)) held[role] = fragment.get(role);
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  keep();
}

// -- words -------------------------------------------------------------------------------------

function ordinal(place) {
  if (lang === "it") return `${place}°`;
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[place % 10] || "th";
  return `${place}${suffix}`;
}

const number = (value) => (Number.isInteger(value) ? String(value) : value.toLocaleString(lang));

function roundTitle(round) {
  const pub = seen.public;
  let title = t("tournament.round", { n: round.number, total: pub.planned_rounds });
  if (pub.system === "single_elimination") {
    const stage = STAGES[2 ** (pub.planned_rounds - round.number)];
    if (stage) title += ` · ${t(`tournament.stage.${stage}`)}`;
  }
  return title;
}

/** A game of the tournament by its round and its players: "Round 1 · Anna vs Bea". */
function tableName(table) {
  return t("play.tournament_table", { round: table.round ?? "", names: table.entrants.join(" vs ") });
}

function kindText(kind) {
  if (kind === "human") return t("tournament.kind.human");
  const own = `form.seat.${kind}`;
  return has(own, seen?.game) ? tg(seen.game, own) : kind;
}

/** One finished game in words: its winner, a draw, places, forfeits, a winner by lot. */
function gameResult(game) {
  const places = Object.entries(game.places).sort((a, b) => a[1] - b[1]);
  let text;
  if (game.picked) text = t("tournament.result.picked", { name: places[0][0] });
  else if (game.drawn && places.length === 2) text = t("tournament.result.draw");
  else if (places.length === 2) text = t("tournament.result.won", { name: places[0][0] });
  else text = places.map(([name, place]) => `${ordinal(place)} ${name}`).join(", ");
  if (game.forfeits.length) text += ` (${tn("tournament.result.forfeit", game.forfeits.length, { names: game.forfeits.join(", ") })})`;
  return text;
}

// -- reading -----------------------------------------------------------------------------------

async function read() {
  try {
    seen = await api("GET", `/api/tournaments/${tournamentId}`, { token: held.entrant || held.organiser });
    showError($("tournament-error"), "");
  } catch (err) {
    showError($("tournament-error"), refusalText(err.data));
    return;
  }
  await loadGameCatalogue(seen.game);
  render();
  if (goToStarted()) return;
  if (seen.status === "registration") await loadRegistration().catch((err) => showError($("register-error"), refusalText(err.data)));
  clearTimeout(timer);
  if (seen.status !== "over") timer = setTimeout(read, POLL_MS);
}

// -- showing -----------------------------------------------------------------------------------

function current() {
  return seen.public.rounds.find((r) => !r.finished);
}

function statusText() {
  if (seen.status === "registration") return tn("tournament.status.registration", seen.entrants.length);
  if (seen.status === "over") return t("tournament.status.over");
  const round = current();
  return round ? t("tournament.status.playing", { round: roundTitle(round) }) : t("tournament.status.next");
}

function formatText() {
  const options = seen.options;
  const parts = [t(`tournament.system.${seen.public.system || options.format}`)];
  if (options.best_of > 1) parts.push(t("tournament.best_of", { n: options.best_of }));
  if (options.seeding === "rating") parts.push(t("tournament.new.seeding_rating"));
  if (seen.no_show_seconds) parts.push(tn("tournament.no_show", Math.round(seen.no_show_seconds / 60)));
  return parts.join(" · ");
}

function renderEntrants() {
  $("entrants").replaceChildren(
    ...seen.entrants.map((e) => {
      const item = el("li", null, e.name);
      item.append(el("span", "hint", ` — ${kindText(e.kind)}`));
      return item;
    }),
  );
  $("entrants-panel").hidden = seen.status !== "registration";
}

function renderBracket() {
  const pub = seen.public;
  const shown = pub.system === "single_elimination" && pub.rounds.length > 0;
  $("bracket-panel").hidden = !shown;
  if (!shown) return;
  $("bracket").replaceChildren(
    ...pub.rounds.map((round) => {
      const column = el("section", "bracket-round");
      column.dataset.round = round.number;
      column.append(el("h3", null, roundTitle(round)));
      for (const match of round.matches) {
        const box = el("div", `bracket-match${match.label ? ` ${match.label}` : ""}`);
        if (match.label === "third_place") box.append(el("p", "hint", t("tournament.stage.third_place")));
        for (const name of match.entrants) {
          const won = match.winner === name;
          const line = el("p", won ? "entrant winner" : "entrant", name);
          if (won) line.append(el("span", "sr-only", ` (${t("tournament.goes_through")})`));
          box.append(line);
        }
        if (match.bye) box.append(el("p", "entrant bye", t("tournament.bye")));
        column.append(box);
      }
      return column;
    }),
  );
}

function renderStandings() {
  const pub = seen.public;
  const finished = pub.rounds.filter((r) => r.finished).length;
  $("standings-panel").hidden = !pub.standings || !finished;
  if ($("standings-panel").hidden) return;
  const drawn = JSON.stringify([lang, seen.status, finished, pub.standings]);
  if (drawn === standingsDrawn) return; // the explanation open, and its button, stay as they are
  standingsDrawn = drawn;
  $("standings-title").textContent = seen.status === "over" ? t("tournament.standings.final") : t("tournament.standings.after", { n: finished });
  const championship = pub.system !== "single_elimination";
  const columns = ["place", "name", ...(championship ? ["points", "head_to_head", "wins", "buchholz"] : [])];
  const head = el("tr");
  for (const column of columns) head.append(columnHead(column, championship));
  $("standings").tHead.replaceChildren(head);
  $("standings").tBodies[0].replaceChildren(
    ...pub.standings.map((row) => {
      const line = el("tr", row.place === 1 && seen.status === "over" ? "champion-row" : "");
      line.append(el("td", "number", row.place ? ordinal(row.place) : t("tournament.still_in")), el("td", "name", row.name));
      if (championship) for (const column of columns.slice(2)) line.append(el("td", "number", number(row[column])));
      return line;
    }),
  );
  if (openTip) {
    const again = document.querySelector(`#standings .toggletip[data-column="${openTip.column}"]`);
    if (again) showTip(again, openTip.pinned);
    else hideTip();
  }
}

/** A column's head: its name (a short form on a phone, the whole word still read out),
 * and for the scores a toggletip saying what the column counts. */
function columnHead(column, championship) {
  const cell = el("th", column === "name" ? null : "number");
  cell.scope = "col";
  cell.dataset.column = column;
  const long = t(`tournament.col.${column}`);
  const short = has(`tournament.col.short.${column}`) ? t(`tournament.col.short.${column}`) : null;
  const words = el("span", short ? "col-long" : null, long);
  cell.append(words);
  if (short) {
    const brief = el("span", "col-short", short);
    brief.setAttribute("aria-hidden", "true");
    cell.append(brief);
  }
  const explained = column !== "name" && (championship || column !== "place");
  if (explained && has(`tournament.help.${column}`)) cell.append(" ", tipButton(column, long));
  return cell;
}

/** A toggletip: shown while the pointer is over it or it has the keyboard's focus, kept
 * open by a click or a tap (again to close; Escape or a tap elsewhere closes it too). Its
 * words go into a live region, so a screen reader says them when it opens. */
function tipButton(column, name) {
  const tip = el("button", "toggletip", "?");
  tip.type = "button";
  tip.dataset.column = column;
  tip.dataset.tip = t(`tournament.help.${column}`);
  tip.setAttribute("aria-label", t("tournament.help.button", { column: name }));
  tip.setAttribute("aria-expanded", "false");
  tip.setAttribute("aria-controls", "standings-tip");
  tip.addEventListener("mouseenter", () => openTip?.pinned || showTip(tip, false));
  tip.addEventListener("mouseleave", () => openTip && !openTip.pinned && hideTip());
  tip.addEventListener("focus", () => openTip?.pinned || showTip(tip, false));
  tip.addEventListener("blur", () => openTip && !openTip.pinned && hideTip());
  tip.addEventListener("click", () => {
    if (openTip && openTip.column === column && openTip.pinned) hideTip();
    else showTip(tip, true);
  });
  return tip;
}

function showTip(tip, pinned) {
  const bubble = $("standings-tip");
  if (bubble.textContent !== tip.dataset.tip) bubble.textContent = tip.dataset.tip;
  bubble.hidden = false;
  for (const other of document.querySelectorAll("#standings .toggletip")) other.setAttribute("aria-expanded", String(other === tip));
  openTip = { column: tip.dataset.column, pinned };
  placeTip();
}

function hideTip() {
  $("standings-tip").hidden = true;
  for (const other of document.querySelectorAll("#standings .toggletip")) other.setAttribute("aria-expanded", "false");
  openTip = null;
}

/** The bubble under its button, kept inside the window (a phone's too). */
function placeTip() {
  const tip = openTip && document.querySelector(`#standings .toggletip[data-column="${openTip.column}"]`);
  if (!tip) return;
  const bubble = $("standings-tip");
  const at = tip.getBoundingClientRect();
  const width = bubble.offsetWidth;
  const left = Math.min(Math.max(8, at.left + at.width / 2 - width / 2), window.innerWidth - width - 8);
  bubble.style.left = `${Math.max(8, left)}px`;
  bubble.style.top = `${at.bottom + 6}px`;
}

/** The link to a table: to play for the reader's own seat there, else to watch. */
function tableLink(table) {
  const mine = seen.you?.games.find((g) => g.slot === table.slot && g.seat);
  const link = el("a", "button secondary table-link");
  if (mine && table.status === "playing") {
    link.textContent = t("tournament.play");
    link.classList.replace("secondary", "primary");
    link.href = playHref(mine.game_id ? mine : { ...mine, game_id: table.game_id });
  } else {
    link.textContent = t(table.status === "recorded" ? "tournament.replay" : "tournament.watch");
    link.href = table.status === "recorded" ? `/replay/${table.game_id}` : `/play/${table.game_id}`;
  }
  return link;
}

function renderRounds() {
  const pub = seen.public;
  $("rounds-panel").hidden = !pub.rounds.length;
  const tables = new Map(seen.tables.map((table) => [table.slot, table]));
  $("rounds").replaceChildren(
    ...pub.rounds.map((round) => {
      const box = el("section", "round");
      box.dataset.round = round.number;
      box.append(el("h3", null, roundTitle(round)));
      const list = el("ul", "matches");
      round.matches.forEach((match, i) => {
        const item = el("li", "match");
        const slots = [...tables.keys()].filter((slot) => slot.startsWith(`r${round.number}.m${i + 1}.`));
        // A match of one game is named by its game's line alone ("Round 1 · Anna vs Bea").
        if (match.bye || slots.length !== 1) item.append(el("strong", null, match.entrants.join(" – ")));
        if (match.bye) {
          item.append(el("span", "hint", ` — ${t("tournament.bye")}`));
          list.append(item);
          return;
        }
        const games = el("ul", "games");
        const results = new Map((match.games || []).map((g) => [g.id, g]));
        for (const [slot, table] of tables) {
          if (!slot.startsWith(`r${round.number}.m${i + 1}.`)) continue;
          const line = el("li", "table");
          line.dataset.slot = slot;
          const result = results.get(slot);
          line.append(el("span", "table-name", tableName(table)));
          line.append(el("span", "state", result ? gameResult(result) : t(`tournament.table.${table.status}`)));
          if (table.game_id) line.append(" ", tableLink(table));
          games.append(line);
        }
        item.append(games);
        list.append(item);
      });
      box.append(list);
      return box;
    }),
  );
}

/** One of the reader's games in words: its round and its opponents, by name. */
function gameWords(slot) {
  const table = seen.tables.find((entry) => entry.slot === slot);
  const others = (table ? table.entrants : []).filter((name) => name !== seen.you.name);
  return { round: table && table.round ? table.round : "", names: others.join(", ") };
}

function renderYou() {
  const you = seen.you;
  $("you").hidden = !you;
  if (!you) return;
  $("you-title").textContent = t("tournament.you.heading", { name: you.name });
  const waiting = you.games.filter((g) => g.status !== "recorded");
  if (!waiting.length) {
    $("your-games").replaceChildren(el("li", "hint", t(seen.status === "registration" ? "tournament.you.registered" : "tournament.you.nothing")));
    return;
  }
  $("your-games").replaceChildren(
    ...waiting.map((game) => {
      const item = el("li");
      item.dataset.slot = game.slot;
      if (game.status === "waiting" && !game.ready) {
        item.append(el("span", null, t("tournament.you.waiting", gameWords(game.slot))), " ");
        item.append(button(t("tournament.you.ready"), () => ready(game.slot), "primary"));
      } else if (game.status === "waiting") {
        item.append(el("span", null, t("tournament.you.ready_done", gameWords(game.slot))));
      } else {
        item.append(el("span", null, t("tournament.you.playing", gameWords(game.slot))), " ");
        item.append(tableLink(seen.tables.find((table) => table.slot === game.slot)));
      }
      return item;
    }),
  );
}

/** The game's part of the registration form, in the page's language: the game's own
 * module, or the fields of its registration's schema (none: nothing to bring). */
function loadRegistration() {
  if (registrationLoad && registrationLoad.lang === lang) return registrationLoad.promise;
  const promise = buildRegistration(lang).catch((err) => {
    registrationLoad = null; // tried again at the next reading
    throw err;
  });
  registrationLoad = { lang, promise };
  return promise;
}

async function buildRegistration(lang) {
  const path = `/api/tournaments/${tournamentId}/registration?lang=${encodeURIComponent(lang)}`;
  const form = await api("GET", path);
  let made;
  if (form.module) {
    const module = await import(form.module);
    made = await module.registrationForm({ game: seen.game, choices: form.choices, lang, api, words: (key, params) => tg(seen.game, key, params) });
  } else {
    made = schemaForm(seen.game, form.schema);
  }
  registration = made;
  $("registration-fields").replaceChildren(made.node);
  showKind();
}

/** The fields of a registration schema, each labelled by the game's catalogue
 * (`tournament.registration.<field>`) or the schema's title. */
function schemaForm(game, schema) {
  const fields = [];
  for (const [name, prop] of Object.entries(schema.properties || {})) {
    const made = field(game, schema, name, prop, { prefix: "tournament.registration" });
    if (made) fields.push([name, made]);
  }
  const node = el("div", "fields");
  node.append(...fields.map(([, made]) => made.node));
  return { node, read: () => Object.fromEntries(fields.filter(([, made]) => made.changed()).map(([name, made]) => [name, made.read()])) };
}

function renderRegistration() {
  const open = seen.status === "registration";
  $("register").hidden = !open || (Boolean(held.entrant) && !held.organiser);
  $("organiser").hidden = !(held.organiser && open);
  const kinds = $("register-form").kind;
  $("kind-field").hidden = !held.organiser;
  if (held.organiser && kinds.options.length !== bots.length + 1) {
    kinds.replaceChildren(new Option(t("tournament.kind.human"), "human"), ...bots.map((b) => new Option(kindText(b), b)));
  }
  showKind();
}

/** A bot brings the game's ready-made choices by itself (the server gives them when
 * the form chose nothing for it): for a bot, nothing of the form is required. */
function showKind() {
  const bot = Boolean(held.organiser) && $("register-form").kind.value !== "" && $("register-form").kind.value !== "human";
  $("bot-hint").hidden = !bot;
  for (const input of $("registration-fields").querySelectorAll("input, select")) {
    if (input.required || input.dataset.required) input.dataset.required = "yes";
    input.required = !bot && Boolean(input.dataset.required);
  }
}

function render() {
  $("tournament-main").hidden = false;
  $("tournament-status").textContent = statusText();
  $("tournament-format").textContent = formatText();
  const champion = seen.public.champion;
  $("champion").hidden = !champion;
  $("champion").textContent = champion ? t("tournament.champion", { name: champion }) : "";
  renderRegistration();
  renderYou();
  renderEntrants();
  renderBracket();
  renderStandings();
  renderRounds();
}

// -- acting ------------------------------------------------------------------------------------

async function register(event) {
  event.preventDefault();
  const form = event.target;
  const kind = held.organiser ? form.kind.value : "human";
  const body = { name: form.name.value.trim(), kind, registration: registration ? registration.read() : {} };
  try {
    const made = await api("POST", `/api/tournaments/${tournamentId}/entrants`, { token: kind === "human" ? undefined : held.organiser, body });
    if (made.token) {
      held.entrant = made.token;
      keep();
    }
    showError($("register-error"), "");
    form.name.value = "";
    await read();
  } catch (err) {
    showError($("register-error"), refusalText(err.data));
  }
}

async function start() {
  try {
    await api("POST", `/api/tournaments/${tournamentId}/start`, { token: held.organiser });
    await read();
  } catch (err) {
    showError($("tournament-error"), refusalText(err.data));
  }
}

/** "I'm here: start": the table opens at once when everyone at it is here (against
 * bots, at once), and this page goes to it; else it goes there as soon as it opens. */
async function ready(slot) {
  startedHere.add(slot);
  try {
    const you = await api("POST", `/api/tournaments/${tournamentId}/games/${slot}/ready`, { token: held.entrant });
    seen.you = you;
    if (goToStarted()) return;
    await read();
  } catch (err) {
    showError($("tournament-error"), refusalText(err.data));
  }
}

/** The seat of a game this page started, once its table is open: the page goes there. */
function goToStarted() {
  const game = seen?.you?.games.find((g) => startedHere.has(g.slot) && g.status === "playing" && g.game_id && g.seat);
  if (!game) return false;
  clearTimeout(timer);
  startedHere.clear();
  $("tournament-status").textContent = t("tournament.you.opening");
  location.assign(playHref(game));
  return true;
}

function playHref(game) {
  return `/play/${game.game_id}?seat=${encodeURIComponent(game.seat)}#token=${encodeURIComponent(held.entrant)}`;
}

// -- a new tournament --------------------------------------------------------------------------

const gameFields = new Map();

async function showNew(game) {
  $("tournament-new").hidden = false;
  try {
    const schemas = await api("GET", `/api/tournaments/options/${encodeURIComponent(game)}`);
    await loadGameCatalogue(game);
    const schema = schemas.game_schema;
    const nodes = [];
    for (const [name, prop] of Object.entries(schema.properties || {})) {
      const made = field(game, schema, name, prop);
      if (!made) continue;
      gameFields.set(name, made);
      nodes.push(made.node);
    }
    const box = $("game-options");
    box.dataset.game = game;
    box.replaceChildren(...nodes);
    const listed = await api("GET", `/api/tournaments?game=${encodeURIComponent(game)}`);
    $("tournament-list").replaceChildren(
      ...(listed.length ? listed : [null]).map((entry) => {
        if (!entry) return el("li", "hint", t("tournament.list.empty"));
        const item = el("li");
        const link = el("a", null, `${t(`tournament.format.${entry.format}`)} · ${tn("tournament.list.entrants", entry.entrants)}`);
        link.href = `/tournaments/${entry.tournament_id}`;
        item.append(link, el("span", "hint", ` — ${entry.champion ? t("tournament.champion", { name: entry.champion }) : t(`tournament.list.${entry.status}`)}`));
        return item;
      }),
    );
  } catch (err) {
    showError($("tournament-error"), refusalText(err.data));
  }
}

async function create(event) {
  event.preventDefault();
  const form = event.target;
  const game = new URLSearchParams(location.search).get("game") || "";
  const options = { format: form.format.value, best_of: Number(form.best_of.value), seeding: form.seeding.value };
  if (form.third_place_match.checked) options.third_place_match = true;
  for (const [name, made] of gameFields) if (made.changed()) options[name] = made.read();
  const minutes = Number(form.no_show.value);
  try {
    const made = await api("POST", "/api/tournaments", { body: { game, options, no_show_seconds: Math.round(minutes * 60) } });
    location.assign(`/tournaments/${made.tournament_id}#organiser=${encodeURIComponent(made.organiser_token)}`);
  } catch (err) {
    showError($("tournament-error"), refusalText(err.data));
  }
}

async function main() {
  await loadCatalogue();
  translatePage();
  bindLangSwitch(() => {
    translatePage();
    if (tournamentId !== "new") read();
  });
  if (tournamentId === "new") {
    $("new-form").addEventListener("submit", create);
    await showNew(new URLSearchParams(location.search).get("game") || "");
    return;
  }
  takeTokens();
  $("register-form").addEventListener("submit", register);
  $("register-form").kind.addEventListener("change", showKind);
  document.addEventListener("keydown", (event) => event.key === "Escape" && openTip && hideTip());
  document.addEventListener("click", (event) => openTip && !event.target.closest(".toggletip, #standings-tip") && hideTip());
  window.addEventListener("resize", placeTip);
  window.addEventListener("scroll", placeTip, { passive: true });
  $("standings").closest(".scroll").addEventListener("scroll", placeTip, { passive: true });
  whoAmI()
    .then((me) => {
      const name = $("register-form").name;
      if (me && me.name && !name.value) name.value = me.name; // a signed-in person registers as its account
    })
    .catch(() => {});
  $("start").addEventListener("click", start);
  await read();
  if (held.organiser && seen) {
    try {
      bots = (await api("GET", `/api/tournaments/options/${encodeURIComponent(seen.game)}`)).bots;
      renderRegistration();
    } catch {
      bots = [];
    }
  }
}

main();
