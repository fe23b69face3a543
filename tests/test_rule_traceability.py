"""Every numbered rule of every game has a test that names it, or a written reason why not.

The rule numbers are the spec's, `../shared/rules/*.md` beside the checkout (CI keeps
`shared/` there, read-only); a checkout without `shared/` beside it (a newcomer's clone) reads
them from the game's own rules pages, `tavola/games/<game>/rules/<lang>.md`, whose headings
tell exactly the spec's numbers (`tests/test_rules_pages.py` checks that when the spec is
there). A game with neither is skipped, with the reason.

- **Rules.** A spec's numbered rules are the identifiers (`R14`, `BP8`, `S5`, `V1`, `A6`) that
  label a list item (`- **R14** …`, `- V1 …`, `- R1. …`) or a bold paragraph (`**A1 …`), or
  open a row of a table under an "Actions" heading. The acceptance scenarios and the worked
  examples are left out: they are tests and illustrations of the rules, not rules. A rules
  page's are the numbers its `### ` headings open with (`tests/rules_pages.py`).
- **Which game.** A game under `tavola/games/<game>/` follows the spec its `DECISIONS.md` names
  first (`shared/rules/<spec>.md`). A spec that no game names belongs to a game not built yet:
  nothing checks its rules against tests, so the spec cannot turn the suite red, and the
  checks start the day its game's `DECISIONS.md` names it. The specs are still parsed
  (`test_every_spec_numbers_its_rules`).
- **Naming a rule.** A test under `tests/games/<game>/` names a rule when its function name
  opens with the number (`test_r14_…`, `test_bp8_r47_…`: every leading segment that is a
  number counts) or when its docstring cites it in parentheses, as the specs cite rules
  ("A drawn card the drawer may use goes to its hand (R17)."). A scenario file whose
  `game` is the game names the rules cited in parentheses in its `title`
  (`"SC12 Classic hit (R48, R49): …"`). Each number is written out: a range such as
  `R57–R61` names only its two ends, exactly as `grep -rn "R58\\b" tavola tests` would see it.
- **Reasons.** A rule may go without a test only if the game's `DECISIONS.md` says why, in a
  section `## Rules without a test of their own`: one bullet per reason, opening with the
  numbers it covers and a colon (`- R132, R133: campaigns are not built yet (issue 20).`).
  A reason that names a rule with a test fails too, so the list stays true.
"""

import ast
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.rules_pages import page_numbers, rules_pages

REPO = Path(__file__).resolve().parents[1]
RULES = REPO.parent / "shared" / "rules"
GAMES = REPO / "tavola" / "games"
TESTS = REPO / "tests" / "games"
SCENARIOS = REPO / "scenarios"

EXCUSES_HEADING = "## Rules without a test of their own"
SKIPPED_SECTIONS = ("acceptance scenarios", "worked examples")

_ID = r"[A-Z]{1,2}\d+"
_LABEL = re.compile(rf"^(?:\s*-\s+(?:\*\*)?|\*\*)({_ID})(?=[\s.*:(`])")
_TABLE_LABEL = re.compile(rf"^\|\s*({_ID})\s*\|")
_CITATION = re.compile(rf"({_ID})[a-z]?(?:\s*[–-]\s*({_ID})[a-z]?)?")
_PARENTHESES = re.compile(r"\(([^()]*)\)")
_NAME_SEGMENT = re.compile(r"([a-z]{1,2}\d+)[a-z]?")
_SPEC_PATH = re.compile(r"shared/rules/([\w.-]+\.md)")


def spec_rules(text: str) -> list[str]:
    """The rule numbers a spec defines, in the spec's order."""
    rules: list[str] = []
    section = heading = ""
    for line in text.splitlines():
        if line.startswith("#"):
            heading = line.lower()
            section = heading if line.startswith("## ") else section
            continue
        if any(skipped in section for skipped in SKIPPED_SECTIONS):
            continue
        match = _LABEL.match(line)
        if match is None and "actions" in heading:
            match = _TABLE_LABEL.match(line)
        if match and match.group(1) not in rules:
            rules.append(match.group(1))
    return rules


