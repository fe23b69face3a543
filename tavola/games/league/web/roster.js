// The roster (the seed's phone app as a page, /games/league/roster): the collection of
// legends, each team legend's abilities, the team with its gimmick stage, the deck, and the
// lineups an account keeps. The server's check (R1–R5) judges every change; the page only
// draws what it answers, in words.
import { el } from "/js/dom.js";
import { lang } from "/js/i18n.js";
import { collectionPanel, problemText, teamPanel } from "./roster-team.js";
import { deckPanel } from "./roster-deck.js";
import { lineupsPanel } from "./roster-saved.js";

const CHECK_DELAY_MS = 250; // a burst of clicks is checked once

/** The page's words (the catalogue's "roster" block) with {placeholders} filled. */
function sayer(ctx) {
  const fill = (text, params) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? params[name] : whole));
  const number = (n) => new Intl.NumberFormat(lang).format(n);
  const say = (key, params = {}) => fill(ctx.words()[key] ?? key, params);
  const sayN = (key, n, params = {}) => {
    const words = ctx.words();
    const form = `${key}.${new Intl.PluralRules(lang).select(n)}`;
    return fill(words[form] ?? words[`${key}.other`] ?? key, { n: number(n), ...params });
  };
  return { say, sayN, number };
}

/** The catalogue as lookups by id, each list in the catalogue's order. */
function index(catalog) {
  const byId = (list) => new Map(list.map((item) => [item.id, item]));
  return {
    ...catalog,
    legendById: byId(catalog.legends),
    abilityById: byId(catalog.abilities),
    cardById: byId(catalog.cards),
    gimmickById: byId(catalog.gimmicks),
  };
}

/** A lineup as this page edits it: every team entry with its abilities spelt out. */
function editable(lineup, catalog) {
  const team = (lineup.team || []).map((entry) => {
    if (typeof entry === "string") {
      const legend = catalog.legendById.get(entry);
      return { legend_id: entry, abilities: legend ? [...legend.default_abilities] : [] };
    }
    return { legend_id: entry.legend_id, abilities: [...(entry.abilities || [])] };
  });
  return { team, gimmick: lineup.gimmick || "none", deck: [...(lineup.deck || [])] };
}

export async function mount(main, ctx) {
  const words = sayer(ctx);
  const page = {
    ctx,
    ...words,
    lang: () => lang,
    catalog: null,
    lineup: { team: [], gimmick: "none", deck: [] },
    check: null, // the server's latest answer for the lineup shown
    name: "", // the name the lineup was loaded or saved under
    changed,
    load,
    editable: (lineup) => editable(lineup, page.catalog),
  };
  const root = el("div", "roster");
  const status = el("section", "panel roster-check");
  status.setAttribute("aria-live", "polite");
  const parts = [lineupsPanel(page), teamPanel(page), collectionPanel(page), deckPanel(page)];
  const columns = el("div", "roster-columns");
  const first = el("div", "roster-column");
  const second = el("div", "roster-column");
  first.append(parts[0].node, parts[1].node);
  second.append(parts[2].node, parts[3].node);
  columns.append(first, second);
  const error = el("p", "error roster-error");
  error.setAttribute("role", "alert");
  error.hidden = true;
  const jumps = el("nav", "roster-nav");
  root.append(error, status, jumps, columns);
  main.append(root);

  function showError(text) {
    error.hidden = !text;
    error.textContent = text || "";
  }

  function drawStatus() {
    status.replaceChildren(el("h2", null, page.say("check.title")));
    const answer = page.check;
    if (!answer) {
      delete status.dataset.ok; // nothing judged until the answer comes
      return status.append(el("p", "hint", page.say("check.waiting")));
    }
    status.append(summaryLine(page, answer.summary));
    if (answer.ok) {
      status.append(el("p", "roster-ok", page.say("check.ok")));
      status.dataset.ok = "true";
    } else {
      const list = el("ul", "roster-problems");
      for (const problem of answer.problems) list.append(el("li", "problem", problemText(page, problem)));
      status.append(list);
      status.dataset.ok = "false";
    }
  }

  // Where each part is, for a phone's long page.
  function drawJumps() {
    jumps.setAttribute("aria-label", page.say("title"));
    jumps.replaceChildren(
      ...parts.map((part) => {
        const link = el("a", null, part.node.querySelector("h2")?.textContent || "");
        link.href = `#${part.node.id}`;
        return link;
      }),
    );
  }

  function draw() {
    for (const part of parts) part.draw();
    drawJumps();
    drawStatus();
  }

  let asked = 0; // which check is the latest: an earlier answer arriving later is dropped
  let timer = null;
  async function runCheck() {
    const mine = ++asked;
    try {
      const answer = await ctx.api("POST", "/api/lineups/league/check", { body: { lineup: page.lineup } });
      if (mine !== asked) return;
      page.check = answer;
      showError("");
    } catch (err) {
      if (mine !== asked) return;
      page.check = null;
      showError(ctx.refusalText(err.data));
    }
    draw();
  }

  /** After each edit: drawn at once, checked a moment later. */
  function changed() {
    page.check = null;
    draw();
    clearTimeout(timer);
    timer = setTimeout(runCheck, CHECK_DELAY_MS);
  }

  function load(lineup, name = "") {
    page.lineup = editable(lineup, page.catalog);
    page.name = name;
    changed();
  }

  async function readCatalog() {
    page.catalog = index(await ctx.api("GET", `/api/lineups/league/catalog?lang=${lang}`));
  }

  try {
    await readCatalog();
  } catch (err) {
    showError(ctx.refusalText(err.data));
    return {};
  }
  const preset = page.catalog.presets[0];
  load(preset ? preset.lineup : page.lineup);
  for (const part of parts) if (part.start) part.start();

  return {
    async relabel() {
      try {
        await readCatalog();
      } catch (err) {
        showError(ctx.refusalText(err.data));
      }
      draw();
    },
  };
}

/** The team's cost under its gimmick stage, and without it when the stage changes it. */
function costLine(page, summary) {
  const figures = { total: page.number(summary.cost_total), cap: page.number(page.catalog.limits.team_cost_cap) };
  if (summary.cost_printed === summary.cost_total) return page.say("summary.cost", figures);
  const gimmick = page.catalog.gimmickById.get(summary.gimmick);
  return page.say("summary.cost_changed", { ...figures, printed: page.number(summary.cost_printed), gimmick: gimmick ? gimmick.name : "" });
}

/** "7 of 7 legends · cost 21 of 23 · 40 cards (20 to 40)": the check's summary in words. */
function summaryLine(page, summary) {
  const line = el("p", "roster-summary");
  const limits = page.catalog.limits;
  // A figure outside its limit is marked (the problems below say why in words).
  const part = (className, text, within) => el("span", within ? className : `${className} over`, text);
  line.append(
    part("team-size", page.say("summary.team", { n: page.number(summary.team_size), size: page.number(limits.team_size) }), summary.team_size === limits.team_size),
    part("team-cost", costLine(page, summary), summary.cost_total <= limits.team_cost_cap),
    part(
      "deck-size",
      page.sayN("summary.deck", summary.deck_size, { min: page.number(limits.deck_min), max: page.number(limits.deck_max) }),
      summary.deck_size >= limits.deck_min && summary.deck_size <= limits.deck_max,
    ),
  );
  return line;
}
