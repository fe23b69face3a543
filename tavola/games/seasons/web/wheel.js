// The season wheel as the board has it (§3.1): 12 spaces, 3 per season (winter blue,
// spring green, summer yellow, autumn red), the season token on its space, and the year
// in the middle in Roman numerals, as the library tokens write it.
import { el } from "/js/dom.js";
import { t } from "/js/i18n.js";
import { roman } from "./ui.js";

const SEASONS = ["winter", "spring", "summer", "autumn"];
const COLOURS = { winter: "#3d7cc9", spring: "#4a9a4a", summer: "#e0b21d", autumn: "#c4472d" };
const SVG = "http://www.w3.org/2000/svg";
const C = 60;
const OUTER = 57;
const INNER = 33;

export const seasonOf = (month) => SEASONS[Math.floor((month - 1) / 3) % 4];

/** "spring, month 2 of 3": where the token stands, as a person reads the wheel. */
function position(month) {
  return t("word.position", { season: t(`season.${seasonOf(month)}`), k: ((month - 1) % 3) + 1 });
}

function node(tag, attrs) {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) made.setAttribute(name, String(value));
  return made;
}

function point(radius, degrees) {
  const a = (degrees * Math.PI) / 180;
  return [C + radius * Math.cos(a), C + radius * Math.sin(a)];
}

/** One space of the wheel: month 1 at the top, then clockwise. */
function space(month) {
  const from = -90 + (month - 1) * 30;
  const to = from + 30;
  const [x1, y1] = point(OUTER, from);
  const [x2, y2] = point(OUTER, to);
  const [x3, y3] = point(INNER, to);
  const [x4, y4] = point(INNER, from);
  const d = `M${x1} ${y1}A${OUTER} ${OUTER} 0 0 1 ${x2} ${y2}L${x3} ${y3}A${INNER} ${INNER} 0 0 0 ${x4} ${y4}Z`;
  return d;
}

/** The wheel, with the token on `month` and `year` in the middle. */
export function wheel(month, year) {
  const current = seasonOf(month);
  const box = el("figure", `sn-wheel sn-season-${current}`);
  const svg = node("svg", { viewBox: "0 0 120 120", class: "sn-wheel-svg", role: "img" });
  svg.setAttribute("aria-label", t("wheel.label", { position: position(month), year: roman(Math.min(year, 3)) }));
  for (let m = 1; m <= 12; m++) {
    const season = seasonOf(m);
    svg.append(
      node("path", {
        d: space(m),
        fill: COLOURS[season],
        "fill-opacity": season === current ? 1 : 0.32,
        stroke: "#fffdf8",
        "stroke-width": m % 3 === 0 ? 2.4 : 0.8,
        class: `sn-space${m === month ? " sn-space-now" : ""}`,
      }),
    );
  }
  const [tx, ty] = point((OUTER + INNER) / 2, -90 + (month - 1) * 30 + 15);
  svg.append(node("circle", { cx: tx, cy: ty, r: 8.5, fill: "#fffdf8", stroke: "#2b2620", "stroke-width": 2.5, class: "sn-token" }));
  const year_ = node("text", { x: C, y: C + 9, "text-anchor": "middle", class: "sn-wheel-year" });
  year_.textContent = roman(Math.min(year, 3));
  svg.append(year_);
  box.append(svg);
  const caption = el("figcaption", "sn-wheel-caption");
  caption.append(el("strong", "sn-wheel-season", t(`season.${current}`)), el("span", "sn-wheel-month", t("wheel.month", { k: ((month - 1) % 3) + 1 })));
  // Year IV is no year of play: the token has gone past the end of year III (R33).
  if (year > 3) caption.append(el("span", "sn-wheel-year-text", t("wheel.ended")));
  box.append(caption);
  return box;
}
