// Gioco del Trono at the browser's table (tavola/web/DECISIONS.md, "A game's table
// module"): the public bulletin of a game (the turn, the Throne and the Tower, each house's
// public facts, the last published turn), as anyone watching sees it; a player of a live
// season sees their team's own page first (team.js): the houses' posts and reports are
// theirs alone (§8), and only their own team's reach this page.
import { plainPath } from "/js/chooser.js";
import { el } from "/js/dom.js";
import { t, tn } from "/js/i18n.js";
import { CONSOLE_ACTIONS, refereeConsole } from "./console.js";
import { personName, refereeName } from "./people.js";
import { teamPage } from "./team.js";
import { signUpPage } from "./signup.js";
import { publicBoard } from "./public.js";
import { exportsPanel } from "./exports.js";
import { dayOf, dayText, romeTime } from "./dates.js";

/** Each house's Lotto wheel (§3.1, fixed by the document). */
const WHEEL = {
  tully: "BA",
  greyjoy: "CA",
  tyrell: "FI",
  arryn: "GE",
  lannister: "MI",
  targaryen: "NA",
  martell: "PA",
  baratheon: "RM",
  stark: "TO",
  bolton: "VE",
};

/** How many numbers of a wheel give a house its action values (R30). */
const USED_NUMBERS = 3;

function houseName(view, key) {
  if (!key) return t("bulletin.nobody");
  const team = (view.teams || {})[key];
  if (!team) return key;
  return team.display_name || t("bulletin.team", { no: team.team_no });
}

const houseList = (view, keys) => keys.map((key) => houseName(view, key)).join(", ");

const day = dayText;

function line(className, text) {
  return el("p", className, text);
}

// -- the bulletin --------------------------------------------------------------------------

function turnText(view) {
  return view.turn ? t("bulletin.turn_of", { turn: view.turn, max: view.max_turns }) : t("bulletin.no_turn_yet");
}

function summary(view) {
  const box = el("section", "bulletin");
  box.setAttribute("aria-label", t("bulletin.title"));
  box.append(el("h2", null, t("bulletin.title")));
  box.append(line("turn", turnText(view)));
  if (!view.result) box.append(line("phase", t(`phase.${view.phase}`)));
  const seats = view.seats || {};
  const held = el("dl", "seats-held");
  const seat = (key, house) => {
    const pair = el("div", `held held-${key}`);
    pair.append(el("dt", null, t(`seat.${key}`)), el("dd", null, houseName(view, house)));
    held.append(pair);
  };
  if (seats.throne || view.turn) seat("throne", seats.throne);
  if (seats.tower_exists || seats.tower) seat("tower", seats.tower);
  if (held.children.length) box.append(held);
  const result = view.result;
  if (result) {
    const ending = el("div", "ending");
    ending.append(el("h3", null, t("bulletin.game_over")));
    if (result.king) ending.append(line("king", t("bulletin.king", { house: houseList(view, result.king.split(",")) })));
    if (result.hand) ending.append(line("hand", t("bulletin.hand", { house: houseList(view, result.hand.split(",")) })));
    ending.append(line("reason", t(`end.reason.${result.reason}`)));
    box.append(ending);
  }
  return box;
}

// -- the houses ------------------------------------------------------------------------------

function lastTurnDraw(view) {
  const draws = (view.draws || []).filter((d) => d.purpose === "turn");
  return draws.length ? draws[draws.length - 1] : null;
}

function numbers(draw, wheel) {
  const drawn = (draw.numbers || {})[wheel] || [];
  const row = el("p", "numbers");
  row.append(el("span", "numbers-label", t("house.numbers", { turn: draw.turn, wheel: t(`wheel.${wheel}`) })));
  drawn.forEach((n, i) => row.append(el(i < USED_NUMBERS ? "strong" : "span", "number", String(n).padStart(2, "0"))));
  return row;
}

