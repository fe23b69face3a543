// Links to a game's rules page (/rules/<game>, the rules the game carries): the whole page,
// or one rule's anchor ("(R26)" beside a refusal or a log line). A game whose rules are
// told in no language (`told`: the catalogue's `rules`) has no link.
import { el } from "./dom.js";
import { lang, t } from "./i18n.js";

/** The address of `game`'s rules (at `rule`'s anchor): in the page's language when they
 * are written in it, else in English, else in their first; null without rules. */
export function rulesHref(game, told, rule = null) {
  if (!told || !told.length) return null;
  const shown = [lang, "en", told[0]].find((l) => told.includes(l));
  const anchor = rule ? `#${encodeURIComponent(rule)}` : "";
  return `/rules/${encodeURIComponent(game)}?lang=${shown}${anchor}`;
}

/** "(R26)", opening the rule in a new tab (the game goes on); null without a rule or rules. */
export function ruleLink(game, told, rule) {
  const href = rule && rulesHref(game, told, rule);
  if (!href) return null;
  const link = el("a", "rule-link", `(${rule})`);
  Object.assign(link, { href, target: "_blank", rel: "noopener" });
  link.title = t("play.rule_title", { rule });
  return link;
}
