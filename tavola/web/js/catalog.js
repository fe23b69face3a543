// The server's catalogue of games (/api/catalog): each game's declaration, its texts in
// the page's language, the schemas of its table options and seats, its presets, and where
// its table module is. Read once per language.
import { api } from "./api.js";
import { lang } from "./i18n.js";

const read = new Map(); // language → the catalogue's promise

/** Every registered game. */
export function games() {
  if (!read.has(lang)) {
    const asked = lang;
    read.set(asked, api("GET", `/api/catalog?lang=${asked}`));
    read.get(asked).catch(() => read.delete(asked)); // a failed read is asked again next time
  }
  return read.get(lang);
}

/** One game's entry, or null when the server has no such game. */
export async function game(name) {
  return (await games()).find((g) => g.name === name) || null;
}
