// Legends of AZ's part of a tournament's registration form: the entrant's age (the
// youngest opens a game), then its main character and its deck, either one of the
// ready-made decks that fit the tournament (one click: its main and its cards), or
// picked by name: the main searched as it is typed among the tournament's legal
// characters, the deck's cards searched the same way and counted (at most the copies
// allowed) against the deck's size. Nobody types an id. The shell's tournament page calls
// `registrationForm(ctx)` and sends what `read()` gives.
import { button, el } from "/js/dom.js";
import { namePicker } from "/js/picker.js";

function labelled(text, input, className = null) {
  const label = el("label", className);
  label.append(el("span", null, text), input);
  return label;
}

export function registrationForm({ choices, words }) {
  const names = new Map(choices.cards.map((card) => [card.id, card.name]));
  const chosen = { main: null, deck: new Map(), ready: null }; // deck: card id → copies

  const age = el("input");
  Object.assign(age, { name: "age", type: "number", min: "1", max: "99", step: "1", inputMode: "numeric", required: true });

  // -- ready-made decks: one click each ---------------------------------------------------
  const ready = el("fieldset", "group ready-decks");
  ready.append(el("legend", null, words("tournament.ready")));
  const readyChosen = el("p", "hint ready-chosen");
  readyChosen.setAttribute("aria-live", "polite");
  for (const deck of choices.ready || []) {
    ready.append(
      button(words("tournament.use_ready", { name: deck.name }), () => {
        chosen.main = deck.main;
        chosen.deck = new Map();
        for (const id of deck.deck) chosen.deck.set(id, (chosen.deck.get(id) || 0) + 1);
        chosen.ready = deck.name;
        show();
      }, "secondary use-ready"),
    );
  }
  ready.append(readyChosen);
  ready.hidden = !(choices.ready || []).length;

  // -- the main character, by name ---------------------------------------------------------
  const mainShown = el("p", "main-chosen");
  mainShown.setAttribute("aria-live", "polite");
  const mainPicker = namePicker(choices.mains, {
    label: words("tournament.search_main"),
    placeholder: words("tournament.search_placeholder"),
    noMatch: words("tournament.no_match"),
    onPick: (card) => {
      chosen.main = card.id;
      chosen.ready = null;
      show();
    },
  });
  const main = el("fieldset", "group main");
  main.append(el("legend", null, words("tournament.main")), mainShown, mainPicker.node);

  // -- the deck, card by card --------------------------------------------------------------
  const counted = el("p", "hint deck-count");
  counted.setAttribute("aria-live", "polite");
  const list = el("ul", "deck-cards");
  const change = (id, by) => {
    const now = Math.max(0, Math.min(choices.max_copies, (chosen.deck.get(id) || 0) + by));
    if (now) chosen.deck.set(id, now);
    else chosen.deck.delete(id);
    chosen.ready = null;
    show();
  };
  const cardPicker = namePicker(choices.cards, {
    label: words("tournament.search_card"),
    placeholder: words("tournament.search_placeholder"),
    noMatch: words("tournament.no_match"),
    pickLabel: (card) => words("tournament.add", { name: card.name }),
    onPick: (card) => change(card.id, 1),
  });
  const deck = el("fieldset", "group deck");
  deck.append(el("legend", null, words("tournament.deck", { size: choices.deck_size, copies: choices.max_copies })), counted, list, cardPicker.node);

  function total() {
    let sum = 0;
    for (const n of chosen.deck.values()) sum += n;
    return sum;
  }

  function show() {
    readyChosen.textContent = chosen.ready ? words("tournament.ready_chosen", { name: chosen.ready }) : "";
    mainShown.textContent = chosen.main ? words("tournament.main_chosen", { name: names.get(chosen.main) || chosen.main }) : words("tournament.main_none");
    counted.textContent = words("tournament.deck_count", { count: total(), size: choices.deck_size });
    list.replaceChildren(
      ...[...chosen.deck].map(([id, n]) => {
        const name = names.get(id) || id;
        const line = el("li", "deck-card");
        line.dataset.card = id;
        line.append(el("span", "copies", `${n} ×`), " ", el("span", "card-name", name), " ");
        const less = button("−", () => change(id, -1), "secondary less");
        less.setAttribute("aria-label", words("tournament.less", { name }));
        const more = button("+", () => change(id, 1), "secondary more");
        more.setAttribute("aria-label", words("tournament.more", { name }));
        more.disabled = n >= choices.max_copies;
        line.append(less, more);
        return line;
      }),
    );
  }
  show();

  const node = el("div", "fields legends-registration");
  node.append(labelled(words("tournament.age"), age), ready, main, deck);
  return {
    node,
    read: () => ({
      age: age.value === "" ? null : Number(age.value),
      main: chosen.main,
      deck: [...chosen.deck].map(([id, n]) => (n === 1 ? id : `${id}*${n}`)),
    }),
  };
}
