// Legend.a.League's part of a tournament's registration form: the entrant's lineup, picked
// by name among the ready-made ones and, for a signed-in person, the lineups the account
// saved on the roster page; the chosen lineup's team is shown by its legends' names. The
// shell's tournament page calls `registrationForm(ctx)` and sends what `read()` gives.
import { whoAmI } from "/js/account.js";
import { el } from "/js/dom.js";

/** The saved lineups, whichever way the list is wrapped. */
const listOf = (answer) => (Array.isArray(answer) ? answer : answer.lineups || []);

const legendIds = (team) => team.map((entry) => (typeof entry === "string" ? entry : entry.legend_id));

export async function registrationForm({ choices, words, api }) {
  const offered = choices.presets.map((p) => ({ key: `preset:${p.id}`, name: p.name, lineup: p.id, team: p.team }));
  if (await whoAmI()) {
    const saved = listOf(await api("GET", "/api/me/lineups/league").catch(() => []));
    for (const s of saved) {
      offered.push({ key: `saved:${s.name}`, name: words("tournament.saved", { name: s.name }), lineup: s.lineup, team: legendIds(s.lineup.team || []) });
    }
  }
  const select = el("select");
  select.name = "lineup";
  select.required = true;
  select.append(new Option(words("tournament.none"), ""));
  for (const choice of offered) select.append(new Option(choice.name, choice.key));
  const label = el("label");
  label.append(el("span", null, words("tournament.lineup")), select);
  const team = el("p", "hint lineup-team");
  const show = () => {
    const chosen = offered.find((c) => c.key === select.value);
    team.textContent = chosen ? words("tournament.team", { names: chosen.team.map((id) => words(`legend.${id}`)).join(", ") }) : "";
  };
  select.addEventListener("change", show);
  const node = el("div", "fields");
  node.append(label, team);
  return {
    node,
    read: () => {
      const chosen = offered.find((c) => c.key === select.value);
      return chosen ? { lineup: chosen.lineup } : {};
    },
  };
}
