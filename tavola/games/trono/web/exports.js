// The forum exports on the referees' page (issue 19, point 4): the turn's public post and
// one private message per team, as BBCode, each with a copy button and a download. The
// server decides who may read which text (GET /api/games/{id}/exports, `ctx.exports`).
import { button, el } from "/js/dom.js";
import { lang, t } from "/js/i18n.js";

// Fetched once per game version and language: the table redraws on every update.
const cache = { key: null, texts: null, error: null, pending: null };

async function copy(text, area, control) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    area.select(); // a page without the clipboard API: the old way
    document.execCommand("copy");
  }
  control.textContent = t("exports.copied");
  setTimeout(() => (control.textContent = t("exports.copy")), 2000);
}

function exportItem(text) {
  const item = el("li", "export");
  item.dataset.export = text.name;
  item.append(el("h3", null, text.title));
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
}

/** The referees' exports panel (null for anyone else, or a shell without exports). */
export function exportsPanel(payload, ctx) {
  if (!ctx.seat || !ctx.seat.startsWith("referee:") || !ctx.exports || ctx.replay) return null;
  const box = el("section", "exports");
  box.setAttribute("aria-label", t("exports.title"));
  box.append(el("h2", null, t("exports.title")), el("p", "exports-note", t("exports.note")));
  box.append(el("ul", "export-list"));
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
