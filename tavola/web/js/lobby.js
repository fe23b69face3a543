// The lobby: every game the server offers, the tables waiting for players, and the form that
// sets a new one, built from the chosen game's declaration (its seat kinds and seat range),
// its presets, and the JSON schemas of its table options and seat fields.
import "./account-bar.js";
import { api, refusalText, saveSeat } from "./api.js";
import { games as readCatalog } from "./catalog.js";
import { button, el } from "./dom.js";
import { field, resolve } from "./fields.js";
import { bindLangSwitch, block, has, lang, loadCatalogue, loadGameCatalogue, setLang, t, tg, translatePage } from "./i18n.js";
import { rulesHref } from "./rule-links.js";
import { seatLabel } from "./seat-names.js";
import { lobbySpeaks, offerTableLanguages } from "./table-langs.js";

const $ = (id) => document.getElementById(id);
const form = $("create");

const lobby = {
  games: [], // the catalogue's entries
  entry: null, // the game the form sets a table of
  options: new Map(), // option name → its field
  applies: new Map(), // option name → when it means something (the schema's `x-applies`)
  seats: new Map(), // seat row → reads that seat
};

const gameEntry = (name) => lobby.games.find((g) => g.name === name);
const titleOf = (name) => (gameEntry(name) ? gameEntry(name).text.title : name);
const inLang = (texts) => texts[lang] || Object.values(texts)[0] || "";

/** A caption in `game`'s words that follows the language switch. */
function words(tag, className, game, key, params) {
  const node = el(tag, className, tg(game, key, params));
  if (!params) node.dataset.i18n = key;
  return node;
}

// -- the games -----------------------------------------------------------------------------

/** A link of a game's card drawn as a button, in the shell's words (`key`). */
function cardLink(kind, key, href) {
  const link = el("a", `button secondary ${kind}`, t(key));
  link.href = href;
  link.dataset.i18n = key;
  return link;
}

