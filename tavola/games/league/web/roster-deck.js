// The roster's deck: every card of the collection with how many copies the deck holds, one
// more or one fewer at a click. The deck keeps the order its cards were added in (the order
// a lineup is submitted in); the check says when a count breaks the rules.
import { button, el } from "/js/dom.js";
import { filteredPanel, problemText } from "./roster-team.js";

const MAX_DECK = 60; // what the check endpoint accepts: room enough to try too many

function copies(deck, id) {
  return deck.reduce((n, card) => n + (card === id), 0);
}

function cardRow(page, card) {
  const { deck } = page.lineup;
  const n = copies(deck, card.id);
  const item = el("li", "deck-card");
  item.dataset.card = card.id;
  item.classList.toggle("in-deck", n > 0);
  const head = el("div", "deck-card-head");
  head.append(el("strong", "card-name", card.name));
  const counter = el("span", "counter");
  const fewer = button("−", () => {
    deck.splice(deck.lastIndexOf(card.id), 1);
    page.changed();
  }, "secondary fewer");
  fewer.setAttribute("aria-label", page.say("deck.fewer", { card: card.name }));
  fewer.disabled = n === 0;
  const more = button("+", () => {
    // Beside its other copies, so the deck reads in the order it was built.
    const last = deck.lastIndexOf(card.id);
    deck.splice(last < 0 ? deck.length : last + 1, 0, card.id);
    page.changed();
  }, "secondary more");
  more.setAttribute("aria-label", page.say("deck.more", { card: card.name }));
  more.disabled = deck.length >= MAX_DECK;
  counter.append(fewer, el("span", "copies", page.number(n)), more);
  head.append(counter);
  const facts = el("p", "card-facts");
  facts.append(
    el("span", `kind kind-${card.kind}`, card.kind_name),
    el("span", "cost", page.say("card.cost", { cost: page.number(card.cost) })),
  );
  item.append(head, facts, el("p", "card-text", card.text));
  return item;
}

export function deckPanel(page) {
  return filteredPanel(page, {
    name: "deck",
    filter: "kind-filter",
    words: "deck",
    list: "deck-list",
    choices: () => new Map(page.catalog.cards.map((card) => [card.kind, card.kind_name])),
    items: () => page.catalog.cards,
    key: (card) => card.kind,
    row: cardRow,
    head(node) {
      const { limits } = page.catalog;
      node.replaceChildren(el("h2", null, page.say("deck.title")));
      node.append(
        el("p", "deck-size", page.sayN("deck.size", page.lineup.deck.length, { min: page.number(limits.deck_min), max: page.number(limits.deck_max) })),
        el("p", "hint", page.say("deck.hint", { copies: page.number(limits.copies_max) })),
      );
      const problems = page.check ? page.check.problems.filter((p) => (p.field || "").startsWith("deck")) : [];
      if (problems.length) {
        const list = el("ul", "roster-problems inline");
        for (const problem of problems) list.append(el("li", "problem", problemText(page, problem)));
        node.append(list);
      }
    },
  });
}
