// The house book (/housebook.html?game=NAME): how many tables of a game were opened on
// this server and how many finished. The shell's words (lobby, game, language) come from
// the shell's catalogue; the book's own from its catalogue beside this page
// (/i18n/housebook/<lang>.json): the shell's catalogue is the shell's alone.
import { api, refusalText } from "./api.js";
import { games as readCatalog } from "./catalog.js";
import { el } from "./dom.js";
import { bindLangSwitch, lang, loadCatalogue, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);

let own = {}; // the book's words in the page's language
let titles = new Map(); // game name → its title in the page's language
let game = new URLSearchParams(location.search).get("game");
let counts = null;
let reading = 0; // the latest reading: an earlier answer arriving later is dropped

const word = (key) => own[key] ?? t(`housebook.${key}`);
const number = (value) => new Intl.NumberFormat(lang).format(value);

async function loadOwn() {
  try {
    const res = await fetch(`/i18n/housebook/${lang}.json`);
    own = res.ok ? await res.json() : {};
  } catch {
    own = {};
  }
}

function showError(text) {
  $("book-error").hidden = !text;
  $("book-error").textContent = text || "";
}

function render() {
  document.title = `${word("title")} · Tavola`;
  for (const node of document.querySelectorAll("[data-house]")) node.textContent = word(node.dataset.house);
  $("book-title").textContent = titles.get(game) || "";
  for (const option of $("book-game").options) option.textContent = titles.get(option.value) || option.value;
  for (const key of ["opened", "finished"]) {
    document.querySelector(`#book tr.${key} td`).textContent = counts ? number(counts[key]) : "";
  }
}

async function read() {
  const asked = ++reading;
  let answer = null;
  let error = "";
  try {
    answer = await api("GET", `/api/housebook/${encodeURIComponent(game)}`);
  } catch (err) {
    error = refusalText(err.data);
  }
  if (asked !== reading) return;
  counts = answer;
  showError(error);
  render();
}

async function readTitles() {
  const catalog = await readCatalog();
  titles = new Map(catalog.map((g) => [g.name, g.text.title]));
  return catalog.map((g) => g.name);
}

async function main() {
  await Promise.all([loadCatalogue(), loadOwn()]);
  translatePage();
  let names = [];
  try {
    names = await readTitles();
  } catch (err) {
    showError(refusalText(err.data));
  }
  if (!names.includes(game)) game = names[0];
  $("book-game").replaceChildren(...names.map((name) => Object.assign(el("option", null, titles.get(name)), { value: name })));
  $("book-game").value = game;
  $("book-game").addEventListener("change", (event) => {
    game = event.target.value;
    const url = new URL(location.href);
    url.searchParams.set("game", game);
    history.replaceState(null, "", url);
    read();
  });
  bindLangSwitch(async () => {
    await Promise.all([loadOwn(), readTitles().catch(() => [])]);
    render();
  });
  render();
  if (game) await read();
}

main();
