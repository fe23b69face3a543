"""Every numbered rule of a game's spec is told on its rules page, in every language the
game declares (issue 31): each number a `### ` heading names (a range counts for each number
in it) is an anchor a refusal or a log line may link to.

The specs are `../shared/rules/*.md`, beside the checkout: without `shared/` these checks
are skipped. A game follows the spec its `DECISIONS.md` names first, as in
`test_rule_traceability`; a game without a `rules` folder yet (its texts are being written)
is skipped, one with the folder must have every language and every rule."""

from __future__ import annotations

import pytest

from tavola.core import get_game
from tavola.server.rules_text import render
from tests.test_rule_traceability import GAMES, RULES, games, spec_rules

RULED = sorted(folder.name for folder in GAMES.iterdir() if (folder / "rules").is_dir())


def _spec_of(name: str) -> str:
    if not RULES.is_dir():
        pytest.skip(f"{RULES} is absent: the rules specs live beside the checkout")
    spec = next((s for s, game in games().items() if game.package == name), None)
    if spec is None:
        pytest.skip(f"{name}'s DECISIONS.md names no spec")
    return spec


@pytest.mark.parametrize("name", RULED)
def test_every_declared_language_has_its_rules_page(name):
    info = get_game(name).info
    assert info.rules is not None and info.rules.is_dir()
    assert info.rules_languages() == info.languages


@pytest.mark.parametrize("name", RULED)
def test_every_rule_of_the_spec_has_an_anchor_in_each_language(name):
    spec = _spec_of(name)
    wanted = spec_rules((RULES / spec).read_text(encoding="utf-8"))
    info = get_game(name).info
    assert info.rules is not None
    for lang in info.languages:
        page = render((info.rules / f"{lang}.md").read_text(encoding="utf-8"))
        missing = [rule for rule in wanted if rule not in page.rules]
        assert not missing, f"{name} {lang}.md tells no rule {', '.join(missing)}"
        unknown = [rule for rule in page.rules if rule not in wanted]
        assert not unknown, f"{name} {lang}.md names rules its spec lacks: {unknown}"
        assert page.title and page.sections, f"{name} {lang}.md has no title or no sections"
