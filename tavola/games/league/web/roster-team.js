// The roster's team (its gimmick stage, each legend's ability loadout) and the collection
// of legends it is drawn from. Any legend or ability may be tried: the server's check says
// what the rules refuse (an eighth legend, a second of a name, a slot too many).
import { button, el } from "/js/dom.js";

const MAX_TEAM = 12; // what the check endpoint accepts: room enough to try one too many
const MAX_ABILITIES = 5;

/** A legend's cost under the lineup's gimmick stage (what the check adds up). */
export function effectiveCost(page, legend) {
  const gimmick = page.catalog.gimmickById.get(page.lineup.gimmick);
  const change = gimmick ? gimmick.cost_change || 0 : 0;
  return change ? Math.max(gimmick.cost_floor ?? 1, legend.cost + change) : legend.cost;
}

const attributeName = (page, id) => (page.catalog.attributes.find((a) => a.id === id) || { name: id }).name;

function costText(page, legend) {
  const cost = effectiveCost(page, legend);
  if (cost === legend.cost) return page.say("legend.cost", { cost: page.number(cost) });
  return page.say("legend.cost_changed", { base: page.number(legend.cost), cost: page.number(cost) });
}

function stats(page, legend) {
  const line = el("p", "legend-stats");
  line.append(
    el("span", `attribute attribute-${legend.attribute}`, attributeName(page, legend.attribute)),
    el("span", "cost", costText(page, legend)),
    el("span", "dv", page.say("legend.dv", { dv: page.number(legend.dv) })),
  );
  return line;
}

/** The problems the check points at `field` or inside it (`team.3`, `team.3.abilities.1`). */
function problemsAt(page, field) {
  if (!page.check) return [];
  return page.check.problems.filter((p) => p.field === field || (p.field || "").startsWith(`${field}.`));
}

function problemList(page, problems, text) {
  const list = el("ul", "roster-problems inline");
  for (const problem of problems) list.append(el("li", "problem", text(problem)));
  return list;
}

function abilityOptions(page, legend, entry) {
  const select = el("select", "add-ability");
  select.setAttribute("aria-label", page.say("loadout.add_label", { legend: legend.name }));
  select.append(new Option(page.say("loadout.add"), ""));
  // The legend's own attribute first: those are the abilities it may take (R4).
  const own = el("optgroup");
  own.label = page.say("loadout.matching", { attribute: attributeName(page, legend.attribute) });
  const other = el("optgroup");
  other.label = page.say("loadout.other");
  for (const ability of page.catalog.abilities) {
    const label = page.sayN("loadout.option", ability.slots, { ability: ability.name });
    const option = new Option(label, ability.id);
    (ability.attribute === legend.attribute ? own : other).append(option);
  }
  select.append(own, other);
  select.disabled = entry.abilities.length >= MAX_ABILITIES;
  select.addEventListener("change", () => {
    if (!select.value) return;
    entry.abilities.push(select.value);
    page.changed();
  });
  return select;
}

function loadout(page, legend, entry) {
  const box = el("div", "loadout");
  const used = entry.abilities.reduce((sum, id) => sum + (page.catalog.abilityById.get(id)?.slots || 0), 0);
  box.append(el("p", "slots", page.say("loadout.slots", { used: page.number(used), max: page.number(page.catalog.limits.ability_slots) })));
  const list = el("ul", "abilities");
  entry.abilities.forEach((id, i) => {
    const ability = page.catalog.abilityById.get(id);
    const item = el("li", "ability");
    item.dataset.ability = id;
    const name = el("span", "ability-name", page.sayN("loadout.option", ability.slots, { ability: ability.name }));
    const text = el("span", "ability-text", ability.text);
    const remove = button("×", () => {
      entry.abilities.splice(i, 1);
      page.changed();
    }, "secondary remove-ability");
    remove.setAttribute("aria-label", page.say("loadout.remove", { ability: ability.name, legend: legend.name }));
    item.append(name, remove, text);
    list.append(item);
  });
  if (!entry.abilities.length) list.append(el("li", "empty", page.say("loadout.none")));
  box.append(list, abilityOptions(page, legend, entry));
  return box;
}

function teamEntry(page, entry, i) {
  const legend = page.catalog.legendById.get(entry.legend_id);
  const item = el("li", "team-legend");
  item.dataset.legend = entry.legend_id;
  const head = el("div", "team-legend-head");
  head.append(el("strong", "legend-name", legend.name));
  const remove = button(page.say("team.remove"), () => {
    page.lineup.team.splice(i, 1);
    page.changed();
  }, "secondary remove-legend");
  remove.setAttribute("aria-label", page.say("team.remove_label", { legend: legend.name }));
  head.append(remove);
  item.append(head, stats(page, legend), loadout(page, legend, entry));
  const problems = problemsAt(page, `team.${i}`);
  if (problems.length) {
    item.classList.add("refused");
    item.append(problemList(page, problems, (p) => problemText(page, p)));
  }
  return item;
}

