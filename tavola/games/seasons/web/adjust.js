// The adjustments (§6.3): what the person's own cards do to Dummbot, reported in a drawer
// kept closed until wanted. Each is one of the engine's actions; the choices offered are the
// legal ones (draws, token moves, removals, hand counts, practice draws), and the free ones
// (crystals, a card given) are typed and checked by the server.
import { el } from "/js/dom.js";
import { t } from "/js/i18n.js";
import { form, send } from "./memory.js";
import { addCardForm } from "./naming.js";
import { catalogueIndex, cardPicker } from "./names.js";
import { adjustmentsOpen } from "./panels.js";
import { actButton, labelled, numberInput, redraw, tn, wholeNumber } from "./ui.js";

const FIRST = 3; // draws offered as buttons: more is rare, and the server allows up to 10

function legalOf(payload, type) {
  return (payload.legal || []).filter((a) => a.type === type);
}

function group(titleKey, ...children) {
  const box = el("div", "sn-adjust-group");
  box.append(el("h3", "sn-subhead", t(titleKey)), ...children);
  return box;
}

function row(...children) {
  const box = el("div", "sn-adjust-row");
  box.append(...children);
  return box;
}

export function adjustments(payload, ctx) {
  const state = form("adjust", "drawer", () => ({ open: false, crystals: "", give: { text: "", name: "", to: "hand" }, removeName: "" }));
  const drawer = el("details", "sn-panel sn-adjust");
  drawer.open = state.open;
  drawer.addEventListener("toggle", () => (state.open = drawer.open));
  drawer.append(el("summary", "sn-head", t("adjust.title")));
  const open = adjustmentsOpen(payload);
  if (!open) drawer.append(el("p", "sn-hint", t("adjust.closed")));
  else {
    drawer.append(crystals(payload, ctx, state));
    for (const part of [draws(payload, ctx), moves(payload, ctx), handCount(payload, ctx), removals(payload, ctx, state), humanDraws(payload, ctx)]) {
      if (part) drawer.append(part);
    }
    drawer.append(give(payload, ctx, state));
  }
  drawer.append(group("add.free", addCardForm(payload, ctx, "", null, "add.title_free")));
  return drawer;
}

function crystals(payload, ctx, state) {
  const input = numberInput(state.crystals, { min: 1, max: 999, name: "adjust-crystals" });
  input.dataset.focus = "adjust-crystals";
  input.addEventListener("input", () => (state.crystals = input.value));
  const change = (sign) => () => {
    const n = wholeNumber(state.crystals);
    if (n && n > 0) send(ctx, payload, { type: "adjust_dummbot_crystals", delta: sign * n });
  };
  return group(
    "adjust.crystals",
    row(
      labelled(t("adjust.crystals_n"), input),
      actButton(t("adjust.crystals_give"), change(1), ctx, "sn-secondary", "crystals:+"),
      actButton(t("adjust.crystals_take"), change(-1), ctx, "sn-secondary", "crystals:-"),
    ),
  );
}

function draws(payload, ctx) {
  const legal = legalOf(payload, "dummbot_draw").slice(0, FIRST);
  if (!legal.length) return null;
  return group("adjust.draw", row(...legal.map((a) => actButton(tn("adjust.cards", a.n), () => send(ctx, payload, a), ctx, "sn-secondary", `draw:${a.n}`))));
}

function moves(payload, ctx) {
  const legal = legalOf(payload, "move_season_token");
  if (!legal.length) return null;
  const label = (d) => (d < 0 ? tn("adjust.back", d) : tn("adjust.forward", d));
  return group("adjust.move", row(...legal.map((a) => actButton(label(a.delta), () => send(ctx, payload, a), ctx, "sn-secondary", `move:${a.delta}`))));
}

function handCount(payload, ctx) {
  const legal = legalOf(payload, "adjust_dummbot_hand_count").filter((a) => Math.abs(a.delta) === 1);
  if (!legal.length) return null;
  const label = (d) => (d < 0 ? t("adjust.hand_less") : t("adjust.hand_more"));
  return group("adjust.hand", row(...legal.map((a) => actButton(label(a.delta), () => send(ctx, payload, a), ctx, "sn-secondary", `hand:${a.delta}`))));
}

function humanDraws(payload, ctx) {
  const legal = legalOf(payload, "human_draw").slice(0, FIRST);
  if (!legal.length) return null;
  return group("adjust.human_draw", row(...legal.map((a) => actButton(tn("adjust.cards", a.n), () => send(ctx, payload, a), ctx, "sn-secondary", `human_draw:${a.n}`))));
}

/** A card taken from his array: chosen at random or lowest first by the engine (the legal
 * removals), or named by the person when the table is set so. */
function removals(payload, ctx, state) {
  const view = payload.view;
  if (!view.dummbot.array.length) return null;
  if (view.config.forced_choice_policy === "user_named") {
    const which = el("select");
    which.name = "remove-name";
    which.append(new Option(t("adjust.remove_choose"), ""));
    for (const card of view.dummbot.array) if (card.name) which.append(new Option(card.name, card.name));
    which.value = state.removeName;
    which.addEventListener("change", () => (state.removeName = which.value));
    const to = (where) => () => state.removeName && send(ctx, payload, { type: "dummbot_remove_from_array", to: where, name: state.removeName });
    return group("adjust.remove", which, row(actButton(t("adjust.remove_to.discard"), to("discard"), ctx, "sn-secondary"), actButton(t("adjust.remove_to.hand"), to("hand"), ctx, "sn-secondary")));
  }
  const legal = legalOf(payload, "dummbot_remove_from_array");
  if (!legal.length) return null;
  const label = (a) => t("adjust.remove_what", { what: t(`adjust.filter.${a.filter || "any"}`), to: t(`adjust.remove_to.${a.to}`) });
  return group("adjust.remove", row(...legal.map((a) => actButton(label(a), () => send(ctx, payload, a), ctx, "sn-secondary", `remove:${a.to}:${a.filter || "any"}`))));
}

/** A card the person's effect puts into his hand or array (R30: no familiar effect). */
function give(payload, ctx, state) {
  const index = catalogueIndex(payload.view);
  const chosen = state.give.name;
  const parts = [];
  if (chosen) {
    parts.push(el("p", "sn-chosen", chosen));
    const to = (where) => () => {
      send(ctx, payload, { type: "give_card_to_dummbot", name: chosen, to: where });
      state.give = { text: "", name: "", to: where };
    };
    parts.push(row(actButton(t("adjust.give_to.hand"), to("hand"), ctx, "sn-secondary", "give:hand"), actButton(t("adjust.give_to.array"), to("array"), ctx, "sn-secondary", "give:array")));
  } else {
    parts.push(
      cardPicker(index, state.give, (name) => {
        state.give.name = name;
        redraw();
      }, { key: "give-search", label: t("adjust.give") }),
    );
  }
  return group("adjust.give", ...parts);
}
