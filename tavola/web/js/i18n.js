// Every visible string comes from a catalogue: the shell's (/i18n/<lang>.json) and each
// game's own (/games/<game>/web/i18n/<lang>.json). On a table page the table's game is
// looked up first, so its words may also say a shell's thing its own way.
const STORED = "tavola.lang";
export const SHELL_LANGS = ["it", "en"]; // the shell's catalogues are complete in these
export const AUTONYMS = { it: "Italiano", en: "English", ja: "日本語" };
let LANGS = SHELL_LANGS;

let shell = {};
let fallback = {}; // the English shell, under a language the shell speaks only in part
const games = new Map(); // game name → its catalogue in `lang`
let tableGame = null;
export let lang = pickLang();

function pickLang() {
  const stored = localStorage.getItem(STORED);
  if (LANGS.includes(stored)) return stored;
  const linked = new URLSearchParams(location.search).get("lang"); // a shared link's language
  if (LANGS.includes(linked)) return linked;
  for (const wanted of navigator.languages || [navigator.language]) {
    const short = (wanted || "").slice(0, 2).toLowerCase();
    if (LANGS.includes(short)) return short;
  }
  return "en";
}

async function fetchCatalogue(url) {
  try {
    const res = await fetch(url);
    return res.ok ? await res.json() : {};
  } catch {
    return {};
  }
}

const gameUrl = (name) => `/games/${encodeURIComponent(name)}/web/i18n/${lang}.json`;

/** The shell's catalogue, and every game's already asked for, in the current language. */
export async function loadCatalogue() {
  const names = [...games.keys()];
  const partial = !SHELL_LANGS.includes(lang);
  const [own, english, ...theirs] = await Promise.all([
    fetchCatalogue(`/i18n/${lang}.json`),
    partial ? fetchCatalogue("/i18n/en.json") : {},
    ...names.map((n) => fetchCatalogue(gameUrl(n))),
  ]);
  shell = own;
  fallback = english;
  names.forEach((name, i) => games.set(name, theirs[i]));
  document.documentElement.lang = lang;
}

/** Adds a game's catalogue; `table`: the page is that game's table, `t` looks there first. */
export async function loadGameCatalogue(name, { table = false } = {}) {
  games.set(name, await fetchCatalogue(gameUrl(name)));
  if (table) tableGame = name;
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? params[name] : whole));
}

function lookup(game, key) {
  const own = game ? games.get(game) : undefined;
  return (own && own[key]) ?? shell[key] ?? fallback[key];
}

/** A page's languages widened to a game's (Japanese for one that speaks it): the language
 * is chosen again among them, before the catalogues are loaded. */
export function offerLanguages(langs) {
  LANGS = [...new Set([...SHELL_LANGS, ...langs])];
  lang = pickLang();
}

/** The top-level object `name` of `game`'s catalogue (a page's own words), or {}. */
export function block(game, name) {
  const own = games.get(game);
  const found = own && own[name];
  return found && typeof found === "object" ? found : {};
}

/** The string `key` with its {placeholders} filled from `params` (the key itself when no
 * catalogue has it). */
export function t(key, params = {}) {
  return fill(lookup(tableGame, key) ?? key, params);
}

/** The string for `n` things: the catalogue's `key.one`, `key.other` (…, as the
 * language's plural rules name its forms), `{n}` filled with `n`. */
export function tn(key, n, params = {}) {
  const form = new Intl.PluralRules(lang).select(n);
  const chosen = has(`${key}.${form}`) ? `${key}.${form}` : `${key}.other`;
  return t(chosen, { n, ...params });
}

/** `key` in the words of `game` (the lobby speaks of several games at once). */
export function tg(game, key, params = {}) {
  return fill(lookup(game, key) ?? key, params);
}

/** Whether a catalogue (`game`'s or the shell's) has `key`. */
export function has(key, game = tableGame) {
  return lookup(game, key) !== undefined;
}

/** Fills every element marked data-i18n (text), data-i18n-label (aria-label),
 * data-i18n-placeholder and data-i18n-title under `root`; an element inside one marked
 * data-game takes that game's words. */
export function translatePage(root = document) {
  const word = (el, key) => {
    const owner = el.closest("[data-game]");
    return owner ? tg(owner.dataset.game, key) : t(key);
  };
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = word(el, el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", word(el, el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.setAttribute("placeholder", word(el, el.dataset.i18nPlaceholder));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.setAttribute("title", word(el, el.dataset.i18nTitle));
  // A button among more than two languages names the one it switches to, in its own words.
  const button = root.getElementById ? root.getElementById("lang-switch") : null;
  if (button instanceof HTMLButtonElement && LANGS.length > 2) button.textContent = AUTONYMS[nextLang()] || nextLang();
}

/** The language the header's button switches to: the next of the page's, in turn. */
function nextLang() {
  return LANGS[(LANGS.indexOf(lang) + 1) % LANGS.length];
}

export async function setLang(next) {
  lang = next;
  localStorage.setItem(STORED, next);
  await loadCatalogue();
  translatePage();
}

/** Wires the header's language button; `changed` runs after each switch. */
export function bindLangSwitch(changed = () => {}) {
  const button = document.getElementById("lang-switch");
  if (!button) return;
  if (button instanceof HTMLSelectElement) {
    // A page of more than two languages lists them, each in its own words.
    button.replaceChildren(...LANGS.map((code) => new Option(AUTONYMS[code] || code, code)));
    button.value = lang;
    button.addEventListener("change", async () => {
      await setLang(button.value);
      changed();
    });
    return;
  }
  button.addEventListener("click", async () => {
    await setLang(nextLang());
    changed();
  });
}
