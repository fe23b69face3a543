// Cards drawn in HTML/CSS from the view's `card_faces`: a hand card shows its face, a card
// on the table also shows its current state (HP, markers, build progress).
import { el } from "/js/dom.js";
import { has, lang, t } from "/js/i18n.js";

const STATS = ["hp", "str", "mp", "def"];

export function cardName(faces, cardId) {
  const face = faces[cardId];
  if (!face) return cardId;
  return lang === "en" && face.name_en ? face.name_en : face.name;
}

export function side(alignment) {
  if (!alignment) return "neutral";
  if (alignment.endsWith("_good")) return "good";
  if (alignment.endsWith("_evil")) return "evil";
  return "neutral";
}

/** Markers, each with a tooltip saying what it means. */
function markerList(markers) {
  const list = el("ul", "markers");
  for (const [kind, text] of markers) {
    const item = el("li", `marker marker-${kind}`, text);
    if (has(`tip.marker.${kind}`)) item.title = t(`tip.marker.${kind}`);
    list.append(item);
  }
  return list;
}

/** What a character instance on the table shows beyond its face. */
function characterMarkers(inst, faces, isProtected) {
  const markers = [];
  if (inst.is_main) markers.push(["main", t("marker.main")]);
  if (isProtected) markers.push(["protected", t("marker.protected")]);
  if (inst.vulnerable) markers.push(["vulnerable", t("marker.vulnerable")]);
  if (inst.asleep) markers.push(["asleep", t("marker.asleep", { n: inst.sleep_remaining })]);
  if (inst.exhausted) markers.push(["exhausted", t("marker.exhausted")]);
  if (inst.forwent) markers.push(["forwent", t("marker.forwent")]);
  if (inst.warded) markers.push(["warded", t("marker.warded")]);
  if (inst.equipment)
    markers.push(["equipment", t("marker.equipment", { name: cardName(faces, inst.equipment.card_id) })]);
  return markers;
}

/**
 * A card element. `ref` is {iid, card_id} plus, on the table, the instance's state;
 * `opts.kind` is "hand", "character", "eg" or "shown"; `opts.onPick` makes it a button.
 */
export function cardElement(ref, faces, opts = {}) {
  const face = faces[ref.card_id] || { card_id: ref.card_id, name: ref.card_id, type: "character" };
  const clickable = Boolean(opts.onPick);
  const node = el(clickable ? "button" : "article", "card");
  if (clickable) {
    node.type = "button";
    node.addEventListener("click", () => opts.onPick(ref.iid));
    node.classList.add("pickable");
    if (opts.selected !== undefined) node.setAttribute("aria-pressed", String(opts.selected));
  }
  node.classList.add(`type-${face.type}`, `rarity-${face.rarity || "C"}`, `side-${side(face.alignment)}`);
  node.dataset.iid = ref.iid;
  node.dataset.cardId = ref.card_id;
  const name = cardName(faces, ref.card_id);
  const described = [name, t(`type.${face.type}`)];

  const head = el("header", "card-head");
  const mark = el("span", `align-mark side-${side(face.alignment)}`, "◆");
  const alignment = t(`alignment.${face.alignment}`);
  mark.title = t(`tip.alignment.${side(face.alignment)}`, { alignment });
  mark.setAttribute("aria-hidden", "true");
  head.append(mark, el("span", "card-name", name));
  node.append(head);
  const meta = el("p", "card-meta", `${t(`type.${face.type}`)} · `);
  const rarity = el("span", `rarity rarity-${face.rarity || "C"}`, t(`rarity.${face.rarity}`));
  rarity.title = t("tip.rarity", { rarity: t(`rarity.${face.rarity}`) });
  meta.append(rarity);
  node.append(meta);
  // The whole card's tooltip: what its border and its ◆ stand for.
  node.title = `${name} · ${t(`type.${face.type}`)}\n${rarity.title}\n${mark.title}`;

  if (face.type === "character") {
    const shown = opts.kind === "character" ? ref : face;
    const stats = el("dl", "stats");
    for (const stat of STATS) {
      const value = stat === "hp" && opts.kind === "character" ? `${shown.hp}/${shown.max_hp}` : shown[stat];
      // Each pair in a div of its own (valid in a dl), so that a long value wraps the pair
      // to a line of its own instead of pushing the others out of a narrow card.
      const pair = el("div", "stat");
      pair.append(el("dt", null, t(`stat.${stat}`)), el("dd", `stat-${stat}`, String(value ?? "–")));
      stats.append(pair);
    }
    node.append(stats);
    if (opts.kind === "character") {
      const bar = el("div", "hp-bar");
      bar.setAttribute("role", "meter");
      bar.setAttribute("aria-valuemin", "0");
      bar.setAttribute("aria-valuemax", String(ref.max_hp));
      bar.setAttribute("aria-valuenow", String(ref.hp));
      bar.setAttribute("aria-label", t("card.hp_of", { hp: ref.hp, max: ref.max_hp }));
      const fill = el("span", "hp-fill");
      const ratio = ref.max_hp ? Math.max(0, Math.min(1, ref.hp / ref.max_hp)) : 0;
      fill.style.width = `${Math.round(ratio * 100)}%`;
      if (ratio < 0.34) fill.classList.add("low");
      bar.append(fill);
      node.append(bar);
      const markers = characterMarkers(ref, faces, opts.isProtected);
      if (markers.length) node.append(markerList(markers));
      described.push(t("card.hp_of", { hp: ref.hp, max: ref.max_hp }), ...markers.map((m) => m[1]));
    } else {
      described.push(...STATS.map((s) => `${t(`stat.${s}`)} ${face[s]}`));
    }
  }
  if (opts.kind === "eg") {
    const progress = el("progress", "eg-progress");
    progress.max = ref.phases;
    progress.value = ref.progress;
    const words = t("card.progress", { done: ref.progress, phases: ref.phases });
    progress.setAttribute("aria-label", words);
    node.append(progress, el("p", "eg-words", words));
    const markers = [ref.complete ? ["complete", t("marker.complete")] : ["building", t("marker.building")]];
    progress.title = t("tip.phases");
    if (ref.structure !== undefined && ref.structure !== null)
      markers.push(["structure", t("card.structure", { left: ref.structure - (ref.hits_taken || 0) })]);
    node.append(markerList(markers));
    described.push(words, ...markers.map((m) => m[1]));
  }
  const effect = face.effect_text && face.effect_text[lang];
  if (effect) {
    const words = el("p", "effect", effect);
    if (effect.includes("⚙")) words.title = t("tip.phases");
    node.append(words);
    described.push(effect);
  }
  const flavour = lang === "en" ? face.text_en || face.text : face.text;
  if (flavour) node.append(el("p", "flavour", flavour));
  node.setAttribute("aria-label", described.join(", "));
  return node;
}

/** A card seen from the back (a face-down card, or a pile). */
export function cardBack(label) {
  const node = el("div", "card card-back", label);
  node.setAttribute("aria-label", label);
  return node;
}
