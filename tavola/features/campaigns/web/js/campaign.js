// A campaign's page (/campaigns/{id}): its games, its party and how much each member keeps
// between them, the reader's choice between games when it is theirs, and the link into the
// table being played, in the words of the campaign's game (its catalogue may name a game
// its own way). /campaigns/new creates one of a game's ready-made campaigns (from the
// lobby's "Campaign" button).
import { api, refusalText } from "./api.js";
import { el } from "./dom.js";
import { bindLangSwitch, lang, loadCatalogue, loadGameCatalogue, t, tn, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 2000;

const campaignId = decodeURIComponent(location.pathname.split("/")[2] || "");
const key = `tavola.campaign.${campaignId}`;
let held = null; // {seat, token} of the reader's seat, kept in this browser
let seen = null; // the server's last answer
let timer = null;

function showError(node, text) {
  node.hidden = !text;
  node.textContent = text || "";
}

function saved() {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

/** The link's seat: its token kept, or its invite spent for one (the secret then leaves
 * the address bar). */
async function takeSeat() {
  const seat = new URLSearchParams(location.search).get("seat");
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("token");
  const invite = fragment.get("invite");
  if (seat && (token || invite)) {
    history.replaceState(null, "", location.pathname + location.search);
    if (token) localStorage.setItem(key, JSON.stringify({ seat, token }));
    else if (saved()?.seat !== seat) {
      try {
        const joined = await api("POST", `/api/campaigns/${campaignId}/seats/${seat}/join`, { body: { invite } });
        localStorage.setItem(key, JSON.stringify({ seat: joined.seat, token: joined.token }));
      } catch (err) {
        showError($("campaign-error"), refusalText(err.data));
      }
    }
  }
  held = saved();
}

// -- reading ---------------------------------------------------------------------------------

async function read() {
  try {
    seen = await api("GET", `/api/campaigns/${campaignId}`, { token: held?.token, withLang: true });
    showError($("campaign-error"), "");
    await speakGame(seen.game);
  } catch (err) {
    showError($("campaign-error"), refusalText(err.data));
    schedule(); // a lost connection: tried again while the campaign goes on
    return;
  }
  render();
  schedule();
}

/** The page waits on the server: a game is being played, or another seat is choosing. */
function waiting() {
  return Boolean(seen) && seen.status !== "over" && !seen.choice;
}

/** The next read, while the page is waiting and visible: a page in a background tab asks
 * nothing, and reads again as soon as it is shown (`shown`). */
function schedule() {
  clearTimeout(timer);
  timer = null;
  if (waiting() && document.visibilityState === "visible") timer = setTimeout(read, POLL_MS);
}

function shown() {
  if (document.visibilityState !== "visible") schedule(); // stops the reads
  else if (waiting()) read();
}

// -- showing ---------------------------------------------------------------------------------

function statusText() {
  const result = seen.result;
  if (result) return t(result.won ? "campaign.status.won" : "campaign.status.lost");
  if (seen.choice) return t("campaign.status.choice_mine");
  if (seen.awaiting) return t("campaign.status.choice_other", { name: seen.awaiting.name });
  if (seen.status === "playing") return t("campaign.status.playing", { number: seen.table.number });
  return t("campaign.status.due");
}

function renderTableLink() {
  const link = $("table-link");
  link.hidden = !seen.table;
  if (!seen.table) return;
  const { game_id: gameId, number } = seen.table;
  const mine = seen.seat && seen.seats.some((s) => s.seat === seen.seat && s.kind === "human");
  link.textContent = t(mine ? "campaign.play" : "campaign.watch", { number });
  link.href = mine
    ? `/play/${gameId}?seat=${encodeURIComponent(seen.seat)}#token=${encodeURIComponent(held.token)}`
    : `/play/${gameId}`;
}

/** A game of the campaign as the game's view gives it (`Campaigns.campaign_view`). */
function gameState(game) {
  const parts = [];
  if (game.won) parts.push(t("campaign.state.won"));
  else if (seen.view.next_game === game.number) parts.push(t("campaign.state.next"));
  else parts.push(t("campaign.state.to_play"));
  if (game.lost) parts.push(tn("campaign.state.lost", game.lost));
  return parts.join(", ");
}

function renderGames() {
  $("games").replaceChildren(
    ...seen.view.games.map((game) => {
      const item = el("li", game.won ? "won" : "");
      item.dataset.number = game.number;
      item.append(el("strong", null, t("campaign.game", { number: game.number })), ` — ${gameState(game)}`);
      return item;
    }),
  );
}

function renderParty() {
  const taken = new Map(seen.seats.map((s) => [s.seat, s]));
  $("party").tBodies[0].replaceChildren(
    ...seen.view.party.map((member) => {
      const row = el("tr", member.seat === seen.seat ? "me" : "");
      row.dataset.seat = member.seat;
      const who = member.seat === seen.seat ? "you" : member.kind === "human" ? "human" : "bot";
      const seat = taken.get(member.seat);
      const whoText = t(`campaign.who.${who}`) + (who === "human" && seat && !seat.taken ? ` (${t("campaign.who.free")})` : "");
      row.append(el("td", "name", member.name), el("td", "who", whoText), el("td", "number holds", String(member.holds)));
      return row;
    }),
  );
  $("lines").replaceChildren(...seen.lines.map((line) => el("li", null, line)));
}

function renderChoice() {
  const choice = seen.choice;
  $("choice").hidden = !choice;
  if (!choice) return;
  const several = choice.limit !== null;
  $("choice-question").textContent = choice.question;
  $("choice-limit").textContent = several ? tn("campaign.choice.limit", choice.limit) : "";
  $("choice-options").replaceChildren(
    ...choice.options.map((option, i) => {
      const input = el("input");
      input.type = several ? "checkbox" : "radio";
      input.name = "option";
      input.value = String(i);
      input.addEventListener("change", countChosen);
      const label = el("label");
      label.append(input, ` ${option.label}`);
      const item = el("li");
      item.append(label);
      return item;
    }),
  );
  showError($("choice-error"), "");
  countChosen();
}

function chosen() {
  return [...$("choice-options").querySelectorAll("input:checked")].map((i) => seen.choice.options[Number(i.value)].value);
}

function countChosen() {
  const choice = seen.choice;
  if (!choice || choice.limit === null) {
    $("choice-count").textContent = "";
    return;
  }
  $("choice-count").textContent = t("campaign.choice.count", { chosen: chosen().length, limit: choice.limit });
}

function render() {
  $("campaign-main").hidden = false;
  $("campaign-status").textContent = statusText();
  const retries = seen.view.retries_left;
  $("campaign-retries").textContent = seen.result || retries === null ? "" : tn("campaign.retries", retries);
  $("campaign-next").textContent = seen.next ? seen.next.title : "";
  renderTableLink();
  renderGames();
  renderParty();
  renderChoice();
}

// -- choosing --------------------------------------------------------------------------------

async function submitChoice(event) {
  event.preventDefault();
  const choice = seen.choice;
  const values = chosen();
  if (choice.limit === null && values.length !== 1) {
    showError($("choice-error"), t("campaign.choice.pick_one"));
    return;
  }
  const argument = choice.limit === null ? values[0] : values;
  const action = { type: choice.action, [choice.argument]: argument };
  $("choice-submit").disabled = true;
  try {
    await api("POST", `/api/campaigns/${campaignId}/choices`, { token: held?.token, body: { action, version: seen.version } });
    await read();
  } catch (err) {
    showError($("choice-error"), refusalText(err.data));
  } finally {
    $("choice-submit").disabled = false;
  }
}

// -- a new campaign --------------------------------------------------------------------------

async function create(event) {
  event.preventDefault();
  const form = event.target;
  const game = new URLSearchParams(location.search).get("game") || "";
  const party = [{ kind: "human", name: form.name.value.trim() }];
  for (let i = 1; i <= Number(form.bots.value); i++) party.push({ kind: "bot", name: t("campaign.new.bot_name", { n: i }) });
  try {
    const created = await api("POST", "/api/campaigns", { body: { game, party, creator_seat: 0 } });
    const own = created.seats.find((s) => s.token);
    location.assign(`/campaigns/${created.campaign_id}?seat=${own.seat}#token=${own.token}`);
  } catch (err) {
    showError($("campaign-error"), refusalText(err.data));
  }
}

/** The campaign's game speaks on this page in its own words (its catalogue first), once
 * known: it may call its games, and what its party keeps, its own way. */
let spoken = null;
async function speakGame(game) {
  if (!game || spoken === game) return;
  spoken = game;
  await loadGameCatalogue(game, { table: true });
  translatePage();
}

async function main() {
  await loadCatalogue();
  translatePage();
  document.documentElement.lang = lang;
  bindLangSwitch(() => {
    document.documentElement.lang = lang;
    if (campaignId !== "new") read();
  });
  if (campaignId === "new") {
    await speakGame(new URLSearchParams(location.search).get("game"));
    $("campaign-new").hidden = false;
    $("new-form").addEventListener("submit", create);
    return;
  }
  $("choice-form").addEventListener("submit", submitChoice);
  await takeSeat();
  await read();
  document.addEventListener("visibilitychange", shown);
}

main();
