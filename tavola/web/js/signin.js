// The sign-in and sign-up pages: one form each (`data-kind`), a name and a password.
import { api } from "./api.js";
import { accountRefusal, nextPage, showAccountBar, whoAmI } from "./account.js";
import { bindLangSwitch, loadCatalogue, translatePage } from "./i18n.js";

const form = document.getElementById("account-form");
const error = document.getElementById("form-error");

const field = (name) => form.querySelector(`input[name=${name}]`);

function alertForm(text) {
  error.hidden = !text;
  error.textContent = text || "";
}

async function submit(event) {
  event.preventDefault();
  alertForm("");
  await whoAmI(); // the CSRF token is set by then
  const path = form.dataset.kind === "signup" ? "/api/account/signup" : "/api/account/signin";
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
