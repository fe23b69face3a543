"""Join links are built on the configured public address (`create_app(public_url=…)`,
`TAVOLA_PUBLIC_URL`, `tavola serve --public-url`), never on what a request says."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tavola.cli import app as cli
from tavola.server.links import PUBLIC_URL_ENV, join_url, public_base

from .api_helpers import ANNA, BRUNO, SIMPLIFIED, running


@pytest.mark.parametrize(
    ("given", "base"),
    [
        ("https://tavola.example.org/", "https://tavola.example.org"),
        (" http://127.0.0.1:8000 ", "http://127.0.0.1:8000"),
        ("https://example.org/games/", "https://example.org/games"),
        ("", ""),
    ],
)
def test_a_public_address_is_kept_without_its_last_slash(given, base):
    assert public_base(given) == base


@pytest.mark.parametrize(
    "given",
    [
        "tavola.example.org",
        "ftp://example.org",
        "https://",
        "https://a@example.org",
        "https://x/?a=1",
    ],
)
def test_a_public_address_that_is_not_one_is_refused_naming_it(given):
    with pytest.raises(ValueError, match=PUBLIC_URL_ENV):
        public_base(given)


def test_without_a_public_address_links_are_relative(monkeypatch):
    monkeypatch.delenv(PUBLIC_URL_ENV, raising=False)
    assert join_url(public_base(), "abc", "P1", token=None, invite="x") == (
        "/play/abc?seat=P1#invite=x"
    )


def test_the_environment_gives_the_public_address(tmp_path, monkeypatch):
    monkeypatch.setenv(PUBLIC_URL_ENV, "https://play.example.net")
    with running(f"sqlite:///{tmp_path / 't.db'}") as client:
        body = {"game": "legends", "options": SIMPLIFIED, "seats": [ANNA, BRUNO]}
        response = client.post("/api/games", json=body, headers={"X-Forwarded-Host": "evil"})
    assert response.status_code == 201, response.text
    for entry in response.json()["seats"]:
        assert entry["join_url"].startswith("https://play.example.net/play/")


def test_serve_refuses_a_bad_public_url_before_starting(monkeypatch):
    monkeypatch.delenv(PUBLIC_URL_ENV, raising=False)
    result = CliRunner().invoke(cli, ["serve", "--public-url", "example.org"])
    assert result.exit_code == 2
    assert PUBLIC_URL_ENV in result.output
