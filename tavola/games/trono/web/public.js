// Gioco del Trono's public page (issue 19, point 4): the season's announcements — the open
// turn with its deadline in Rome time, each turn's results (who sits on the Throne and the
// Tower, who stepped down and who climbed, eliminations), the winners — and the standings.
// Every word comes from the server's `board`, built from the public view alone (§8), so
// this page can show nothing a team keeps secret, whoever looks at it.
import { el } from "/js/dom.js";
import { lang } from "/js/i18n.js";

function announcements(board) {
  const box = el("section", "announcements");
  box.setAttribute("aria-label", board.title);
  box.append(el("h2", null, board.title));
  if (!board.announcements.length) {
    box.append(el("p", "empty", board.nothing_yet));
    return box;
  }
  const list = el("ol", "announcement-list");
  for (const block of board.announcements) {
    const item = el("li", "announcement");
    item.append(el("h3", null, block.title));
    if (block.lines.length) {
      const lines = el("ul", "announcement-lines");
      for (const line of block.lines) lines.append(el("li", null, line));
      item.append(lines);
    }
    list.append(item);
  }
  box.append(list);
  return box;
}

function standings(table) {
  const box = el("section", "standings");
  box.setAttribute("aria-label", table.title);
  box.append(el("h2", null, table.title));
  const list = el("ul", "standing-list");
  for (const row of table.rows) {
    const item = el("li", `standing${row.out ? " out" : ""}`);
    item.append(el("strong", "standing-house", row.house));
    item.append(el("span", "standing-members", row.members));
    const facts = [row.seat, row.status, row.params].filter(Boolean).join(" · ");
    item.append(el("span", "standing-facts", facts));
    list.append(item);
  }
  box.append(list);
  box.append(el("p", "standings-note", table.note));
  return box;
}

/** The announcements and standings in the page's language (null: the view has none). */
export function publicBoard(view) {
  const boards = view.board || {};
  const board = boards[lang] || boards.it;
  if (!board) return null;
  const page = document.createDocumentFragment();
  page.append(announcements(board));
  if (board.standings.rows.length) page.append(standings(board.standings));
  return page;
}
