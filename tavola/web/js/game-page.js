// A page a game declares beside its table (`GameInfo.pages`), at /games/<game>/<page>: the
// shell's header, language and account corner around the game's module
// /games/<game>/web/<page>.js, whose `mount(main, ctx)` draws the page. The page's words
// are the top-level object <page> of the game's catalogue (its `title` heads the page).
import { api, refusalText } from "./api.js";
import { showAccountBar, whoAmI } from "./account.js";
import { game as readGame } from "./catalog.js";
import { bindLangSwitch, block, loadCatalogue, loadGameCatalogue, offerLanguages, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const [name, page] = location.pathname.split("/").slice(2, 4).map(decodeURIComponent);

function showError(text) {
  $("page-error").hidden = !text;
  $("page-error").textContent = text || "";
}

async function heading() {
  const entry = await readGame(name);
  const gameTitle = entry ? entry.text.title : name;
  const pageTitle = block(name, page).title || gameTitle;
  $("page-title").textContent = pageTitle;
  document.title = `${pageTitle} · ${gameTitle}`;
  return entry;
}

async function main() {
  let entry = null;
  try {
    entry = await readGame(name); // its languages decide the page's
  } catch (err) {
    await loadCatalogue();
    translatePage();
    return showError(refusalText(err.data));
  }
  if (entry) offerLanguages(entry.languages);
  await loadGameCatalogue(name);
  await loadCatalogue();
  translatePage();
  showAccountBar();
  try {
    entry = await heading();
  } catch (err) {
    return showError(refusalText(err.data));
  }
  if (!entry || !entry.pages.includes(page)) return showError(t("error.unknown_game"));
  const style = document.createElement("link");
  Object.assign(style, { rel: "stylesheet", href: `/games/${encodeURIComponent(name)}/web/${encodeURIComponent(page)}.css` });
  document.head.append(style);
  const module = await import(`/games/${encodeURIComponent(name)}/web/${encodeURIComponent(page)}.js`);
  const ctx = {
    game: name,
    title: entry.text.title,
    words: () => block(name, page), // in the page's current language
    account: await whoAmI(),
    api,
    refusalText,
  };
  const mounted = (await module.mount(document.querySelector("main"), ctx)) || {};
  bindLangSwitch(async () => {
    await heading().catch(() => {});
    if (mounted.relabel) mounted.relabel();
  });
}

main();