function house(view, key, team, draw, me) {
  const seats = view.seats || {};
  const out = team.status !== "active";
  const item = el("li", `house${out ? " out" : ""}`);
  item.dataset.house = key;
  const head = el("header", "house-head");
  head.append(el("h3", "house-name", houseName(view, key)));
  const badges = el("ul", "badges");
  const badge = (kind, text) => badges.append(el("li", `badge badge-${kind}`, text));
  if (seats.throne === key) badge("throne", t("seat.throne"));
  if (seats.tower === key) badge("tower", t("seat.tower"));
  if (out) badge("out", team.eliminated_turn ? t("house.eliminated_in", { turn: team.eliminated_turn }) : t("house.eliminated"));
  if (me && team.members.includes(me)) badge("mine", t("house.yours"));
  head.append(badges);
  item.append(head);
  const wheel = WHEEL[team.house];
  if (wheel) item.append(line("wheel", t("house.wheel", { wheel: t(`wheel.${wheel}`) })));
  const shown = (user) => personName(null, view, user);
  item.append(line("members", t("house.members", { names: team.members.map(shown).join(", ") })));
  // The parameters are the house's secret until the end, unless the table reveals them (§8).
  if (team.soldiers !== undefined)
    item.append(line("params", t("house.params", { soldiers: team.soldiers, chests: team.chests, banners: team.banners })));
  if (draw && wheel && !out) item.append(numbers(draw, wheel));
  return item;
}

function houses(view, me) {
  const box = el("section", "houses");
  box.setAttribute("aria-label", t("house.title"));
  box.append(el("h2", null, t("house.title")));
  const teams = Object.entries(view.teams || {}).sort((a, b) => a[1].team_no - b[1].team_no);
  if (!teams.length) {
    box.append(line("empty", t("house.none_yet")));
    return box;
  }
  const list = el("ul", "house-list");
  const draw = lastTurnDraw(view);
  for (const [key, team] of teams) list.append(house(view, key, team, draw, me));
  box.append(list);
  return box;
}

// -- the last published turn --------------------------------------------------------------------

function lastTurn(view) {
  const bulletins = view.bulletins || [];
  if (!bulletins.length) return null;
  const last = bulletins[bulletins.length - 1];
  const box = el("section", "last-turn");
  box.setAttribute("aria-label", t("bulletin.last_turn", { turn: last.turn }));
  box.append(el("h2", null, t("bulletin.last_turn", { turn: last.turn })));
  const draw = (view.draws || []).find((d) => d.purpose === "turn" && d.turn === last.turn);
  const facts = el("ul", "facts");
  const fact = (text) => facts.append(el("li", null, text));
  if (draw) fact(t("bulletin.draw_of", { date: dayOf(draw.date) }));
  fact(t("bulletin.throne", { house: houseName(view, last.throne) }));
  if (last.tower) fact(t("bulletin.tower", { house: houseName(view, last.tower) }));
  if ((last.eliminated || []).length) fact(t("bulletin.eliminated", { houses: houseList(view, last.eliminated) }));
  if (last.tower_removed) fact(t("bulletin.tower_removed"));
  if ((last.winners || []).length) fact(t("bulletin.winners", { houses: houseList(view, last.winners) }));
  if (last.corrected) fact(t("bulletin.corrected"));
  box.append(facts);
  return box;
}

// -- what the shell asks ------------------------------------------------------------------------

function userOf(seat) {
  const [kind, user] = seat.split(":");
  return { kind, user: user || seat };
}

export function render(payload, ctx) {
  const view = payload.view;
  const me = ctx.seat ? userOf(ctx.seat).user : null;
  const board = document.createDocumentFragment();
  const signing = signUpPage(payload, ctx); // a player while registration is open
  if (signing) board.append(signing);
  const own = teamPage(payload, ctx);
  if (own) board.append(own);
  const desk = refereeConsole(payload, ctx); // a referee's seat: the referees' console
  if (desk) board.append(desk);
  board.append(summary(view));
  const announced = publicBoard(view);
  if (announced) board.append(announced);
  const forum = exportsPanel(payload, ctx);
  if (forum) board.append(forum);
  board.append(houses(view, me));
  const last = lastTurn(view);
  if (last) board.append(last);
  return { board, side: null };
}

/** A player's sign-up (signup.js), a team's house ranking and post (team.js) are built on
 * their own page, never from the list of actions the engine offers bots; a referee's
 * steps are the console's (console.js); anything else is the shell's plain choice. */
export function path(action, payload, ctx) {
  if (["submit_post", "submit_house_ranking", "register"].includes(action.type)) return null;
  const referee = ctx && ctx.seat && ctx.seat.startsWith("referee:") && payload && payload.view.calendar;
  return referee && CONSOLE_ACTIONS.has(action.type) ? null : plainPath(action);
}