export function problemText(page, problem) {
  const text = problem.text || {};
  return text[page.lang()] || text.en || Object.values(text)[0] || page.say("check.refused");
}

export function teamPanel(page) {
  const node = el("section", "panel roster-team");
  node.id = "team";
  return {
    node,
    draw() {
      const { catalog, lineup } = page;
      if (!catalog) return;
      node.replaceChildren(el("h2", null, page.say("team.title")));
      const field = el("label", "gimmick-field");
      field.append(el("span", null, page.say("gimmick.label")));
      const select = el("select", "gimmick");
      select.name = "gimmick";
      for (const gimmick of catalog.gimmicks) select.append(new Option(gimmick.name, gimmick.id));
      select.value = lineup.gimmick;
      select.addEventListener("change", () => {
        lineup.gimmick = select.value;
        page.changed();
      });
      field.append(select);
      const chosen = catalog.gimmickById.get(lineup.gimmick);
      node.append(field, el("p", "gimmick-effect hint", chosen ? chosen.text : ""));
      const list = el("ol", "team-list");
      lineup.team.forEach((entry, i) => list.append(teamEntry(page, entry, i)));
      if (!lineup.team.length) list.append(el("li", "empty", page.say("team.empty")));
      node.append(list);
    },
  };
}

function collectionCard(page, legend) {
  const item = el("li", "collection-legend");
  item.dataset.legend = legend.id;
  const inTeam = page.lineup.team.some((e) => e.legend_id === legend.id);
  item.classList.toggle("in-team", inTeam);
  item.append(el("strong", "legend-name", legend.name), stats(page, legend));
  const defaults = legend.default_abilities.map((id) => page.catalog.abilityById.get(id)?.name).filter(Boolean);
  item.append(el("p", "defaults hint", page.say("legend.defaults", { abilities: defaults.join(page.say("list.separator")) })));
  const add = button(page.say("collection.add"), () => {
    page.lineup.team.push({ legend_id: legend.id, abilities: [...legend.default_abilities] });
    page.changed();
  }, "secondary add-legend");
  add.setAttribute("aria-label", page.say("collection.add_label", { legend: legend.name }));
  add.disabled = page.lineup.team.length >= MAX_TEAM;
  item.append(add);
  if (inTeam) item.append(el("span", "in-team-mark", page.say("collection.in_team")));
  return item;
}

/** A panel's filter: a list of `choices` ([value, words]) after "all", `chosen` selected;
 * `chose(value)` on a change. Its words are the catalogue's `<words>.filter` and `.all`. */
function filterBy(page, kind, words, choices, chosen, chose) {
  const filter = el("label", kind);
  filter.append(el("span", null, page.say(`${words}.filter`)));
  const select = el("select");
  select.append(new Option(page.say(`${words}.all`), ""));
  for (const [value, said] of choices) select.append(new Option(said, value));
  select.value = chosen;
  select.addEventListener("change", () => chose(select.value));
  filter.append(select);
  return filter;
}

/** A panel listing `items()` narrowed by one choice of `filterBy` (none at first): `head(node)`
 * draws what comes before the filter; an item is shown when nothing is chosen or its
 * `key(item)` is the choice. Section and id are both named `roster-<name>` / `<name>`. */
export function filteredPanel(page, { name, filter, words, choices, items, key, list, row, head }) {
  const node = el("section", `panel roster-${name}`);
  node.id = name;
  let chosen = "";
  return {
    node,
    draw() {
      if (!page.catalog) return;
      head(node);
      const select = filterBy(page, filter, words, choices(), chosen, (value) => {
        chosen = value;
        this.draw();
      });
      const shown = el("ul", list);
      for (const item of items()) if (!chosen || key(item) === chosen) shown.append(row(page, item));
      node.append(select, shown);
    },
  };
}

export function collectionPanel(page) {
  return filteredPanel(page, {
    name: "collection",
    filter: "attribute-filter",
    words: "collection",
    list: "collection-list",
    choices: () => page.catalog.attributes.map(({ id, name }) => [id, name]),
    items: () => page.catalog.legends,
    key: (legend) => legend.attribute,
    row: collectionCard,
    head(node) {
      node.replaceChildren(el("h2", null, page.say("collection.title")), el("p", "hint", page.say("collection.hint")));
    },
  });
}
