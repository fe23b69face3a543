// The server's REST API, and where each game's seat token is kept in this browser.
import { lang, t } from "./i18n.js";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** The page's CSRF token (a cookie the server set): every request that changes something
 * sends it back, so that a signed-in browser's cookie never acts for another site. */
export function csrfToken() {
  const found = document.cookie.split("; ").find((c) => c.startsWith("tavola_csrf="));
  return found ? decodeURIComponent(found.slice("tavola_csrf=".length)) : "";
}

export class ApiError extends Error {
  constructor(status, data) {
    super(data.message || `HTTP ${status}`);
    this.status = status;
    this.data = data;
  }
}

export async function api(method, path, { body, token, withLang = false } = {}) {
  const url = new URL(path, location.origin);
  if (withLang) url.searchParams.set("lang", lang);
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (!SAFE.has(method) && csrfToken()) headers["X-CSRF-Token"] = csrfToken();
  let res;
  try {
    res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, { code: "network", message: t("refusal.network") });
  }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

/** A refusal in the reader's language: the server's own sentence in the page's language
 * when it has one (Italian in `message_it`, a game's further languages in `messages`, such
 * as Japanese), else in English. */
export function refusalText(data) {
  if (!data) return t("refusal.unknown");
  if (data.code === "STALE") return t("refusal.stale");
  const known = `error.${data.code}`;
  if (t(known) !== known) return t(known);
  const further = data.messages && typeof data.messages === "object" ? data.messages[lang] : undefined;
  return (lang === "it" && data.message_it) || further || data.message || t("refusal.unknown");
}

const seatKey = (gameId) => `tavola.seat.${gameId}`;

export function savedSeat(gameId) {
  try {
    return JSON.parse(localStorage.getItem(seatKey(gameId)) || "null");
  } catch {
    return null;
  }
}

export function saveSeat(gameId, seat, token) {
  localStorage.setItem(seatKey(gameId), JSON.stringify({ seat, token }));
}
