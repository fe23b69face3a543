// The `name_cards` prompt (§6.1: the prelude's 6 cards, a hand draw, a deck summon, a
// blind reveal): k names picked from the suggestions or typed, the cards that could not be
// drawn (R16, only for draws and summons), then one tap sends them. When the server answers
// that a name is not in the catalogue, the card can be added there and then (§3.3), or the
// name made another name of a card already there; a copy limit can be overridden.
import { button, el } from "/js/dom.js";
import { t } from "/js/i18n.js";
import { form, refusal, send } from "./memory.js";
import { catalogueIndex, cardPicker, closest, lookup } from "./names.js";
import { actButton, labelled, numberInput, radios, redraw, section, wholeNumber } from "./ui.js";

const MISSING_ALLOWED = new Set(["hand_draw", "deck_summon"]);

/** The names being typed for the prompt opened at `opening` (a new prompt starts empty). */
function namesForm(prompt, opening) {
  return form("names", `${opening}|${prompt.purpose}|${prompt.count}`, () => ({ names: [], text: "", missing: 0, unknown: null }));
}

export function namingPanel(payload, ctx, prompt, text, opening) {
  const index = catalogueIndex(payload.view);
  const state = namesForm(prompt, opening);
  const count = Number(prompt.count);
  const slots = Math.max(0, count - state.missing);
  state.names = state.names.slice(0, slots);
  const box = section("sn-naming", null);
  box.append(el("p", "sn-ask", text));

  if (state.names.length < slots) {
    const at = state.names.length + 1;
    box.append(el("p", "sn-slot-next", t("names.next", { n: at, count: slots })));
    box.append(
      cardPicker(index, state, (name) => {
        state.names.push(name);
        redraw();
      }, { key: "names-search", label: t("names.next", { n: at, count: slots }) }),
    );
  }

  if (state.names.length) {
    const list = el("ol", "sn-slots");
    state.names.forEach((name, i) => {
      const item = el("li", "sn-slot");
      const known = lookup(index, name);
      item.append(el("span", "sn-slot-name", known ? known.name : name));
      if (known) item.append(el("span", "sn-slot-prestige", t("names.prestige", { n: known.prestige })));
      else item.append(el("span", "sn-slot-unknown", t("names.not_in_catalogue")));
      const remove = button("✕", () => {
        state.names.splice(i, 1);
        redraw();
      }, "sn-slot-remove");
      remove.setAttribute("aria-label", t("names.remove", { name }));
      item.append(remove);
      list.append(item);
    });
    box.append(list);
  }

  if (MISSING_ALLOWED.has(prompt.purpose)) box.append(missingStepper(state, count));

  const refused = refusal(payload);
  const unknown = refused && refused.type === "name_cards" ? (refused.names || []).find((n) => !lookup(index, n)) : null;
  const ready = state.names.length === slots;
  const names = () => ({ type: "name_cards", names: [...state.names], ...(state.missing ? { missing: state.missing } : {}) });
  box.append(actButton(t("names.send"), () => send(ctx, payload, names()), ctx, "sn-primary sn-big", "name_cards"));
  box.lastChild.disabled ||= !ready;
  if (unknown) box.append(addCardForm(payload, ctx, unknown, (chosen) => replaceName(state, unknown, chosen)));
  else if (refused && refused.type === "name_cards" && !refused.force) {
    // Every name is in the catalogue: the copies were refused (or a blind reveal named a
    // card the hand cannot hold). The person knows the table: they may insist.
    box.append(el("p", "sn-hint", t("names.force_hint")));
    box.append(actButton(t("names.force"), () => send(ctx, payload, { ...names(), force: true }), ctx, "sn-secondary", "force"));
  }
  return box;
}

function replaceName(state, typed, chosen) {
  const at = state.names.indexOf(typed);
  if (at >= 0) state.names[at] = chosen;
  redraw();
}

function missingStepper(state, count) {
  const row = el("div", "sn-missing");
  row.append(el("span", "sn-missing-label", t("names.missing")));
  const less = button("−", () => {
    state.missing = Math.max(0, state.missing - 1);
    redraw();
  }, "sn-step");
  less.setAttribute("aria-label", t("names.missing_less"));
  less.disabled = state.missing === 0;
  const more = button("+", () => {
    state.missing = Math.min(count, state.missing + 1);
    redraw();
  }, "sn-step");
  more.setAttribute("aria-label", t("names.missing_more"));
  more.disabled = state.missing >= count;
  row.append(less, el("strong", "sn-missing-n", String(state.missing)), more);
  return row;
}

/** The form that adds `name` to this game's catalogue (§6.1 `add_catalogue_card`): a new
 * card with its prestige and type, or another name of a card already there. The closest
 * catalogue names are offered first, for a plain misspelling. */
export function addCardForm(payload, ctx, name, onChosen = null, titleKey = "add.title") {
  const index = catalogueIndex(payload.view);
  const state = form("add", name, () => ({ name, kind: "new", prestige: "", cardType: "magic_item", aliasOf: "" }));
  const box = el("div", "sn-add");
  box.append(el("p", "sn-add-title", t(titleKey, { name })));
  const near = onChosen ? closest(index, name) : [];
  if (near.length) {
    const row = el("div", "sn-near");
    row.append(el("span", null, t("add.did_you_mean")));
    for (const { card } of near) row.append(button(card.name, () => onChosen(card.name), "sn-suggestion"));
    box.append(row);
  }
  const nameInput = el("input");
  Object.assign(nameInput, { type: "text", value: state.name, maxLength: 60, autocomplete: "off", name: "add-name" });
  nameInput.addEventListener("input", () => (state.name = nameInput.value));
  box.append(labelled(t("add.name"), nameInput));

  const kinds = ["new", "alias"];
  box.append(radios(`add-kind-${name}`, kinds, state.kind, (kind) => t(`add.kind.${kind}`), (kind) => (state.kind = kind)));

  if (state.kind === "new") {
    const prestige = numberInput(state.prestige, { min: -99, max: 99, name: "add-prestige" });
    prestige.addEventListener("input", () => (state.prestige = prestige.value));
    const type = el("select");
    type.name = "add-type";
    for (const value of ["magic_item", "familiar"]) type.append(new Option(t(`card_type.${value}`), value));
    type.value = state.cardType;
    type.addEventListener("change", () => (state.cardType = type.value));
    box.append(labelled(t("add.prestige"), prestige), labelled(t("add.type"), type));
  } else {
    const which = el("select");
    which.name = "add-alias-of";
    which.append(new Option(t("add.alias_choose"), ""));
    for (const card of [...index.cards].sort((a, b) => a.name.localeCompare(b.name))) which.append(new Option(card.name, card.name));
    which.value = state.aliasOf;
    which.addEventListener("change", () => (state.aliasOf = which.value));
    box.append(labelled(t("add.alias_of"), which));
  }
  const submit = () => {
    const typed = state.name.trim();
    if (state.kind === "alias") {
      if (state.aliasOf) send(ctx, payload, { type: "add_catalogue_card", name: typed, alias_of: state.aliasOf });
      return;
    }
    const prestige = wholeNumber(state.prestige);
    if (prestige === null) return;
    send(ctx, payload, { type: "add_catalogue_card", name: typed, prestige, card_type: state.cardType });
    if (typed !== name && onChosen) onChosen(typed);
  };
  box.append(actButton(t("add.submit"), submit, ctx, "sn-primary", "add_catalogue_card"));
  return box;
}