def cited(text: str) -> set[str]:
    """Rule numbers cited as the spec cites them: bare items of a parenthesised list.

    "(R48, R49; E1)" cites R48, R49 and E1, "(R57–R61)" its two ends; "(A1 stays exhausted)"
    and "(S1-019)" cite nothing: a character or a card, not a rule.
    """
    numbers: set[str] = set()
    for group in _PARENTHESES.findall(text):
        for item in re.split(r"[,;]", group):
            match = _CITATION.fullmatch(item.strip())
            if match:
                numbers |= {number for number in match.groups() if number}
    return numbers


def named_by_test_name(name: str) -> set[str]:
    """Rule numbers a test's name opens with: `test_r76_sc34_sleep…` gives R76 and SC34."""
    numbers: set[str] = set()
    for segment in name.removeprefix("test_").split("_"):
        match = _NAME_SEGMENT.fullmatch(segment)
        if match is None:
            break
        numbers.add(match.group(1).upper())
    return numbers


def named_in_module(source: str) -> set[str]:
    """Rule numbers named by the tests of one test module (names and docstrings)."""
    numbers: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test_"
        ):
            numbers |= named_by_test_name(node.name)
            numbers |= cited(ast.get_docstring(node) or "")
    return numbers


def excuses(decisions: str) -> dict[str, str]:
    """Rule number → the reason `DECISIONS.md` gives for its having no test of its own."""
    bullets: list[str] = []
    inside = False
    for line in decisions.splitlines():
        if line.startswith("## "):
            inside = line.strip() == EXCUSES_HEADING
        elif inside and line.startswith("- "):
            bullets.append(line[2:])
        elif inside and bullets and line.startswith("  "):
            bullets[-1] += " " + line.strip()
    reasons: dict[str, str] = {}
    for bullet in bullets:
        numbers, _, reason = bullet.partition(":")
        for number in re.split(r"[,\s]+", numbers.replace("*", "").strip()):
            assert number not in reasons, f"{number} is excused twice in DECISIONS.md"
            reasons[number] = reason.strip()
    return reasons


@dataclass(frozen=True)
class Game:
    package: str
    spec: str

    @property
    def decisions(self) -> str:
        return (GAMES / self.package / "DECISIONS.md").read_text(encoding="utf-8")

    def named_rules(self) -> set[str]:
        numbers: set[str] = set()
        for path in sorted((TESTS / self.package).rglob("test_*.py")):
            numbers |= named_in_module(path.read_text(encoding="utf-8"))
        for path in sorted(SCENARIOS.rglob("*.toml")):
            scenario = tomllib.loads(path.read_text(encoding="utf-8"))
            if scenario.get("game") == self.package:
                numbers |= cited(str(scenario.get("title", "")))
        return numbers


def games() -> dict[str, Game]:
    """Spec file name → the game that follows it (the first spec its DECISIONS.md names)."""
    found: dict[str, Game] = {}
    for decisions in sorted(GAMES.glob("*/DECISIONS.md")):
        match = _SPEC_PATH.search(decisions.read_text(encoding="utf-8"))
        if match:
            found[match.group(1)] = Game(decisions.parent.name, match.group(1))
    return found


SPECS = sorted(RULES.glob("*.md"))
NO_SPECS = pytest.param(
    None,
    marks=pytest.mark.skip(reason=f"no rules specs in {RULES}: no shared/ beside the checkout"),
)


def rule_numbers(game: Game) -> list[str]:
    """The game's numbered rules: its spec's, else the ones its rules pages tell."""
    spec = RULES / game.spec
    if spec.is_file():
        return spec_rules(spec.read_text(encoding="utf-8"))
    pages = rules_pages(game.package)
    if not pages:
        pytest.skip(
            f"neither ../shared/rules/{game.spec} beside the checkout "
            f"nor rules pages under tavola/games/{game.package}/rules/"
        )
    return list(dict.fromkeys(page_numbers(pages[0].read_text(encoding="utf-8"))))


