// A season die's face drawn as the physical die shows it (energy tokens, crystals, star,
// transmute, draw, pips) with its words beneath, and read from its code (§3.2: "2W * /2").
// The symbols are small SVG drawings: a phone may have no emoji font.
import { el } from "/js/dom.js";
import { t } from "/js/i18n.js";
import { tn } from "./ui.js";

export const ENERGIES = ["W", "E", "F", "A"];
const SVG = "http://www.w3.org/2000/svg";

const SHAPES = {
  W: [["path", { d: "M12 2C12 2 5 10.5 5 15a7 7 0 0 0 14 0C19 10.5 12 2 12 2Z", fill: "#2f7fd1" }]],
  E: [
    ["path", { d: "M2 20 9.5 7l4 6.5 2.5-3.5L22 20Z", fill: "#6f8f2f" }],
    ["path", { d: "M9.5 7 11.6 10.4 9.5 9.6 7.6 10.3Z", fill: "#e9f0d8" }],
  ],
  F: [["path", { d: "M12 2c1 5 6.5 7 6.5 13a6.5 6.5 0 0 1-13 0c0-4 3-5.5 3-9.5 2 2 2.5 4 3 5.5 1.5-3 1-6 .5-9Z", fill: "#e0572b" }]],
  A: [
    ["path", { d: "M3 9h11a3 3 0 1 0-3-3", fill: "none", stroke: "#7f97ad", "stroke-width": 2.4, "stroke-linecap": "round" }],
    ["path", { d: "M3 14h15a3 3 0 1 1-3 3", fill: "none", stroke: "#7f97ad", "stroke-width": 2.4, "stroke-linecap": "round" }],
  ],
  crystal: [
    ["path", { d: "M12 2 20 9 12 22 4 9Z", fill: "#8d5fd3" }],
    ["path", { d: "M4 9h16M12 2 9 9l3 13 3-13Z", fill: "none", stroke: "#e7dcfa", "stroke-width": 1 }],
  ],
  star: [["path", { d: "m12 2 2.9 6.6 7.1.6-5.4 4.7 1.6 7L12 17.2 5.8 20.9l1.6-7L2 9.2l7.1-.6Z", fill: "#e2a610" }]],
  transmute: [
    ["path", { d: "M4 8h14m-4-4 4 4-4 4M20 16H6m4-4-4 4 4 4", fill: "none", stroke: "#3c3a36", "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" }],
  ],
  draw: [
    ["rect", { x: 5, y: 2.5, width: 14, height: 19, rx: 2, fill: "#f6f1e6", stroke: "#3c3a36", "stroke-width": 1.8 }],
    ["path", { d: "M12 8v8m-4-4h8", stroke: "#3c3a36", "stroke-width": 2.2, "stroke-linecap": "round" }],
  ],
};

/** A symbol as an inline SVG drawing (decorative: the words say it). */
export function symbol(kind, className = "") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `sn-icon sn-icon-${kind} ${className}`);
  svg.setAttribute("aria-hidden", "true");
  for (const [tag, attrs] of SHAPES[kind] || []) {
    const shape = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attrs)) shape.setAttribute(name, String(value));
    svg.append(shape);
  }
  return svg;
}

/** A face code read into `{energy: {W,E,F,A}, crystals, star, transmute, draw, pips}`, or null
 * when it is no face (the server checks every code it is sent: this only draws). */
export function parseFace(code) {
  const face = { energy: { W: 0, E: 0, F: 0, A: 0 }, crystals: 0, star: false, transmute: false, draw: false, pips: 0 };
  for (const token of String(code).trim().toUpperCase().split(/\s+/)) {
    let m;
    if ((m = /^([12])([WEFA])$/.exec(token))) face.energy[m[2]] += Number(m[1]);
    else if ((m = /^\+(\d)C$/.exec(token))) face.crystals = Number(m[1]);
    else if (token === "*") face.star = true;
    else if (token === "T") face.transmute = true;
    else if (token === "D") face.draw = true;
    else if ((m = /^\/([123])$/.exec(token))) face.pips = Number(m[1]);
    else return null;
  }
  return face.pips ? face : null;
}

/** The face in words, symbol by symbol, pips last: "2 water energy + star (2 pips)". */
export function faceWords(face) {
  const parts = [];
  for (const kind of ENERGIES) {
    const n = face.energy[kind] || 0;
    if (n) parts.push(tn("face.energy", n, { kind: t(`energy.${kind}`) }));
  }
  if (face.crystals) parts.push(tn("face.crystals", face.crystals));
  for (const flag of ["star", "transmute", "draw"]) if (face[flag]) parts.push(t(`face.${flag}`));
  return t("face.shown", { symbols: parts.join(t("face.joiner")), pips: tn("face.pips", face.pips) });
}

/** The face as the die shows it: its symbols in a row, the pips beneath. */
export function faceSymbols(face, className = "") {
  const box = el("span", `sn-face ${className}`);
  const row = el("span", "sn-face-symbols");
  for (const kind of ENERGIES) {
    for (let i = 0; i < (face.energy[kind] || 0); i++) row.append(symbol(kind, "sn-energy"));
  }
  if (face.crystals) {
    const gem = el("span", "sn-crystals");
    gem.append(symbol("crystal"), el("span", "sn-crystals-n", `+${face.crystals}`));
    row.append(gem);
  }
  for (const flag of ["star", "transmute", "draw"]) if (face[flag]) row.append(symbol(flag));
  const pips = el("span", "sn-pips");
  for (let i = 0; i < face.pips; i++) pips.append(el("span", "sn-pip"));
  box.append(row, pips);
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", faceWords(face));
  return box;
}

/** A die: its face drawn big, and its words. */
export function dieFace(face, caption) {
  const box = el("figure", "sn-die");
  box.append(faceSymbols(face));
  const words = el("figcaption", "sn-die-words");
  if (caption) words.append(el("strong", "sn-die-name", caption));
  words.append(el("span", "sn-die-text", faceWords(face)));
  box.append(words);
  return box;
}
