// What the reports' pages say of a report: its kind, its game's title, its date, and the
// server's refusal, in the page's language (the report itself is in English); and how
// both pages start.
import { api, refusalText } from "./api.js";
import { games as readCatalog } from "./catalog.js";
import { bindLangSwitch, lang, loadCatalogue, t, translatePage } from "./i18n.js";

/** A reports page in the reader's words, then what `path` answers beside the games'
 * titles: resolves to [answer, titles]. After a language switch `retitled` gets the
 * titles in the new language. */
export async function opened(path, retitled) {
  await loadCatalogue();
  translatePage();
  bindLangSwitch(async () => retitled(await gameTitles()));
  return Promise.all([api("GET", path), gameTitles()]);
}

/** "Simulation report" or "Balance proposal". */
export function kindText(kind) {
  return kind === "proposal" ? t("reports.kind.proposal") : t("reports.kind.simulation");
}

/** Game name → its title in the page's language (empty when the catalogue cannot be read:
 * the name is shown). */
export async function gameTitles() {
  try {
    return new Map((await readCatalog()).map((g) => [g.name, g.text.title]));
  } catch {
    return new Map();
  }
}

export function dateText(iso) {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

export function gamesText(games) {
  return games == null ? "—" : new Intl.NumberFormat(lang).format(games);
}

export function gameText(titles, game) {
  return game ? titles.get(game) || game : "—";
}

export function errorText(err) {
  return refusalText(err && err.data) || t("refusal.unknown");
}
