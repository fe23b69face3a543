// The list of balance reports (/reports): each finished run's report the server's reports
// folder holds, newest first, with a link to its page.
import "./account-bar.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { dateText, errorText, gamesText, gameText, kindText, opened } from "./report-words.js";

const $ = (id) => document.getElementById(id);
let listed = null;
let titles = new Map();

function row(report) {
  const tr = el("tr", "report");
  tr.dataset.name = report.name;
  const name = el("td", "report-name");
  const link = el("a", null, report.title);
  link.href = report.url;
  name.append(link, el("span", "folder", report.name));
  tr.append(
    name,
    el("td", "report-game", gameText(titles, report.game)),
    el("td", "report-date", dateText(report.date)),
    el("td", "report-games", gamesText(report.games)),
    el("td", "report-kind", kindText(report.kind)),
  );
  return tr;
}

function render() {
  if (listed === null) return;
  const none = listed.length === 0;
  $("reports-empty").hidden = !none;
  $("reports-empty").textContent = none ? t("reports.empty") : "";
  $("reports-wrap").hidden = none;
  $("reports").tBodies[0].replaceChildren(...listed.map(row));
}

function retitled(now) {
  titles = now;
  render();
}

async function main() {
  try {
    [listed, titles] = await opened("/api/reports", retitled);
  } catch (err) {
    $("reports-error").hidden = false;
    $("reports-error").textContent = t("reports.error", { message: errorText(err) });
    return;
  }
  render();
}

main();
