// A game's leaderboard (/leaderboard?game=NAME): the accounts rated at it, best first, a
// page at a time, and the signed-in reader's own rating there.
import "./account-bar.js";
import { api, refusalText } from "./api.js";
import { whoAmI } from "./account.js";
import { games as readCatalog } from "./catalog.js";
import { el } from "./dom.js";
import { bindLangSwitch, lang, loadCatalogue, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const PAGE = 50;

let titles = new Map(); // game name → its title in the page's language
let game = new URLSearchParams(location.search).get("game");
let offset = 0;
let board = null; // the server's answer to the latest reading
let reading = 0; // which reading is the latest: an earlier answer arriving later is dropped
let account = null;
let mine = []; // the reader's ratings, one per game

const number = (value, digits) =>
  new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
const title = (name) => titles.get(name) || name;

function showError(text) {
  $("board-error").hidden = !text;
  $("board-error").textContent = text || "";
}

function gamesText(games) {
  return t(games === 1 ? "leaderboard.games.one" : "leaderboard.games.other", { games: number(games, 0) });
}

function row(entry) {
  const tr = el("tr", "entry");
  if (account && entry.name === account.name) tr.classList.add("me");
  tr.append(
    el("td", "rank", number(entry.rank, 0)),
    el("td", "name", entry.name),
    el("td", "number rating", number(entry.rating, 1)),
    el("td", "number games", number(entry.games, 0)),
  );
  return tr;
}

function renderMine() {
  const own = mine.find((r) => r.game === game);
  const text = !account
    ? ""
    : own
      ? t("leaderboard.yours", { rating: number(own.rating, 1), rank: number(own.rank, 0), games: gamesText(own.games) })
      : t("leaderboard.yours_none");
  $("board-mine").hidden = !text;
  $("board-mine").textContent = text;
}

function render() {
  $("board-title").textContent = game ? title(game) : t("leaderboard.title");
  for (const option of $("board-game").options) option.textContent = title(option.value);
  renderMine();
  if (board === null) return;
  const none = board.entries.length === 0;
  $("board-empty").hidden = !none;
  $("board-empty").textContent = none ? t("leaderboard.empty", { game: title(game) }) : "";
  $("board-wrap").hidden = none;
  $("board").tBodies[0].replaceChildren(...board.entries.map(row));
  $("board-pages").hidden = board.total <= board.limit;
  const first = Math.min(board.offset + 1, board.total);
  const last = board.offset + board.entries.length;
  $("board-range").textContent = t("leaderboard.range", { first: number(first, 0), last: number(last, 0), total: number(board.total, 0) });
  $("board-previous").disabled = board.offset === 0;
  $("board-next").disabled = last >= board.total;
}

async function read() {
  const asked = ++reading;
  let answer = null;
  let error = "";
  try {
    answer = await api("GET", `/api/ratings/${encodeURIComponent(game)}?limit=${PAGE}&offset=${offset}`);
  } catch (err) {
    error = refusalText(err.data);
  }
  if (asked !== reading) return; // another game or page was asked for meanwhile
  board = answer;
  showError(error);
  render();
}

async function readTitles() {
  try {
    const catalog = await readCatalog();
    titles = new Map(catalog.map((g) => [g.name, g.text.title]));
    return catalog.map((g) => g.name);
  } catch (err) {
    showError(refusalText(err.data));
    return [];
  }
}

function choose(name) {
  game = name;
  offset = 0;
  const url = new URL(location.href);
  url.searchParams.set("game", name);
  history.replaceState(null, "", url);
  read();
}

async function main() {
  await loadCatalogue();
  translatePage();
  const names = await readTitles();
  if (!names.length) return;
  if (!names.includes(game)) game = names[0];
  $("board-game").replaceChildren(...names.map((name) => Object.assign(el("option", null, title(name)), { value: name })));
  $("board-game").value = game;
  $("board-game").addEventListener("change", (event) => choose(event.target.value));
  $("board-previous").addEventListener("click", () => {
    offset = Math.max(0, offset - PAGE);
    read();
  });
  $("board-next").addEventListener("click", () => {
    offset += PAGE;
    read();
  });
  bindLangSwitch(async () => {
    await readTitles();
    render();
  });
  account = await whoAmI();
  if (account) mine = await api("GET", "/api/me/ratings").catch(() => []);
  await read();
}

main();
