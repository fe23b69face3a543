// A game's table module (/games/<game>/web/table.js), its stylesheet and its catalogue,
// loaded for the table and replay pages; what a module leaves out, the shell does plainly
// (tavola/web/DECISIONS.md, "A game's table module").
import { game as entry } from "./catalog.js";
import { plainPath } from "./chooser.js";
import { el } from "./dom.js";
import { lang, loadCatalogue, loadGameCatalogue, offerLanguages, t } from "./i18n.js";

const PLAIN = {
  /** The view as data: a game without a table of its own is still watchable. */
  render(payload) {
    const box = el("section", "plain-view");
    box.append(el("h2", null, t("play.view")), el("pre", null, JSON.stringify(payload.view, null, 2)));
    return { board: box, side: null };
  },
  seatName: (payload, seat) => (payload.seats[seat] && payload.seats[seat].name) || seat,
  name: (id, payload) => (payload.seats[id] && payload.seats[id].name) || id,
  path: (action) => plainPath(action),
  title: (payload, ctx) => ctx.title,
  status: () => [],
  describe: () => null,
  outcome: (payload) => payload.outcome || {},
};

function stylesheet(href) {
  return new Promise((resolve) => {
    const link = el("link");
    Object.assign(link, { rel: "stylesheet", href });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve); // a table without a stylesheet of its own
    document.head.append(link);
  });
}

/** The table of game `name`: {name, info (its catalogue entry), title, module}. */
export async function loadTable(name) {
  let info = await entry(name);
  // The table speaks its game's languages (Japanese, for a game that has it): the page's
  // language is chosen again among them, and the entry read again in it.
  const before = lang;
  if (info) offerLanguages(info.languages || []);
  if (lang !== before) {
    await loadCatalogue();
    info = await entry(name);
  }
  let own = {};
  if (info && info.table_module) {
    const folder = info.table_module.slice(0, info.table_module.lastIndexOf("/"));
    // A game whose folder has no module of its own (or a broken one) is still shown plainly.
    const module = import(info.table_module).catch((err) => (console.error(err), {}));
    [own] = await Promise.all([module, stylesheet(`${folder}/table.css`), loadGameCatalogue(name, { table: true })]);
  }
  return {
    name,
    info: info || { name, rare_actions: [], sent_once: [] },
    title: info ? info.text.title : name,
    module: { ...PLAIN, ...own },
  };
}