function renderCatalog() {
  $("catalog").replaceChildren(
    ...lobby.games.map((g) => {
      const item = el("li", "game-card");
      item.dataset.game = g.name;
      item.append(el("h3", null, g.text.title), el("p", "description", g.text.description));
      const setUp = button(t("lobby.set_up"), () => {
        chooseGame(g.name);
        form.scrollIntoView({ behavior: "smooth" });
      }, "secondary");
      setUp.dataset.i18n = "lobby.set_up";
      item.append(setUp);
      for (const page of g.pages || []) {
        // A game's own pages (a roster), each titled in the game's words.
        const link = el("a", "button secondary page-link", block(g.name, page).title || page);
        link.href = `/games/${encodeURIComponent(g.name)}/${encodeURIComponent(page)}`;
        link.dataset.page = page;
        item.append(link);
      }
      // What the features do with the game (its campaigns, its tournaments).
      for (const link of g.features || []) item.append(cardLink(`${link.feature}-link`, link.words, link.href));
      // Its rules told for players, in the lobby's language when written in it (else English).
      const rules = rulesHref(g.name, g.rules);
      if (rules) item.append(cardLink("rules-link", "lobby.rules", rules));
      return item;
    }),
  );
  const select = form.game;
  const chosen = select.value;
  select.replaceChildren(...lobby.games.map((g) => new Option(g.text.title, g.name)));
  if (chosen) select.value = chosen;
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

/** "<game> · <mode>": the game's title and, in its own words, the table's mode. */
function tableLabel(table) {
  const game = titleOf(table.game);
  if (!table.mode) return game;
  const key = `form.mode.${table.mode}`;
  return t("lobby.game_mode", { game, mode: has(key, table.game) ? tg(table.game, key) : table.mode });
}

/** Each seat of a listed table by a name a player can read. */
function seatNames(g) {
  const names = {};
  Object.keys(g.seats).forEach((seat, i) => {
    names[seat] = seatLabel(g.game, { seat, name: g.seats[seat], kind: (g.kinds || {})[seat], place: i + 1 });
  });
  return names;
}

function listedTable(g) {
  const names = seatNames(g);
  const item = el("li", "game");
  item.dataset.game = g.game;
  item.dataset.gameId = g.game_id;
  item.append(el("strong", null, tableLabel(g)));
  if (g.practice_seed_known) item.append(el("span", "practice", t("lobby.practice")));
  item.append(el("span", "who", Object.values(names).join(", ")));
  if (g.open_seats.length) item.append(el("span", "open", t("lobby.open_seats", { seats: g.open_seats.map((s) => names[s]).join(", ") })));
  const actions = el("span", "actions");
  for (const seat of g.open_seats) actions.append(button(t("lobby.take", { seat: names[seat] }), () => sit(g.game_id, seat), "primary"));
  const watch = el("a", "button secondary watch-game", t("lobby.watch"));
  watch.href = `/play/${g.game_id}`;
  actions.append(watch);
  item.append(actions);
  return item;
}

async function fill(list, path, empty) {
  let tables = [];
  try {
    tables = await api("GET", path);
  } catch (err) {
    list.replaceChildren(el("li", "empty", refusalText(err.data)));
    return;
  }
  if (!tables.length) return list.replaceChildren(el("li", "empty", t(empty)));
  list.replaceChildren(...tables.map(listedTable));
}

/** The tables with a seat to take, and the games being played (to watch). */
async function refresh() {
  await Promise.all([fill($("games"), "/api/games", "lobby.empty"), fill($("playing"), "/api/games/playing", "lobby.none_playing")]);
}

// -- the form: options -------------------------------------------------------------------------

/** The options up front are those a preset sets and the groups a table may switch on
 * (timers); the rest wait under "More options". */
function upFront(entry, name, prop) {
  const shown = entry.presets.some((p) => name in p.options);
  const group = resolve(prop, entry.options_schema);
  return shown || (group.nullable && group.type === "object");
}

function buildOptions(entry) {
  lobby.options.clear();
  lobby.applies.clear();
  const main = [];
  const more = [];
  const schema = entry.options_schema || { properties: {} };
  for (const [name, prop] of Object.entries(schema.properties || {})) {
    const made = field(entry.name, schema, name, prop);
    if (!made) continue;
    lobby.options.set(name, made);
    if (prop["x-applies"]) lobby.applies.set(name, prop["x-applies"]);
    (upFront(entry, name, prop) ? main : more).push(made.node);
  }
  $("main-options").replaceChildren(...main);
  $("more-options").replaceChildren(...more);
  $("more").hidden = !more.length;
}

/** Whether a field means something at the table as the form stands (`x-applies`): the
 * values other options must have (an option hidden has none) and the seat kinds that must
 * (or must not) sit there. */
function applies(when) {
  if (!when) return true;
  for (const [other, values] of Object.entries(when.options || {})) {
    const made = lobby.options.get(other);
    if (made && (made.node.hidden || !values.includes(made.read()))) return false;
  }
  const kinds = [...$("seat-rows").querySelectorAll("select[name=kind]")].map((s) => s.value);
  if (when.seats_with && !when.seats_with.some((k) => kinds.includes(k))) return false;
  return !(when.seats_without || []).some((k) => kinds.includes(k));
}

/** A field that means nothing at this table (an automaton's level with no automaton
 * seated, the sides of a mode that has none, a seat's team with no teams) is hidden, and
 * not sent. Options first, in schema order (one may follow another), then the seats'
 * fields that follow them. */
function showApplicable() {
  for (const [name, made] of lobby.options) made.node.hidden = !applies(lobby.applies.get(name));
  for (const node of $("seat-rows").querySelectorAll("[data-applies]")) node.hidden = !applies(JSON.parse(node.dataset.applies));
  const more = [...$("more-options").children];
  $("more").hidden = !more.some((node) => !node.hidden);
}

function options() {
  const chosen = {};
  for (const [name, made] of lobby.options) if (!made.node.hidden && made.changed()) chosen[name] = made.read();
  return chosen;
}

// -- the form: seats ---------------------------------------------------------------------------

function seatRow(entry, kind, fields = {}) {
  const game = entry.name;
  const row = el("li", "seat-row");
  const kindField = el("label");
  kindField.append(words("span", "sr-only", game, "form.seat.kind"));
  const kindSelect = el("select");
  kindSelect.name = "kind";
  for (const value of entry.seat_kinds) {
    const option = new Option(tg(game, `form.seat.${value}`), value);
    if (has(`form.seat.${value}`, game)) option.dataset.i18n = `form.seat.${value}`;
    else option.textContent = value;
    kindSelect.append(option);
  }
  kindSelect.value = kind;
  kindField.append(kindSelect);
  const nameField = el("label");
  nameField.append(words("span", null, game, "form.seat.name"));
  const nameInput = el("input");
  Object.assign(nameInput, { name: "name", maxLength: 60, autocomplete: "off" });
  nameField.append(nameInput);
  row.append(kindField, nameField);
  const schema = entry.seat_schema || { properties: {} };
  const own = [];
  for (const [name, prop] of Object.entries(schema.properties || {})) {
    const made = field(game, schema, name, prop, { prefix: "form.seat" });
    if (!made) continue;
    made.write(fields[name]); // a preset's seat (a referee's) comes with its own fields
    made.node.classList.add(`seat-${name}`);
    if (prop["x-applies"]) made.node.dataset.applies = JSON.stringify(prop["x-applies"]);
    own.push([name, made]);
    row.append(made.node);
  }
  const remove = button("✕", () => {
    if ($("seat-rows").children.length > entry.min_seats) {
      row.remove();
      lobby.seats.delete(row);
      form.preset.value = "";
    }
    numberSeats();
  }, "secondary remove");
  row.append(remove);
  lobby.seats.set(row, () => {
    const seat = { kind: kindSelect.value };
    const name = nameInput.value.trim();
    if (name) seat.name = name;
    for (const [key, made] of own) if (!made.node.hidden && made.changed()) seat[key] = made.read();
    return seat;
  });
  return row;
}

function setSeats(entry, kinds, fields = []) {
  lobby.seats.clear();
  $("seat-rows").replaceChildren(...kinds.map((kind, i) => seatRow(entry, kind, fields[i])));
  numberSeats();
}

/** The kind a new seat starts as: the game's own bot when it can seat one. */
function newSeatKind(entry) {
  return entry.seat_kinds.includes("reference") ? "reference" : entry.seat_kinds.find((k) => k !== "human") || entry.seat_kinds[0];
}

function numberSeats() {
  const rows = [...$("seat-rows").children];
  rows.forEach((row, i) => {
    row.querySelector("select").setAttribute("aria-label", `${t("form.seat", { n: i + 1 })}: ${t("form.seat.kind")}`);
    const remove = row.querySelector(".remove");
    remove.setAttribute("aria-label", t("form.seat.remove", { n: i + 1 }));
    remove.disabled = !lobby.entry || rows.length <= lobby.entry.min_seats;
  });
  $("add-seat").disabled = !lobby.entry || rows.length >= lobby.entry.max_seats;
  showApplicable(); // a seat's kind, added or gone, may bring or take options
}

// -- the form: the game and its presets --------------------------------------------------------

function presetOptions(entry) {
  const custom = new Option(t("form.preset.custom"), "");
  custom.dataset.i18n = "form.preset.custom";
  form.preset.replaceChildren(...entry.presets.map((p) => new Option(inLang(p.title), p.id)), custom);
  $("preset-field").hidden = !entry.presets.length;
}

function applyPreset(entry, id) {
  const preset = entry.presets.find((p) => p.id === id);
  if (!preset) return;
  for (const [name, made] of lobby.options) made.write(preset.options[name]);
  setSeats(entry, preset.seats, preset.seat_fields);
  form.invite_only.checked = Boolean(preset.invite_only);
  showApplicable();
}

function chooseGame(name) {
  const entry = gameEntry(name) || lobby.games[0];
  if (!entry) return;
  lobby.entry = entry;
  form.game.value = entry.name;
  offerTableLanguages(form.language, entry.languages);
  $("table-fields").dataset.game = entry.name;
  buildOptions(entry);
  presetOptions(entry);
  if (entry.presets.length) applyPreset(entry, entry.presets[0].id);
  else {
    const first = entry.seat_kinds.includes("human") ? "human" : newSeatKind(entry);
    setSeats(entry, [first, ...Array(Math.max(0, entry.min_seats - 1)).fill(newSeatKind(entry))]);
  }
  form.preset.value = entry.presets.length ? entry.presets[0].id : "";
  showApplicable();
}

function request() {
  const seats = [...$("seat-rows").children].map((row) => lobby.seats.get(row)());
  const body = { game: lobby.entry.name, options: options(), seats };
  // The host plays the first person's seat (unless they said not): it is theirs at once,
  // never offered to strangers in the lobby.
  const own = seats.findIndex((s) => s.kind === "human");
  if (form.creator_sits.checked && own >= 0) body.creator_seat = own;
  if (form.invite_only.checked) body.invite_only = true;
  return body;
}

// -- creating ----------------------------------------------------------------------------------

function alertForm(text) {
  const box = $("form-error");
  box.hidden = !text;
  box.textContent = text || "";
}

async function copy(text, copyButton) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const input = copyButton.parentElement.querySelector("input");
    input.select();
    document.execCommand("copy");
  }
  copyButton.textContent = t("created.copied");
  setTimeout(() => (copyButton.textContent = t("created.copy")), 2000);
}

