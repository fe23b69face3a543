"""Player-facing messages in Italian and English, and the Legends catalogues."""

import re
from pathlib import Path

import tavola.games.legends as legends_package
from tavola.core import IllegalAction, Messages

MESSAGES = Messages(
    {
        "en": {
            "error.not_yours": "It is not {seat}'s turn.",
            "error.bad_cut": "Cut between 1 and {max}, not {k}.",
            "greeting": "Hello {name}",
            "only_en": "English only",
        },
        "it": {
            "error.not_yours": "Non tocca a {seat}.",
            "error.bad_cut": "Taglia tra 1 e {max}, non {k}.",
            "greeting": "Ciao {name}",
        },
    }
)
LEGENDS_DIR = Path(legends_package.__file__).parent
CODE_USE = re.compile(r"""(?:MESSAGES\.illegal|\brefuse)\(\s*["']([a-z_]+)["']""")


def test_text_fills_parameters():
    assert MESSAGES.text("en", "greeting", name="Ada") == "Hello Ada"
    assert MESSAGES.text("it", "greeting", name="Ada") == "Ciao Ada"


def test_text_leaves_unknown_parameter_as_placeholder():
    assert MESSAGES.text("en", "error.bad_cut", k=0) == "Cut between 1 and {max}, not 0."


def test_text_falls_back_to_english_when_key_missing_in_language():
    assert MESSAGES.text("it", "only_en") == "English only"


def test_text_falls_back_to_english_for_unknown_language():
    assert MESSAGES.text("fr", "greeting", name="Ada") == "Hello Ada"


def test_text_of_unknown_key_is_the_key():
    assert MESSAGES.text("en", "no.such.key") == "no.such.key"


def test_has_reports_presence_per_language():
    assert MESSAGES.has("only_en", "en")
    assert not MESSAGES.has("only_en", "it")


def test_illegal_builds_illegal_action_with_code_and_both_languages():
    error = MESSAGES.illegal("not_yours", seat="P2")
    assert isinstance(error, IllegalAction)
    assert error.code == "not_yours"
    assert error.message == "It is not P2's turn."
    assert error.message_it == "Non tocca a P2."
    assert error.localized("it") == "Non tocca a P2."
    assert error.localized("en") == "It is not P2's turn."


def test_missing_keys_names_keys_a_language_lacks():
    assert MESSAGES.missing_keys() == {"en": set(), "it": {"only_en"}}


def test_load_flattens_nested_tables(tmp_path):
    (tmp_path / "en.toml").write_text('[error]\nx = "X {a}"\n[ui.menu]\ny = "Y"\n')
    (tmp_path / "it.toml").write_text('[error]\nx = "ICS {a}"\n')
    messages = Messages.load(tmp_path)
    assert messages.text("it", "error.x", a=1) == "ICS 1"
    assert messages.text("it", "ui.menu.y") == "Y"


def test_legends_catalogues_have_the_same_keys_in_italian_and_english():
    messages = Messages.load(LEGENDS_DIR / "i18n")
    assert set(messages.catalogues) == {"it", "en"}
    assert messages.missing_keys() == {"it": set(), "en": set()}


def test_every_legends_refusal_code_has_an_error_message():
    codes: set[str] = set()
    for path in sorted(LEGENDS_DIR.glob("*.py")):
        codes.update(CODE_USE.findall(path.read_text(encoding="utf-8")))
    assert "not_your_decision" in codes  # the scan finds the codes at all
    messages = Messages.load(LEGENDS_DIR / "i18n")
    for lang in ("it", "en"):
        missing = sorted(code for code in codes if not messages.has(f"error.{code}", lang))
        assert missing == [], lang
