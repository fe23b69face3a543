// Days in words as the Trono texts say them, in the page's language: the browser's side of
// messages.day_of (the same rule as the server's texts, so the two never disagree).
import { lang } from "/js/i18n.js";

const ZONE = "Europe/Rome";

/** Italian elides "del", "il"… before a number read with a vowel: uno, otto, undici,
 * ottanta…, ottocento…, ottomila… ("dell'8", "dell'11", "dell'80"). */
export function elides(n) {
  if (n >= 1000) return Math.floor(n / 1000) !== 1 && elides(Math.floor(n / 1000));
  if (n >= 100) return Math.floor(n / 100) === 8;
  return n === 1 || n === 8 || n === 11 || (n >= 80 && n <= 89);
}

/** `when` in words through `Intl`, the first of the month written "1º" in Italian (an
 * Italian reads it "primo"; `Intl` writes a plain "1"), as the server's texts do. */
function spoken(options, when) {
  const locale = lang === "it" ? "it-IT" : "en-GB";
  const parts = new Intl.DateTimeFormat(locale, options).formatToParts(when);
  const first = (p) => lang === "it" && p.type === "day" && Number(p.value) === 1;
  return parts.map((p) => (first(p) ? "1º" : p.value)).join("");
}

function noon(date) {
  const when = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(when.getTime()) ? null : when;
}

/** "4 marzo 2026" from "2026-03-04" ("1º marzo": Italian reads the first "primo"). */
export function dayText(date) {
  const when = noon(date);
  return when ? spoken({ day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }, when) : date;
}

/** "martedì 1º dicembre 2026" from "2026-12-01". */
export function dayWords(date) {
  const when = noon(date);
  return when ? spoken({ weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }, when) : date;
}

/** "martedì 27 ottobre 2026 alle ore 19:50" in Rome time, in the page's language;
 * `seconds` where a second decides (a post against its deadline). */
export function romeTime(iso, seconds = false) {
  const options = { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: ZONE };
  if (seconds) options.second = "2-digit";
  return spoken(options, new Date(iso));
}

/** A day after "of": "del 4 marzo 2026", "dell'11 marzo 2026", "del 1º marzo 2026"; in
 * English "4 March 2026" (the sentence says "of"). */
export function dayOf(date) {
  if (lang !== "it") return dayText(date);
  const day = Number(String(date).slice(8, 10));
  return `${day !== 1 && elides(day) ? "dell'" : "del "}${dayText(date)}`;
}
