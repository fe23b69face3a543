// What an attack would do as the table stands now (§7's formulas, from what every viewer
// sees: effective stats, statuses, ward), shown on the button that confirms it. Cards
// played in the response window may still change it; the server resolves the real one.
import { t, tn } from "/js/i18n.js";

function tables(view) {
  const found = new Map();
  for (const info of Object.values(view.seats)) {
    for (const ch of info.table || []) found.set(ch.iid, { kind: "character", ...ch });
    for (const eg of info.egs || []) found.set(eg.iid, { kind: "eg", ...eg });
  }
  return found;
}

/** val(a) of R47 with the stat R40 picks when none is named: the higher, STR on a tie. */
function attackValue(ch, stat, target) {
  const value = (s) => (s === "mp" && target.warded ? 0 : ch[s] ?? 0);
  const chosen = stat || (value("mp") > value("str") ? "mp" : "str");
  return { stat: chosen, value: value(chosen) };
}

/** D_val of R46/R48: 0 when vulnerable, else the stated stat, else the higher of DEF and MP. */
function defence(view, target) {
  if (target.vulnerable) return { value: 0, words: t("preview.vulnerable") };
  const stated = view.combat && view.combat.target === target.iid ? view.combat.defence_stat : null;
  const stat = stated || ((target.mp ?? 0) > (target.def ?? 0) ? "mp" : "def");
  const value = target[stat] ?? 0;
  return { value, words: t("preview.defence", { stat: t(`stat.${stat}`), value }) };
}

function damage(view, attack, held) {
  if (view.mode === "epic") return attack - held;
  const rules = view.rules || {};
  const hit = rules.classic_hit_value || 100;
  return rules.classic_damage === "ceil" ? hit * Math.ceil((attack - held) / hit) : hit;
}

/** One line: "STR: attack 55 against DEF 60 → parried". */
export function attackPreview(view, attackers, targetIid) {
  const shown = tables(view);
  const target = shown.get(targetIid);
  const values = attackers.map((a) => {
    const ch = shown.get(a.iid);
    return ch ? attackValue(ch, a.stat, target || {}) : { stat: a.stat, value: 0 };
  });
  const attack = values.reduce((sum, v) => sum + v.value, 0);
  const stats = new Set(values.map((v) => v.stat));
  const named = stats.size === 1 && attackers.every((a) => a.stat);
  if (!target) return named ? t(`stat.${[...stats][0]}`) : String(attack);
  if (target.kind === "eg") {
    // An Enchantgineering has no defence (R52): each attacker above 0 is one hit.
    const hits = values.filter((v) => v.value > 0).length;
    const outcome = hits ? tn("preview.eg_hits", hits) : t("preview.eg_none");
    return named ? `${t(`stat.${[...stats][0]}`)}: ${outcome}` : outcome;
  }
  const guard = defence(view, target);
  const outcome = attack > guard.value ? t("preview.hit", { damage: damage(view, attack, guard.value) }) : t("preview.parried");
  const words = { attack, defence: guard.words, outcome };
  return named ? t("preview.line", { stat: t(`stat.${[...stats][0]}`), ...words }) : t("preview.line_plain", words);
}
