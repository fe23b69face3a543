// One balance report's page (/reports/NAME, the link a designer shares): its facts and
// files around the report's own HTML, shown as it is in a sandboxed frame.
import "./account-bar.js";
import { el } from "./dom.js";
import { lang, t } from "./i18n.js";
import { dateText, errorText, gamesText, gameText, kindText, opened } from "./report-words.js";

const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
let report = null;
let titles = new Map();

function facts() {
  const parts = [kindText(report.kind), gameText(titles, report.game), dateText(report.date)];
  if (report.games != null) parts.push(t("reports.games_played", { games: gamesText(report.games) }));
  return parts.join(" · ");
}

function render() {
  if (!report) return;
  document.title = `${report.title} · Tavola`;
  $("report-title").textContent = report.title;
  $("report-facts").textContent = facts();
  $("report-english").hidden = lang === "en";
}

function showFiles() {
  const links = report.files.map((file) => {
    const link = el("a", null, file);
    link.href = `${report.url}/${encodeURIComponent(file)}`;
    link.target = "_blank";
    link.rel = "noopener";
    return link;
  });
  $("report-files").replaceChildren(...links.flatMap((link, i) => (i ? [", ", link] : [link])));
}

async function copyLink() {
  const input = $("report-link");
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  $("copy-link").textContent = t("created.copied");
  setTimeout(() => ($("copy-link").textContent = t("created.copy")), 2000);
}

function retitled(now) {
  titles = now;
  render();
}

async function main() {
  try {
    [report, titles] = await opened(`/api/reports/${encodeURIComponent(name)}`, retitled);
  } catch (err) {
    $("report-error").hidden = false;
    $("report-error").textContent = errorText(err);
    return;
  }
  $("report-link").value = new URL(report.url, location.origin).href;
  $("copy-link").addEventListener("click", copyLink);
  $("report-alone").href = report.report_url;
  showFiles();
  render();
  $("report-head").hidden = false;
  const frame = $("report-frame");
  frame.src = report.report_url;
  frame.hidden = false;
}

main();