BUILT = sorted(games().values(), key=lambda game: game.package)
BUILT_IDS = [game.package for game in BUILT]


@pytest.mark.skipif(
    not RULES.parent.is_dir(), reason="no shared/ beside the checkout (CI keeps it there)"
)
def test_the_rules_specs_are_beside_the_checkout():
    assert SPECS, f"no rules specs in {RULES} (CI keeps shared/ beside the checkout)"


@pytest.mark.parametrize("spec", SPECS or [NO_SPECS], ids=[spec.stem for spec in SPECS] or None)
def test_every_spec_numbers_its_rules(spec):
    rules = spec_rules(spec.read_text(encoding="utf-8"))
    assert "R1" in rules


@pytest.mark.parametrize("game", BUILT, ids=BUILT_IDS)
def test_every_rule_has_a_test_naming_it_or_a_reason(game):
    rules = rule_numbers(game)
    named = game.named_rules()
    reasons = excuses(game.decisions)
    untraced = [rule for rule in rules if rule not in named and rule not in reasons]
    assert not untraced, (
        f"rules of {game.spec} with no test naming them and no reason in "
        f"tavola/games/{game.package}/DECISIONS.md: {', '.join(untraced)}"
    )


@pytest.mark.parametrize("game", BUILT, ids=BUILT_IDS)
def test_no_rule_with_a_test_is_excused(game):
    stale = sorted(set(excuses(game.decisions)) & game.named_rules())
    assert not stale, f"these rules now have a test: drop them from {EXCUSES_HEADING}: {stale}"


@pytest.mark.parametrize("game", BUILT, ids=BUILT_IDS)
def test_every_reason_names_a_rule_of_the_game_and_says_why(game):
    rules = rule_numbers(game)
    reasons = excuses(game.decisions)
    assert not sorted(set(reasons) - set(rules)), "reasons for rules the spec does not have"
    assert all(reasons.values()), "a rule listed without its reason"


def test_a_spec_numbers_bullets_bold_paragraphs_and_action_rows_only():
    text = "\n".join(
        [
            "## 5. Flow",
            "- **R1** A rule.",
            "- R2. Another.",
            "- V3 Characters: a check.",
            "**A4 `act`**: an action.",
            "| A5 | a row outside the actions |",
            "## 6. Actions",
            "| A6 | `act` |",
            "## 7. Formulas and worked examples",
            "### 7.1 Sizes",
            "- S0 = 5 × T: a formula.",
            "## 12. Acceptance scenarios",
            "- **SC1 Turn order (R1).** A scenario.",
        ]
    )
    assert spec_rules(text) == ["R1", "R2", "V3", "A4", "A6"]


def test_a_test_name_names_its_leading_numbers_only():
    assert named_by_test_name("test_r76_sc34_sleep_of_a1") == {"R76", "SC34"}
    assert named_by_test_name("test_r72a_ends") == {"R72"}
    assert named_by_test_name("test_heal_on_r14") == set()


def test_a_docstring_names_the_numbers_it_cites_in_parentheses():
    assert cited("V1 alone on X (BP8, R72a; E2) at A1(300/60/20/40)") == {"BP8", "R72", "E2"}


def test_a_parenthesis_naming_a_character_or_a_card_cites_nothing():
    assert cited("(A1 stays exhausted, HP 200) and (S1-019 among them)") == set()


def test_a_range_names_only_its_ends():
    assert cited("(R57–R61)") == {"R57", "R61"}


def test_a_reason_covers_each_number_it_lists():
    decisions = "\n".join(
        [
            "## Other",
            "- R1: not a reason.",
            EXCUSES_HEADING,
            "- **R2**, R3,",
            "  R5: not built yet",
            "  (issue 20).",
            "- R4:",
        ]
    )
    reason = "not built yet (issue 20)."
    assert excuses(decisions) == {"R2": reason, "R3": reason, "R5": reason, "R4": ""}
