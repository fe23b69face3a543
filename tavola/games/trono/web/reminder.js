// The missing posts on the referees' console (issue 27, point 4): from the reminder's
// time before the deadline (the season's setting, the server's clock), the teams that
// have not posted, by house and members, and the reminder to copy to the forum, in
// Italian BBCode as the forum reads it. The server says when (`missing_posts.due`).
import { button, el } from "/js/dom.js";
import { lang, t } from "/js/i18n.js";
import { copy } from "./exports.js";

/** The part of the console, or null while the reminder is not due. */
export function missingPosts(view) {
  const missing = view.missing_posts;
  if (view.phase !== "turn_open" || !missing || !missing.due) return null;
  const box = el("section", "console-part console-missing");
  const title = t("console.missing_title", { turn: view.turn });
  box.setAttribute("aria-label", title);
  box.append(el("h3", null, title));
  if (!missing.teams.length) {
    box.append(el("p", "all-posted", t("console.all_posted")));
    return box;
  }
  const list = el("ul", "missing-list");
  for (const team of missing.teams) {
    const item = el("li", "missing-team");
    item.dataset.house = team.key;
    item.append(el("strong", null, team.house), ` (${team.members.join(", ")})`);
    list.append(item);
  }
  // the forum's text is the season's language: Italian, whatever the console's words
  const text = missing.text.it || missing.text[lang];
  const area = el("textarea", "reminder-text");
  area.readOnly = true;
  area.rows = 6;
  area.value = text;
  area.setAttribute("aria-label", t("console.reminder_text"));
  const copyButton = button(t("console.reminder_copy"), () => copy(text, area, copyButton, t("console.reminder_copy")), "secondary copy-reminder");
  const row = el("p", "console-buttons");
  row.append(copyButton);
  box.append(list, el("p", "hint", t("console.reminder_hint")), area, row);
  return box;
}