/** "Bot 2 (Greyjoy)": a player by name with the house they play for; a referee as such
 * ("Marta (arbitro)", or "Arbitro 2" for a seat nobody named). */
export function seatName(payload, seat) {
  const { kind, user } = userOf(seat);
  if (kind === "referee") {
    const given = payload.seats[seat] && payload.seats[seat].name;
    const named = given && given !== seat && given !== user;
    return named ? t("seat.referee", { name: given }) : refereeName(payload, user);
  }
  const given = payload.seats[seat] && payload.seats[seat].name;
  const view = payload.view || {};
  const name = given && given !== seat && given !== user ? given : personName(payload, view, user);
  const key = Object.keys(view.teams || {}).find((k) => view.teams[k].members.includes(user));
  return key && view.teams[key].house ? `${name} (${houseName(view, key)})` : name;
}

export function name(id, payload) {
  return payload.seats[id] ? seatName(payload, id) : houseName(payload.view, id);
}

export function status(payload) {
  return payload.view.turn ? [el("span", "round", turnText(payload.view))] : [];
}

/** The public events in words (the server tells none of this game's). */
export function describe(event, payload) {
  const view = payload.view;
  const data = event.data || {};
  const named = (key) => houseName(view, key);
  switch (event.type) {
    case "player_registered":
      return t("log.registered", { user: data.display_name || data.user });
    case "player_joined": // a late joiner by name, never their account (R65)
      return t("log.joined", { name: personName(payload, payload.view, data.user), house: named(data.team) });
    case "join_queued":
      return t("log.join_queued", { name: personName(payload, payload.view, data.user) });
    case "registration_closed":
      return tn("log.registration_closed", data.P);
    case "teams_formed":
      return t("log.teams_formed", { n: Object.keys(data.rosters || {}).length });
    case "house_ranking_submitted":
      return t("log.ranking", { no: data.team_no });
    case "houses_assigned":
      return t("log.houses_assigned", { houses: Object.values(data.houses || {}).map(named).join(", ") });
    case "seats_initialised":
      return data.tower ? t("log.seats_tower", { throne: named(data.throne), tower: named(data.tower) }) : t("log.seats", { throne: named(data.throne) });
    case "turn_opened":
      return t("log.turn_opened", { turn: data.k });
    case "turn_locked":
      // at the deadline it is the server's clock that closed it, whoever acted after
      return data.at_deadline ? t("log.turn_locked_deadline", { turn: data.k, when: romeTime(data.at_deadline) }) : t("log.turn_locked", { turn: data.k });
    case "posts_missing": // the referees' alone
      return (data.teams || []).length ? t("log.posts_missing", { turn: data.turn, houses: houseList(view, data.teams) }) : t("log.posts_missing_none", { turn: data.turn });
    case "reminder_set":
      return data.hours ? tn("log.reminder_set", data.hours) : t("log.reminder_off");
    case "draw_shifted":
      return t("log.draw_shifted", { regular: day(data.regular), moved: day(data.moved_to) });
    case "draw_recorded":
      return data.purpose === "formation" ? t("log.draw_formation") : t("log.draw_turn", { turn: data.turn });
    case "turn_published":
      return t("log.turn_published", { turn: data.turn, house: named(data.throne) });
    case "team_eliminated":
      return t("log.eliminated", { house: named(data.team) });
    case "seat_vacated":
      return t(`log.vacated.${data.seat}`, { house: named(data.team) });
    case "seat_filled":
      return t(`log.filled.${data.seat}`, { house: named(data.team) });
    case "tower_removed":
      return t("log.tower_removed");
    case "game_over":
      return data.king ? t("log.game_over_king", { house: houseList(view, String(data.king).split(",")) }) : t("log.game_over");
    default:
      return null;
  }
}

/** The end in the shell's terms: the winning houses' players, and every player's place
 * when the table reveals the ranking (§8). */
export function outcome(payload) {
  const view = payload.view;
  const result = view.result;
  if (!result) return {};
  const players = (key) => ((view.teams || {})[key] ? view.teams[key].members.map((m) => `player:${m}`) : []);
  const placements = {};
  (result.ranking || []).forEach((key, i) => {
    for (const seat of players(key)) placements[seat] = i + 1;
  });
  return { winners: (result.winners || []).flatMap(players), draw: false, reason: result.reason, placements };
}
