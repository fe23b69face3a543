// The person's own cards (tavola/games/seasons/DECISIONS.md, "The person's cards"): a card
// or another name added to the catalogue on this page is theirs, not this game's. Signed in,
// it is kept with the account (the game's saved "lineup" `mine`, PUT
// /api/me/lineups/seasons/mine, checked by the server); signed out, in this browser
// (localStorage). Every game the person opens gets them back: each one missing from the
// game's catalogue is sent as `add_catalogue_card`, one at a time, once per page.
import { whoAmI } from "/js/account.js";
import { api } from "/js/api.js";
import { send } from "./memory.js";
import { canAct } from "./ui.js";

const LOCAL = "tavola.seasons.my_cards";
const SAVED = "/api/me/lineups/seasons/mine";

let mine = null; // [{name, prestige, type} | {name, alias_of}] once read
let account = false; // where they are kept: true with the account, false in the browser
let reading = null;
let last = null; // {payload, ctx}: the latest drawn, to bring cards once they are read
const tried = new Set(); // names sent for this page already (a refused one is not sent again)

const key = (name) => String(name || "").trim().toLowerCase();

function fromBrowser() {
  try {
    const kept = JSON.parse(localStorage.getItem(LOCAL) || "[]");
    return Array.isArray(kept) ? kept.filter((e) => e && typeof e.name === "string") : [];
  } catch {
    return [];
  }
}

function read() {
  if (!reading)
    reading = whoAmI()
      .then(async (who) => {
        account = Boolean(who);
        if (!account) return fromBrowser();
        try {
          const list = await api("GET", "/api/me/lineups/seasons");
          const saved = (Array.isArray(list) ? list : []).find((e) => e && e.name === "mine");
          return saved && saved.lineup && Array.isArray(saved.lineup.cards) ? saved.lineup.cards : [];
        } catch {
          return [];
        }
      })
      .catch(() => fromBrowser())
      .then((cards) => {
        mine = cards;
        if (last) bringMine(last.payload, last.ctx);
      });
  return reading;
}

async function keep() {
  if (!account) {
    localStorage.setItem(LOCAL, JSON.stringify(mine));
    return;
  }
  try {
    await api("PUT", SAVED, { body: { lineup: { cards: mine } } });
  } catch {
    // The server refused the list (an entry it cannot check): this browser keeps it.
    localStorage.setItem(LOCAL, JSON.stringify(mine));
  }
}

/** The entry an accepted `add_catalogue_card` adds to the person's cards: an alias names
 * its card by name (ids of added cards differ from game to game). */
function entryOf(action, catalogue) {
  if (action.alias_of) {
    const card = catalogue[action.alias_of];
    return { name: action.name, alias_of: card ? card.name : action.alias_of };
  }
  return { name: action.name, prestige: action.prestige, type: action.card_type };
}

/** After this page's `add_catalogue_card` was accepted: the card is the person's too. */
export async function rememberCard(action, payload) {
  await read();
  if (mine.some((e) => key(e.name) === key(action.name))) return;
  mine = [...mine, entryOf(action, (payload.view && payload.view.catalogue) || {})];
  tried.add(key(action.name));
  await keep();
}

function names(catalogue) {
  const known = new Set();
  for (const card of Object.values(catalogue || {})) {
    known.add(key(card.name));
    for (const alias of card.aliases || []) known.add(key(alias));
  }
  return known;
}

/** Sends the next of the person's cards this game's catalogue lacks, if the page may act. */
export function bringMine(payload, ctx) {
  last = { payload, ctx };
  if (mine === null) {
    read();
    return;
  }
  const view = payload.view || {};
  if (ctx.busy || !canAct(ctx) || view.phase === "FINISHED") return;
  const known = names(view.catalogue);
  const next = mine.find((e) => !known.has(key(e.name)) && !tried.has(key(e.name)));
  if (!next) return;
  tried.add(key(next.name));
  const action = next.alias_of
    ? { type: "add_catalogue_card", name: next.name, alias_of: next.alias_of }
    : { type: "add_catalogue_card", name: next.name, prestige: next.prestige, card_type: next.type };
  send(ctx, payload, action);
}
