"""The players' rules pages (`tavola/games/<game>/rules/<lang>.md`, issue 31) tell every rule.

A page opens with its `# ` title; each rule is a `### ` heading opening with its numbers
(`tests/rules_pages.py`). Every language of a game tells the same rule numbers, always;
when the spec is beside the checkout (`../shared/rules/`), a page tells exactly the numbered
rules of its game's spec, each once, so that a clone without `shared/` still has every rule
number in the pages (the rule traceability test reads them there).
"""

import pytest

from tavola.core.registry import get_game
from tests.rules_pages import games_with_pages, heading_numbers, page_numbers, rules_pages
from tests.test_rule_traceability import RULES, games, spec_rules

PAGES = [page for game in games_with_pages() for page in rules_pages(game)]
PAGE_IDS = [f"{page.parent.parent.name}-{page.stem}" for page in PAGES]
SPEC_OF = {game.package: spec for spec, game in games().items()}


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_a_rules_page_opens_with_its_title_and_every_rule_heading_with_its_numbers(page):
    lines = page.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# "), f"{page}: the first line is the page's `# ` title"
    unnumbered = [line for line in lines if line.startswith("### ") and not heading_numbers(line)]
    assert not unnumbered, f"{page}: rule headings without their numbers: {unnumbered}"


@pytest.mark.parametrize("game", games_with_pages())
def test_a_game_has_a_rules_page_in_each_language_of_its_table(game):
    languages = {page.stem for page in rules_pages(game)}
    assert languages == set(get_game(game).info.languages)


@pytest.mark.parametrize("game", games_with_pages())
def test_every_language_of_a_game_tells_the_same_rule_numbers(game):
    told = {
        page.stem: sorted(set(page_numbers(page.read_text("utf-8")))) for page in rules_pages(game)
    }
    first, *others = told
    for lang in others:
        missing = sorted(set(told[first]) - set(told[lang]))
        extra = sorted(set(told[lang]) - set(told[first]))
        assert not missing and not extra, f"{game}/{lang} against {first}: {missing=} {extra=}"


@pytest.mark.parametrize("page", PAGES, ids=PAGE_IDS)
def test_a_rules_page_tells_each_rule_of_its_spec_once(page):
    game = page.parent.parent.name
    spec = RULES / SPEC_OF.get(game, "")
    if game not in SPEC_OF or not spec.is_file():
        pytest.skip(f"the spec of {game} is not beside the checkout (../shared/rules/)")
    expected = spec_rules(spec.read_text(encoding="utf-8"))
    told = page_numbers(page.read_text(encoding="utf-8"))
    repeated = sorted({n for n in told if told.count(n) > 1})
    assert not repeated, f"{page}: rules told under two headings: {repeated}"
    missing = [n for n in expected if n not in told]
    assert not missing, f"{page}: rules of {spec.name} the page does not tell: {missing}"
    unknown = sorted(set(told) - set(expected))
    assert not unknown, f"{page}: numbers {spec.name} does not have: {unknown}"


def test_a_heading_names_single_numbers_lists_and_every_number_of_a_range():
    assert heading_numbers("### R34 · No attack") == ["R34"]
    assert heading_numbers("### R12, R14 · Roll") == ["R12", "R14"]
    assert heading_numbers("### R30–R33, V1 · Entry") == ["R30", "R31", "R32", "R33", "V1"]
    assert heading_numbers("### A1–A3 · Actions") == ["A1", "A2", "A3"]
    assert heading_numbers("### How to win") is None
    assert heading_numbers("### R3–A4 · Mixed") is None
