// The account of this browser, if it signed in: who it is, the header's link to it, and
// signing out. Accounts are optional: every table works without one.
import { api, ApiError, refusalText } from "./api.js";
import { el } from "./dom.js";
import { t, translatePage } from "./i18n.js";

let asked = null;

/** The signed-in account ({name}) or null; asked once per page. It also gives this
 * browser its CSRF token, which the sign-in form sends back. */
export function whoAmI() {
  if (!asked) asked = api("GET", "/api/me").then((me) => me.account, () => null);
  return asked;
}

/** A refusal of the accounts in the reader's language. */
export function accountRefusal(data) {
  if (!data) return refusalText(data);
  if (data.code === "too_many_attempts") return t("error.too_many_attempts", { seconds: data.retry_after });
  const field = (data.field || "").replace(/^body\./, "");
  if (data.code === "bad_request" && ["name", "password"].includes(field)) return t(`error.bad_${field}`);
  return refusalText(data);
}

/** Where to go after signing in: `?next=` when it is a page of this site. */
export function nextPage(fallback = "/me") {
  const next = new URLSearchParams(location.search).get("next") || "";
  return next.startsWith("/") && !next.startsWith("//") ? next : fallback;
}

export async function signOut(everywhere = false) {
  await api("POST", everywhere ? "/api/account/signout-everywhere" : "/api/account/signout");
  asked = null;
}

/** The header's corner: a link to sign in, or the account's name and its games. */
export async function showAccountBar() {
  const bar = document.getElementById("account-bar");
  if (!bar) return;
  const account = await whoAmI();
  if (!account) {
    const here = location.pathname + location.search;
    const link = el("a", "account-link", t("account.sign_in"));
    link.dataset.i18n = "account.sign_in";
    link.href = here === "/" || here.startsWith("/sign") ? "/signin" : `/signin?next=${encodeURIComponent(here)}`;
    bar.replaceChildren(link);
  } else {
    const games = el("a", "account-link", t("account.my_games"));
    games.dataset.i18n = "account.my_games";
    games.href = "/me";
    bar.replaceChildren(el("span", "account-name", account.name), games);
  }
  translatePage(bar);
}

export { ApiError };
