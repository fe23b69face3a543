// The roster's lineups: start from a preset, and for a signed-in account the lineups it
// keeps on the server (saved under a name, loaded, deleted). The server saves only a lineup
// its check accepts; a refusal is shown in words beside the form.
import { button, el } from "/js/dom.js";
import { problemText } from "./roster-team.js";

const NAME_MAX = 40;
const path = (name) => `/api/me/lineups/league/${encodeURIComponent(name)}`;

/** The saved lineups, newest first, whichever way the list is wrapped. */
function listOf(answer) {
  return Array.isArray(answer) ? answer : answer.lineups || [];
}

export function lineupsPanel(page) {
  const node = el("section", "panel roster-lineups");
  node.id = "lineups";
  let saved = []; // the account's lineups as the server last listed them
  let drawnIn = null; // the language the panel was last drawn in
  let message = null; // what the last save or delete said: {text, problems, error}
  let nameInput = null;
  let typed = ""; // the name in the form, kept across redraws
  const account = page.ctx.account;

  async function readSaved() {
    try {
      saved = listOf(await page.ctx.api("GET", "/api/me/lineups/league"));
    } catch (err) {
      saved = [];
      message = { error: page.ctx.refusalText(err.data) };
    }
    redraw();
  }

  async function save() {
    const name = nameInput.value.trim();
    if (!name) {
      message = { error: page.say("saved.name_needed") };
      return redraw();
    }
    try {
      await page.ctx.api("PUT", path(name), { body: { lineup: page.lineup } });
      page.name = typed = name;
      message = { text: page.say("saved.done", { name }) };
      await readSaved();
    } catch (err) {
      const problems = (err.data && err.data.problems) || [];
      message = problems.length ? { error: page.say("saved.refused"), problems } : { error: page.ctx.refusalText(err.data) };
      redraw();
    }
  }

  async function remove(name) {
    try {
      await page.ctx.api("DELETE", path(name));
      message = { text: page.say("saved.deleted", { name }) };
      await readSaved();
    } catch (err) {
      message = { error: page.ctx.refusalText(err.data) };
      redraw();
    }
  }

  function presets() {
    const field = el("div", "preset-field");
    const label = el("label");
    label.append(el("span", null, page.say("preset.label")));
    const select = el("select", "preset");
    select.name = "preset";
    for (const preset of page.catalog.presets) select.append(new Option(preset.name, preset.id));
    label.append(select);
    const use = button(page.say("preset.use"), () => {
      const preset = page.catalog.presets.find((p) => p.id === select.value);
      if (!preset) return;
      message = { text: page.say("preset.loaded", { name: preset.name }) };
      page.load(preset.lineup);
      redraw();
    }, "secondary use-preset");
    field.append(label, use);
    return field;
  }

  function savedItem(entry) {
    const item = el("li", "saved-lineup");
    item.dataset.name = entry.name;
    item.append(el("span", "saved-name", entry.name));
    const load = button(page.say("saved.load"), () => {
      message = { text: page.say("saved.loaded", { name: entry.name }) };
      page.load(entry.lineup, entry.name);
      typed = entry.name;
      redraw();
    }, "secondary load-lineup");
    load.setAttribute("aria-label", page.say("saved.load_label", { name: entry.name }));
    const drop = button(page.say("saved.delete"), () => remove(entry.name), "danger delete-lineup");
    drop.setAttribute("aria-label", page.say("saved.delete_label", { name: entry.name }));
    const actions = el("span", "saved-actions");
    actions.append(load, drop);
    item.append(actions);
    return item;
  }

  function saving() {
    const form = el("form", "save-form");
    const label = el("label");
    label.append(el("span", null, page.say("saved.name")));
    nameInput = el("input");
    Object.assign(nameInput, { name: "lineup-name", maxLength: NAME_MAX, autocomplete: "off", value: typed });
    nameInput.addEventListener("input", () => (typed = nameInput.value));
    label.append(nameInput);
    const submit = el("button", "primary save-lineup", page.say("saved.save"));
    submit.type = "submit";
    form.append(label, submit);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      save();
    });
    const box = el("div", "saved");
    box.append(form);
    if (message) {
      const said = el("p", message.error ? "error save-message" : "save-message", message.error || message.text);
      said.setAttribute("role", message.error ? "alert" : "status");
      box.append(said);
      if (message.problems) {
        const list = el("ul", "roster-problems inline");
        for (const problem of message.problems) list.append(el("li", "problem", problemText(page, problem)));
        box.append(list);
      }
    }
    box.append(el("h3", null, page.say("saved.title")));
    const list = el("ul", "saved-list");
    for (const entry of saved) list.append(savedItem(entry));
    if (!saved.length) list.append(el("li", "empty", page.say("saved.none")));
    box.append(list);
    return box;
  }

  function signIn() {
    // One sentence per language, the link's words marked inside it: where the link falls
    // is the language's business (Japanese puts it mid-sentence).
    const [before, linked, after] = page.say("saved.sign_in").split(/<\/?link>/);
    const line = el("p", "sign-in-hint");
    const link = el("a", null, linked);
    link.href = `/signin?next=${encodeURIComponent(location.pathname)}`;
    line.append(before, link, after);
    if (message) return [line, el("p", "save-message", message.text || message.error)];
    return [line];
  }

  function redraw() {
    if (!page.catalog) return;
    drawnIn = page.lang();
    node.replaceChildren(el("h2", null, page.say("lineups.title")), presets());
    if (account) node.append(saving());
    else node.append(...signIn());
  }

  return {
    node,
    start() {
      if (account) readSaved();
    },
    // Redrawn only when its own things change (a check's answer must not reset the name
    // being typed), or in another language.
    draw() {
      if (drawnIn !== page.lang()) redraw();
    },
  };
}
