// The lobby's "language of the table": the languages of the game being set up (a game may
// speak Japanese) beside the lobby's own. The lobby speaks only the shell's languages, so
// choosing a game's further language changes the table's links, not the lobby.
import { AUTONYMS, SHELL_LANGS, lang } from "./i18n.js";

/** Whether choosing `code` should also switch the lobby's own language. */
export const lobbySpeaks = (code) => SHELL_LANGS.includes(code);

/** The language a new table of a game speaking `langs` starts in: the browser's first
 * wish the game speaks when the lobby does not (a Japanese browser sets a table in
 * Japanese), else the lobby's own language (the reader may have switched it), else the
 * game's first. */
export function startingLanguage(langs) {
  const own = langs.includes(lang) ? lang : langs[0];
  for (const wanted of navigator.languages || [navigator.language]) {
    const short = (wanted || "").slice(0, 2).toLowerCase();
    if (langs.includes(short)) return lobbySpeaks(short) ? own : short;
  }
  return own;
}

/** Fills the form's language choice with a game's languages, each in its own words. */
export function offerTableLanguages(select, langs) {
  const offered = langs && langs.length ? langs : SHELL_LANGS;
  select.replaceChildren(...offered.map((code) => new Option(AUTONYMS[code] || code, code)));
  select.value = startingLanguage(offered);
}
