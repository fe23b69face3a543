// Legends of AZ's part of a tournament's registration form: the entrant's age (the
// youngest opens a game), its main character picked by name among the tournament's legal
// ones, and its deck as how many copies of each legal card, by name, counted against the
// deck's size. The shell's tournament page calls `registrationForm(ctx)` and sends what
// `read()` gives.
import { el } from "/js/dom.js";

function labelled(text, input, className = null) {
  const label = el("label", className);
  label.append(el("span", null, text), input);
  return label;
}

function numberInput(name, min, max) {
  const input = el("input");
  Object.assign(input, { name, type: "number", min: String(min), max: String(max), inputMode: "numeric", step: "1" });
  return input;
}

export function registrationForm({ choices, words }) {
  const age = numberInput("age", 1, 99);
  age.required = true;
  const main = el("select");
  main.name = "main";
  main.required = true;
  main.append(new Option(words("tournament.main_none"), ""));
  for (const card of choices.mains) main.append(new Option(card.name, card.id));

  const counted = el("p", "hint deck-count");
  const copies = choices.cards.map((card) => {
    const input = numberInput("copies", 0, choices.max_copies);
    input.value = "0";
    input.dataset.card = card.id;
    return [card, input];
  });
  const total = () => copies.reduce((sum, [, input]) => sum + (Number(input.value) || 0), 0);
  const count = () => (counted.textContent = words("tournament.deck_count", { count: total(), size: choices.deck_size }));
  const deck = el("fieldset", "group deck");
  deck.append(el("legend", null, words("tournament.deck", { size: choices.deck_size, copies: choices.max_copies })), counted);
  const list = el("div", "fields deck-cards");
  for (const [card, input] of copies) {
    input.addEventListener("input", count);
    list.append(labelled(card.name, input, "deck-card"));
  }
  deck.append(list);
  count();

  const node = el("div", "fields");
  node.append(labelled(words("tournament.age"), age), labelled(words("tournament.main"), main), deck);
  return {
    node,
    read: () => ({
      age: age.value === "" ? null : Number(age.value),
      main: main.value || null,
      deck: copies
        .filter(([, input]) => Number(input.value) > 0)
        .map(([card, input]) => (Number(input.value) === 1 ? card.id : `${card.id}*${Number(input.value)}`)),
    }),
  };
}