function seatLink(s, tableLang) {
  const item = el("li", "link");
  if (!s.join_url) {
    item.append(el("span", null, t("created.bot", { name: s.name })));
    return item;
  }
  const url = new URL(s.join_url, location.origin); // relative unless the server has a public address
  url.searchParams.set("lang", tableLang);
  if (s.token) {
    // The host's own seat: its link carries the seat's token, not for sharing.
    const play = el("a", "button primary", t("created.play", { seat: s.name }));
    play.href = url.href;
    item.classList.add("own");
    item.append(el("span", null, t("created.yours", { name: s.name })), play);
    return item;
  }
  const label = el("label");
  label.append(el("span", null, `${s.name} (${s.seat})`));
  const input = el("input");
  Object.assign(input, { readOnly: true, value: url.href });
  label.append(input);
  const copyButton = button(t("created.copy"), () => copy(url.href, copyButton), "secondary copy");
  const play = el("a", "button primary", t("created.play", { seat: s.name }));
  play.href = url.href;
  item.append(label, copyButton, play);
  return item;
}

function showLinks(created, tableLang) {
  const named = created.seats.map((s, i) => ({ ...s, name: seatLabel(lobby.entry.name, { seat: s.seat, name: s.name, kind: s.kind, place: i + 1 }) }));
  $("links").replaceChildren(...named.map((s) => seatLink(s, tableLang)));
  // Anyone may watch: for a table of bots alone, that is the way to it.
  $("watch-link").href = `/play/${created.game_id}?lang=${tableLang}`;
  $("created").hidden = false;
  $("created").scrollIntoView({ behavior: "smooth" });
}

