// A game's rules page, /rules/<game>: the text the game carries in the page's language
// (/api/rules/<game>?lang=), its sections as a table of contents, every rule number an
// anchor (#R34) that a refusal or a log line links to. The server renders the text with
// raw HTML shown as text; the page puts it in as it comes and names no game.
import "./account-bar.js";
import { api, refusalText } from "./api.js";
import { game as readGame } from "./catalog.js";
import { el } from "./dom.js";
import { bindLangSwitch, lang, loadCatalogue, offerLanguages, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(location.pathname.split("/")[2] || "");

function showError(text) {
  $("page-error").hidden = !text;
  $("page-error").textContent = text || "";
  $("rules-contents").hidden = $("rules-text").hidden = Boolean(text);
}

/** The rule (or section) the address names, brought into view once the text is in. */
function followAnchor() {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id && document.getElementById(id);
  if (!target) return;
  target.scrollIntoView();
  const heading = target.matches("h2, h3, h4") ? target : target.nextElementSibling;
  document.querySelectorAll(".rules-text .rule-shown").forEach((n) => n.classList.remove("rule-shown"));
  if (heading) heading.classList.add("rule-shown");
}

async function show(gameTitle) {
  let page;
  try {
    page = await api("GET", `/api/rules/${encodeURIComponent(name)}?lang=${encodeURIComponent(lang)}`);
  } catch (err) {
    // Not written in the page's language: the game's first one rather than nothing.
    if (err.status !== 404 || err.data?.code !== "no_such_rules") return showError(refusalText(err.data));
    try {
      page = await api("GET", `/api/rules/${encodeURIComponent(name)}`);
    } catch (again) {
      return showError(refusalText(again.data));
    }
  }
  showError("");
  const title = page.title || t("rules.title");
  $("page-title").textContent = title;
  document.title = gameTitle && !title.includes(gameTitle) ? `${title} · ${gameTitle}` : title;
  document.documentElement.lang = page.lang;
  $("rules-sections").replaceChildren(
    ...page.sections.map((s) => {
      const link = el("a", null, s.title);
      link.href = `#${s.id}`;
      const item = el("li");
      item.append(link);
      return item;
    }),
  );
  $("rules-text").innerHTML = page.html; // rendered by the server with raw HTML escaped
  followAnchor();
}

async function main() {
  let entry = null;
  try {
    entry = await readGame(name);
  } catch {
    entry = null;
  }
  if (entry) offerLanguages(entry.rules && entry.rules.length ? entry.rules : entry.languages);
  await loadCatalogue();
  translatePage();
  await show(entry ? entry.text.title : "");
  window.addEventListener("hashchange", followAnchor);
  bindLangSwitch(async () => {
    const again = await readGame(name).catch(() => null);
    await show(again ? again.text.title : "");
  });
}

main();
