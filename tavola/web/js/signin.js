// The sign-in and sign-up pages: one page (account.html) served at /signin and /signup,
// a name and a password; the address says which form it is.
import "./account-bar.js";
import { api } from "./api.js";
import { accountRefusal, nextPage, showAccountBar, whoAmI } from "./account.js";
import { bindLangSwitch, loadCatalogue, translatePage } from "./i18n.js";

const form = document.getElementById("account-form");
const error = document.getElementById("form-error");

const field = (name) => form.querySelector(`input[name=${name}]`);
const signingUp = location.pathname === "/signup";

/** The words and the other form's link of the page the address names. */
function shape() {
  const title = signingUp ? "account.sign_up" : "account.sign_in";
  for (const id of ["page-title", "form-title", "submit"]) document.getElementById(id).dataset.i18n = title;
  field("password").autocomplete = signingUp ? "new-password" : "current-password";
  document.getElementById("rules").hidden = !signingUp;
  const other = document.getElementById("other-form");
  other.href = signingUp ? "/signin" : "/signup";
  other.dataset.i18n = signingUp ? "account.have_account" : "account.no_account";
}

function alertForm(text) {
  error.hidden = !text;
  error.textContent = text || "";
}

async function submit(event) {
  event.preventDefault();
  alertForm("");
  await whoAmI(); // the CSRF token is set by then
  const path = signingUp ? "/api/account/signup" : "/api/account/signin";
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    await api("POST", path, { body: { name: field("name").value.trim(), password: field("password").value } });
    location.assign(nextPage());
  } catch (err) {
    alertForm(accountRefusal(err.data));
    button.disabled = false;
  }
}

async function main() {
  shape();
  await loadCatalogue();
  translatePage();
  bindLangSwitch(showAccountBar);
  const other = document.getElementById("other-form");
  const next = new URLSearchParams(location.search).get("next");
  if (other && next) other.href += `?next=${encodeURIComponent(next)}`;
  form.addEventListener("submit", submit);
  if (await whoAmI()) document.getElementById("already").hidden = false;
}

main();
