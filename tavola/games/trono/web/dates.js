// Days in words as the Trono texts say them, in the page's language: the browser's side of
// messages.day_of (the same rule as the server's texts, so the two never disagree).
import { lang } from "/js/i18n.js";

/** Italian elides "del", "il"… before a number read with a vowel: uno, otto, undici,
 * ottanta…, ottocento…, ottomila… ("dell'8", "dell'11", "dell'80"). */
export function elides(n) {
  if (n >= 1000) return Math.floor(n / 1000) !== 1 && elides(Math.floor(n / 1000));
  if (n >= 100) return Math.floor(n / 100) === 8;
  return n === 1 || n === 8 || n === 11 || (n >= 80 && n <= 89);
}

/** "4 marzo 2026" from "2026-03-04" ("1º marzo": Italian reads the first "primo"). */
export function dayText(date) {
  const when = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(when.getTime())) return date;
  const locale = lang === "it" ? "it-IT" : "en-GB";
  const words = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(when);
  return lang === "it" && when.getUTCDate() === 1 ? words.replace(/^1 /, "1º ") : words;
}

/** A day after "of": "del 4 marzo 2026", "dell'11 marzo 2026", "del 1º marzo 2026"; in
 * English "4 March 2026" (the sentence says "of"). */
export function dayOf(date) {
  if (lang !== "it") return dayText(date);
  const day = Number(String(date).slice(8, 10));
  return `${day !== 1 && elides(day) ? "dell'" : "del "}${dayText(date)}`;
}
