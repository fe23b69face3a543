// Every visible string comes from /i18n/<lang>.json (the same catalogues the tests check).
const STORED = "tavola.lang";
const LANGS = ["it", "en"];

let catalogue = {};
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

export async function loadCatalogue() {
  const res = await fetch(`/i18n/${lang}.json`);
  catalogue = await res.json();
  document.documentElement.lang = lang;
}

/** The string `key` with its {placeholders} filled from `params`. */
export function t(key, params = {}) {
  const text = catalogue[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? params[name] : whole));
}

/** Fills every element marked data-i18n (text), data-i18n-label (aria-label),
 * data-i18n-placeholder and data-i18n-title under `root`. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]"))
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]"))
    el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder));
  for (const el of root.querySelectorAll("[data-i18n-title]"))
    el.setAttribute("title", t(el.dataset.i18nTitle));
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
  button.addEventListener("click", async () => {
    await setLang(lang === "it" ? "en" : "it");
    changed();
  });
}
