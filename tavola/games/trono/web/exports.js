// The forum exports on the referees' page (issue 19, point 4): the turn's public post and
// one private message per team, as BBCode, each with a copy button and a download. The
// server decides who may read which text (GET /api/games/{id}/exports, `ctx.exports`).
import { button, el } from "/js/dom.js";
import { lang, t } from "/js/i18n.js";
import { personName } from "./people.js";

// Fetched once per game version and language: the table redraws on every update.
const cache = { key: null, texts: null, error: null, pending: null, view: null };

/** Copies `text` and says so on `control` for two seconds, then shows `label` again. */
export async function copy(text, area, control, label = t("exports.copy")) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    area.select(); // a page without the clipboard API: the old way
    document.execCommand("copy");
  }
  control.textContent = t("exports.copied");
  setTimeout(() => (control.textContent = label), 2000);
}

/** A team's private message goes to its members by their forum names (issue 27, point 8). */
function recipients(text) {
  if (!text.name.startsWith("pm-") || !cache.view) return null;
  const team = (cache.view.teams || {})[text.name.slice(3)];
  if (!team) return null;
  return team.members.map((u) => personName(null, cache.view, u)).join(", ");
}

/** Every team's message, each under its title with its recipients, in one file to paste
 * from (`tavola trono report --teams-all` prints the same). */
function allMessages(texts) {
  return texts
    .filter((text) => text.name.startsWith("pm-"))
    .map((text) => `===== ${text.title} =====\n${t("exports.recipients", { names: recipients(text) || "" })}\n\n${text.text}`)
    .join("\n");
}

function exportItem(text) {
  const item = el("li", "export");
  item.dataset.export = text.name;
  item.append(el("h3", null, text.title));
  const to = recipients(text);
  if (to !== null) {
    const line = el("p", "export-recipients");
    const names = el("input", "recipients-text");
    names.readOnly = true;
    names.value = to;
    names.setAttribute("aria-label", t("exports.recipients_label"));
    const label = t("exports.copy_recipients");
    const copyNames = button(label, () => copy(to, names, copyNames, label), "secondary copy-recipients");
    line.append(el("span", "recipients-label", t("exports.recipients", { names: "" }).trim()), " ", names, " ", copyNames);
    item.append(line);
  }
  const area = el("textarea", "export-text");
  area.readOnly = true;
  area.rows = 8;
  area.value = text.text;
  area.setAttribute("aria-label", text.title);
  const copyButton = button(t("exports.copy"), () => copy(text.text, area, copyButton), "secondary copy-export");
  const save = el("a", "download-export", t("exports.download"));
  save.href = URL.createObjectURL(new Blob([text.text], { type: "text/plain;charset=utf-8" }));
  save.download = `${text.filename}.txt`;
  const actions = el("div", "export-buttons");
  actions.append(copyButton, save);
  item.append(area, actions);
  return item;
}

function fill(box) {
  const list = box.querySelector(".export-list");
  if (cache.error) list.replaceChildren(el("li", "problem", cache.error));
  else if (cache.texts) list.replaceChildren(...cache.texts.map(exportItem));
  const all = box.querySelector(".all-messages");
  const joined = cache.texts ? allMessages(cache.texts) : "";
  all.hidden = !joined;
  if (!joined) return;
  const save = all.querySelector("a");
  save.href = URL.createObjectURL(new Blob([joined], { type: "text/plain;charset=utf-8" }));
  save.download = `${t("exports.all_file", { turn: (cache.view || {}).turn || 0 })}.txt`;
}

/** The referees' exports panel (null for anyone else, or a shell without exports). */
export function exportsPanel(payload, ctx) {
  if (!ctx.seat || !ctx.seat.startsWith("referee:") || !ctx.exports || ctx.replay) return null;
  const box = el("section", "exports");
  box.setAttribute("aria-label", t("exports.title"));
  box.append(el("h2", null, t("exports.title")), el("p", "exports-note", t("exports.note")));
  const all = el("p", "all-messages");
  all.hidden = true;
  all.append(el("a", "download-all-messages", t("exports.download_all")));
  box.append(all, el("ul", "export-list"));
  cache.view = payload.view;
  const key = `${payload.version}:${lang}`;
  if (cache.key === key) {
    fill(box);
    return box;
  }
  cache.key = key;
  cache.texts = null;
  cache.error = null;
  cache.pending = ctx
    .exports()
    .then((answer) => {
      if (cache.key === key) cache.texts = answer.exports;
    })
    .catch((err) => {
      if (cache.key === key) cache.error = err.message;
    })
    .finally(() => {
      for (const shown of document.querySelectorAll("section.exports")) fill(shown);
    });
  return box;
}