/** A refused option in the game's words when its catalogue has them (`form.<path>.refused`,
 * e.g. what a clash cap may be), since the server's sentence for an option is English. */
function optionRefusal(data) {
  const field = data && data.reason === "invalid_option" && typeof data.field === "string" ? data.field : "";
  const key = `form.${field.replace(/^options\./, "")}.refused`;
  return field.startsWith("options.") && has(key, lobby.entry.name) ? tg(lobby.entry.name, key) : "";
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
    alertForm(t("form.error", { message: optionRefusal(err.data) || refusalText(err.data) }));
  }
}

// -- the page ----------------------------------------------------------------------------------

async function readGames() {
  try {
    // Only games with a browser table can be set up here; the others are played elsewhere
    // (the terminal, the simulator) until their table exists.
    lobby.games = (await readCatalog()).filter((g) => g.web);
  } catch (err) {
    alertForm(refusalText(err.data));
    lobby.games = [];
  }
  await Promise.all(lobby.games.map((g) => loadGameCatalogue(g.name)));
}

/** After a language switch: the texts the server gives (titles, presets) in the new one. */
async function relabel() {
  await readGames();
  renderCatalog();
  if (lobby.entry) {
    lobby.entry = gameEntry(lobby.entry.name) || lobby.entry;
    const preset = form.preset.value;
    presetOptions(lobby.entry);
    form.preset.value = preset;
  }
  form.language.value = lang;
  translatePage();
  numberSeats();
  refresh();
}

async function main() {
  await loadCatalogue();
  await readGames();
  translatePage();
  form.language.value = lang;
  renderCatalog();
  // The form opens on the featured game (the flagship), else on the catalogue's first.
  const opening = (lobby.games.find((g) => g.featured) || lobby.games[0])?.name;
  chooseGame(opening);
  bindLangSwitch(relabel);
  form.game.addEventListener("change", () => chooseGame(form.game.value));
  form.preset.addEventListener("change", () => applyPreset(lobby.entry, form.preset.value));
  // A changed option, or another seat kind, makes the table the host's own (a name or an
  // age does not).
  const ownTable = () => (form.preset.value = "");
  for (const box of [$("main-options"), $("more-options")]) for (const kind of ["input", "change"]) box.addEventListener(kind, ownTable);
  $("seat-rows").addEventListener("change", (ev) => ev.target.name === "kind" && ownTable());
  for (const box of [$("main-options"), $("more-options"), $("seat-rows")]) box.addEventListener("change", showApplicable);
  // A game's further language (Japanese) is the table's only: the lobby keeps its own.
  form.language.addEventListener("change", () => lobbySpeaks(form.language.value) && setLang(form.language.value).then(relabel));
  $("add-seat").addEventListener("click", () => {
    $("seat-rows").append(seatRow(lobby.entry, newSeatKind(lobby.entry)));
    numberSeats();
    form.preset.value = "";
  });
  $("refresh").addEventListener("click", refresh);
  form.addEventListener("submit", submit);
  refresh();
}

main();
