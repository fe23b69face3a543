// The lineup step of a custom table (§4): the player submits a preset the table's rules
// accept, or one of the lineups saved with their account (GET /api/me/lineups/league,
// asked only once the shell knows someone is signed in, so a signed-out page makes no
// failing request; signed out, or a server without saved lineups, leaves the presets
// alone). The presets are the server's legal actions; a saved lineup is sent as it is,
// and the server checks it.
import { whoAmI } from "/js/account.js";
import { button, el } from "/js/dom.js";
import { t, tn } from "/js/i18n.js";
import { CONTENT, gimmickName, legendName, listing, presetName } from "./words.js";

let saved = null; // the account's saved lineups once read ([] when there are none to offer)
let asked = null;

function readSaved() {
  if (!asked)
    asked = whoAmI()
      .then((account) => (account ? fetch("/api/me/lineups/league", { credentials: "same-origin", headers: { Accept: "application/json" } }) : null))
      .then((res) => (res && res.ok ? res.json() : []))
      .catch(() => [])
      .then((body) => {
        const list = Array.isArray(body) ? body : (body && body.lineups) || [];
        saved = list.filter((entry) => entry && typeof entry.name === "string" && entry.lineup && typeof entry.lineup === "object");
        for (const node of document.querySelectorAll(".saved-lineups")) fillSaved(node, node.act);
      });
  return asked;
}

/** What a lineup is, in a line: its gimmick stage, its legends, its deck's size. */
function lineupLine(gimmick, legends, deckSize) {
  return t("table.lineup_line", { gimmick: gimmickName(gimmick), legends: listing(legends.map(legendName)), deck: tn("table.cards", deckSize) });
}

function fillSaved(node, act) {
  node.replaceChildren(el("h3", null, t("table.saved_lineups")));
  if (saved === null) {
    node.append(el("p", "empty", t("table.saved_reading")));
    return;
  }
  if (!saved.length) {
    node.append(el("p", "empty", t("table.saved_none")));
    return;
  }
  const list = el("ul", "lineup-list");
  for (const entry of saved) {
    const { team = [], gimmick = "none", deck = [] } = entry.lineup;
    const legends = team.map((e) => (typeof e === "string" ? e : e.legend_id));
    const item = el("li", "lineup-choice");
    const pickIt = button(entry.name, () => act({ type: "submit_lineup", team, gimmick, deck }), "primary", `saved:${entry.name}`);
    item.append(pickIt, el("p", "lineup-line", lineupLine(gimmick, legends, deck.length)));
    list.append(item);
  }
  node.append(list);
}

/** The lineup step for `me`: the presets offered (legal) and the saved lineups. */
export function lineupPanel(payload, me, ctx) {
  const box = el("section", "lineup-step");
  box.append(el("h2", null, t("table.choose_lineup")));
  const offered = (payload.legal || []).filter((a) => a.type === "submit_lineup" && a.preset);
  const busy = ctx.busy || ctx.replay;
  if (offered.length) {
    const presets = el("div", "presets");
    presets.append(el("h3", null, t("table.presets")));
    const list = el("ul", "lineup-list");
    for (const action of offered) {
      const data = (CONTENT.presets || {})[action.preset] || { team: [], gimmick: "none", deck_size: 0 };
      const item = el("li", "lineup-choice");
      const pickIt = button(presetName(action.preset), () => ctx.act(action), "primary", `preset:${action.preset}`);
      pickIt.disabled = busy;
      item.append(pickIt, el("p", "lineup-line", lineupLine(data.gimmick, data.team, data.deck_size)));
      list.append(item);
    }
    presets.append(list);
    box.append(presets);
  }
  const mine = el("div", "saved-lineups");
  mine.act = (action) => !busy && ctx.act(action);
  fillSaved(mine, mine.act);
  box.append(mine);
  readSaved();
  return box;
}
