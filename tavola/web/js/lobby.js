// The lobby: tables waiting for players, and the form that sets a new one.
import { api, refusalText, saveSeat } from "./api.js";
import { bindLangSwitch, lang, loadCatalogue, setLang, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const form = $("create");
const MAX_SEATS = 8;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A caption that follows the language switch. */
function label(className, key) {
  const span = el("span", className, t(key));
  span.dataset.i18n = key;
  return span;
}

// -- open tables -----------------------------------------------------------------------------

async function sit(gameId, seat) {
  try {
    const joined = await api("POST", `/api/games/${gameId}/seats/${seat}/join`);
    saveSeat(gameId, joined.seat, joined.token);
    location.assign(`/play/${gameId}?seat=${joined.seat}`);
  } catch (err) {
    alertForm(refusalText(err.data));
    refresh();
  }
}

async function refresh() {
  const list = $("games");
  let games = [];
  try {
    games = await api("GET", "/api/games");
  } catch (err) {
    list.replaceChildren(el("li", "empty", refusalText(err.data)));
    return;
  }
  if (!games.length) return list.replaceChildren(el("li", "empty", t("lobby.empty")));
  list.replaceChildren(
    ...games.map((g) => {
      const item = el("li", "game");
      const names = Object.values(g.seats).join(", ");
      item.append(el("strong", null, `${t("form.game.legends")} · ${t(g.mode === "simplified" ? "form.mode.simplified" : `form.mode.${g.mode || "classic"}`)}`));
      item.append(el("span", "who", names));
      item.append(el("span", "open", t("lobby.open_seats", { seats: g.open_seats.join(", ") })));
      const actions = el("span", "actions");
      for (const seat of g.open_seats) {
        const sitDown = el("button", "primary", t("lobby.take", { seat: g.seats[seat] || seat }));
        sitDown.type = "button";
        sitDown.addEventListener("click", () => sit(g.game_id, seat));
        actions.append(sitDown);
      }
      const watch = el("a", "button secondary", t("lobby.watch"));
      watch.href = `/play/${g.game_id}`;
      actions.append(watch);
      item.append(actions);
      return item;
    }),
  );
}

// -- the form ----------------------------------------------------------------------------------

function seatRow(kind = "human", name = "", age = "") {
  const row = el("li", "seat-row");
  const kindField = el("label");
  kindField.append(label("sr-only", "form.seat.kind"));
  const kindSelect = el("select");
  kindSelect.name = "kind";
  for (const value of ["human", "reference", "greedy", "ismcts", "random"]) {
    const option = new Option(t(`form.seat.${value}`), value);
    option.dataset.i18n = `form.seat.${value}`;
    kindSelect.append(option);
  }
  kindSelect.value = kind;
  kindField.append(kindSelect);
  const nameField = el("label");
  nameField.append(label(null, "form.seat.name"));
  const nameInput = el("input");
  Object.assign(nameInput, { name: "name", maxLength: 60, value: name, autocomplete: "off" });
  nameField.append(nameInput);
  const ageField = el("label", "age");
  ageField.append(label(null, "form.seat.age"));
  const ageInput = el("input");
  Object.assign(ageInput, { name: "age", type: "number", min: 1, max: 99, value: age });
  ageField.append(ageInput);
  const remove = el("button", "secondary remove", "✕");
  remove.type = "button";
  remove.addEventListener("click", () => {
    if ($("seat-rows").children.length > 1) row.remove();
    numberSeats();
  });
  row.append(kindField, nameField, ageField, remove);
  return row;
}

function numberSeats() {
  [...$("seat-rows").children].forEach((row, i) => {
    row.querySelector("select").setAttribute("aria-label", `${t("form.seat", { n: i + 1 })}: ${t("form.seat.kind")}`);
    row.querySelector(".remove").setAttribute("aria-label", t("form.seat.remove", { n: i + 1 }));
  });
  $("add-seat").disabled = $("seat-rows").children.length >= MAX_SEATS;
}

function syncForm() {
  const mode = form.mode.value;
  $("sides-field").hidden = mode === "simplified" || mode === "boss";
  $("boss-field").hidden = mode !== "boss";
  $("turn-field").hidden = !form.timed.checked;
}

function request() {
  const mode = form.mode.value;
  const options = { mode: mode === "boss" ? "classic" : mode };
  if (mode === "classic" || mode === "epic") options.sides = form.sides.value;
  if (mode === "boss") options.boss_level = Number(form.boss_level.value) || 1;
  if (form.timed.checked) options.timers = { turn_s: Number(form.turn_s.value) || 90 };
  const seats = [...$("seat-rows").children].map((row) => {
    const kind = row.querySelector("[name=kind]").value;
    const seat = kind === "human" ? { kind: "human" } : { kind: "bot", bot: kind };
    const name = row.querySelector("[name=name]").value.trim();
    const age = Number(row.querySelector("[name=age]").value);
    if (name) seat.name = name;
    if (age) seat.age = age;
    return seat;
  });
  if (mode === "boss") seats.push({ kind: "boss" });
  return { game: form.game.value, options, seats };
}

function alertForm(text) {
  const box = $("form-error");
  box.hidden = !text;
  box.textContent = text || "";
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const field = button.parentElement.querySelector("input");
    field.select();
    document.execCommand("copy");
  }
  button.textContent = t("created.copied");
  setTimeout(() => (button.textContent = t("created.copy")), 2000);
}

function showLinks(created, tableLang) {
  const links = $("links");
  links.replaceChildren(
    ...created.seats.map((s) => {
      const item = el("li", "link");
      if (!s.join_url) {
        item.append(el("span", null, t("created.bot", { name: s.name })));
        return item;
      }
      const url = new URL(s.join_url);
      url.searchParams.set("lang", tableLang);
      const label = el("label");
      label.append(el("span", null, `${s.name} (${s.seat})`));
      const field = el("input");
      Object.assign(field, { readOnly: true, value: url.href });
      label.append(field);
      const copyButton = el("button", "secondary copy", t("created.copy"));
      copyButton.type = "button";
      copyButton.addEventListener("click", () => copy(url.href, copyButton));
      const play = el("a", "button primary", t("created.play", { seat: s.name }));
      play.href = url.href;
      item.append(label, copyButton, play);
      return item;
    }),
  );
  $("created").hidden = false;
  $("created").scrollIntoView({ behavior: "smooth" });
}

async function submit(event) {
  event.preventDefault();
  alertForm("");
  const tableLang = form.language.value;
  try {
    const created = await api("POST", "/api/games", { body: request() });
    showLinks(created, tableLang);
    refresh();
  } catch (err) {
    alertForm(t("form.error", { message: refusalText(err.data) }));
  }
}

async function main() {
  await loadCatalogue();
  translatePage();
  form.language.value = lang;
  $("seat-rows").append(seatRow("human", "", 30), seatRow("reference", "", 40));
  numberSeats();
  syncForm();
  bindLangSwitch(() => {
    form.language.value = lang;
    numberSeats();
    refresh();
  });
  form.mode.addEventListener("change", syncForm);
  form.timed.addEventListener("change", syncForm);
  form.language.addEventListener("change", () => setLang(form.language.value).then(() => (numberSeats(), refresh())));
  $("add-seat").addEventListener("click", () => {
    $("seat-rows").append(seatRow("reference", "", 35 + 5 * $("seat-rows").children.length));
    numberSeats();
  });
  $("refresh").addEventListener("click", refresh);
  form.addEventListener("submit", submit);
  refresh();
}

main();
