// "My games": the seats this account took and their games, each with its way back (the
// table, taken back on this device if need be, or the replay), and signing out.
import "./account-bar.js";
import { api, ApiError, refusalText, savedSeat, saveSeat } from "./api.js";
import { signOut, showAccountBar, whoAmI } from "./account.js";
import { games as readCatalog } from "./catalog.js";
import { button, el } from "./dom.js";
import { bindLangSwitch, has, lang, loadCatalogue, loadGameCatalogue, t, tg, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let titles = new Map(); // game name → its title in the page's language
let listed = [];
let ratings = null; // the account's rating at each game it has finished rated games of

async function tokenWorks(gameId, token) {
  try {
    await api("GET", `/api/games/${gameId}/view`, { token });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return false;
    throw err;
  }
}

/** Opens the table at the account's seat: with this browser's token when it still
 * works, else with a new one (the seat's token elsewhere is then void). */
async function openSeat(g) {
  try {
    const saved = savedSeat(g.game_id);
    if (!(saved && saved.seat === g.seat && (await tokenWorks(g.game_id, saved.token)))) {
      const got = await api("POST", `/api/me/games/${encodeURIComponent(g.game_id)}/seats/${encodeURIComponent(g.seat)}/token`);
      saveSeat(got.game_id, got.seat, got.token);
    }
    location.assign(g.play_url);
  } catch (err) {
    showError(refusalText(err.data));
  }
}

function showError(text) {
  $("me-error").hidden = !text;
  $("me-error").textContent = text || "";
}

function label(g) {
  const game = titles.get(g.game) || g.game;
  if (!g.mode) return game;
  const key = `form.mode.${g.mode}`;
  return t("lobby.game_mode", { game, mode: has(key, g.game) ? tg(g.game, key) : g.mode });
}

function result(g) {
  if (g.status !== "over") return t("me.in_play");
  if (!g.result) return t("me.over");
  if (g.result.draw) return t("me.draw");
  if (g.result.won) return t("me.won");
  return g.result.place ? t("me.place", { place: g.result.place }) : t("me.lost");
}

function render() {
  const list = $("my-games");
  if (!listed.length) return list.replaceChildren(el("li", "empty", t("me.empty")));
  list.replaceChildren(
    ...listed.map((g) => {
      const item = el("li", "game");
      item.dataset.gameId = g.game_id;
      item.append(el("strong", null, label(g)));
      item.append(el("span", "who", t("me.seat", { name: g.seat_name, seat: g.seat })));
      item.append(el("span", "open", result(g)));
      const actions = el("span", "actions");
      if (g.status === "over") {
        const replay = el("a", "button secondary", t("end.replay"));
        replay.href = g.replay_url;
        actions.append(replay);
      } else {
        actions.append(button(t("me.play"), () => openSeat(g), "primary"));
      }
      item.append(actions);
      return item;
    }),
  );
}

function renderRatings() {
  if (ratings === null) return;
  const list = $("my-ratings");
  if (!ratings.length) return list.replaceChildren(el("li", "empty", t("me.ratings_empty")));
  const number = (value, digits) => new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  list.replaceChildren(
    ...ratings.map((r) => {
      const item = el("li", "game rating");
      item.dataset.game = r.game;
      const board = el("a", null, titles.get(r.game) || r.game);
      board.href = `/leaderboard?game=${encodeURIComponent(r.game)}`;
      const games = t(r.games === 1 ? "leaderboard.games.one" : "leaderboard.games.other", { games: number(r.games, 0) });
      item.append(board, el("span", "open", t("me.rating", { rating: number(r.rating, 1), rank: number(r.rank, 0), games })));
      return item;
    }),
  );
}

async function readTitles() {
  try {
    const catalog = await readCatalog();
    titles = new Map(catalog.map((g) => [g.name, g.text.title]));
    await Promise.all(catalog.filter((g) => g.web).map((g) => loadGameCatalogue(g.name)));
  } catch {
    titles = new Map();
  }
}

async function leave(everywhere) {
  try {
    await signOut(everywhere);
    location.assign("/");
  } catch (err) {
    showError(refusalText(err.data));
  }
}

async function main() {
  await loadCatalogue();
  translatePage();
  const account = await whoAmI();
  bindLangSwitch(async () => {
    await readTitles();
    render();
    renderRatings();
    showAccountBar();
  });
  if (!account) {
    $("signed-out").hidden = false;
    return;
  }
  $("account-panel").hidden = false;
  $("games-panel").hidden = false;
  $("ratings-panel").hidden = false;
  $("account-name").textContent = account.name;
  $("sign-out").addEventListener("click", () => leave(false));
  $("sign-out-everywhere").addEventListener("click", () => leave(true));
  await readTitles();
  try {
    listed = await api("GET", "/api/me/games");
  } catch (err) {
    showError(refusalText(err.data));
  }
  render();
  ratings = await api("GET", "/api/me/ratings").catch(() => []);
  renderRatings();
}

main();
