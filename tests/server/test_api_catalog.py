"""The lobby's catalogue of games (`GET /api/catalog`) and each game's own browser files
(`GET /games/{name}/web/{path}`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from tavola.core import game_names, get_game, registry
from tavola.core.capabilities import GameInfo

from .api_helpers import running


@pytest.fixture
def client(tmp_path):
    with running(f"sqlite:///{tmp_path / 'tavola.db'}") as client:
        yield client


def catalog(client, lang="en"):
    response = client.get("/api/catalog", params={"lang": lang})
    assert response.status_code == 200, response.text
    return {entry["name"]: entry for entry in response.json()}


# -- the catalogue ---------------------------------------------------------------------------


def test_the_catalogue_lists_every_registered_game(client):
    assert sorted(catalog(client)) == game_names()


def test_each_entry_is_the_games_declaration(client):
    for name, entry in catalog(client).items():
        assert entry.items() >= get_game(name).info.to_json().items()


@pytest.mark.parametrize("lang", ["it", "en"])
def test_titles_and_descriptions_come_in_the_asked_language(client, lang):
    legends = catalog(client, lang)["legends"]
    info = get_game("legends").info
    assert legends["text"] == {"title": info.title[lang], "description": info.description[lang]}


def test_a_language_the_game_lacks_falls_back_to_its_first(client):
    trono = catalog(client, "ja")["trono"]
    assert trono["text"]["description"] == get_game("trono").info.description["it"]


def test_a_language_that_is_not_a_code_is_refused(client):
    response = client.get("/api/catalog", params={"lang": "../it"})
    assert response.status_code == 422
    assert response.json()["code"] == "bad_request"


def test_the_options_and_seat_schemas_are_the_games_table_models(client):
    legends = catalog(client)["legends"]
    game = get_game("legends")
    assert legends["options_schema"] == game.TableOptions.model_json_schema()
    assert legends["seat_schema"] == game.SeatOptions.model_json_schema()
    assert {"age", "team"} <= legends["seat_schema"]["properties"].keys()


def test_presets_come_with_their_titles_options_and_seats(client):
    legends = catalog(client)["legends"]
    assert legends["presets"] == [p.to_json() for p in get_game("legends").presets()]
    assert any("boss" in preset["seats"] for preset in legends["presets"])


def test_the_table_module_is_named_for_a_game_with_a_browser_table(client):
    for name, entry in catalog(client).items():
        if get_game(name).info.web is not None:
            assert entry["table_module"] == f"/games/{name}/web/table.js"


def test_a_game_without_a_browser_table_names_no_module(client, monkeypatch):
    register_pages(monkeypatch, None)
    assert catalog(client)["pages"]["table_module"] is None


def test_a_game_that_builds_no_tables_has_no_schemas_nor_presets(client, monkeypatch):
    register_pages(monkeypatch, None)
    pages = catalog(client)["pages"]
    assert (pages["options_schema"], pages["seat_schema"], pages["presets"]) == (None, None, [])


@pytest.mark.parametrize("name", ["legends", "trono"])
def test_every_preset_sets_up_a_table(client, name):
    for preset in catalog(client)[name]["presets"]:
        body = {
            "game": name,
            "options": preset["options"],
            "seats": [
                {"kind": kind, **fields}
                for kind, fields in zip(preset["seats"], preset["seat_fields"], strict=True)
            ],
        }
        response = client.post("/api/games", json=body)
        assert response.status_code == 201, (preset["id"], response.text)


# -- a game's browser files ------------------------------------------------------------------


@dataclass(frozen=True)
class PagesOnly:
    """A registered game that has nothing but a browser folder: all the route reads."""

    name: str
    info: GameInfo


def register_pages(monkeypatch, folder):
    """Registers `pages` for the test, with `folder` as its browser folder."""
    info = replace(get_game("trono").info, name="pages", web=folder)
    game_names()  # the registry loaded first: the test's game is added, then taken away
    monkeypatch.setitem(registry._games, "pages", PagesOnly("pages", info))


@pytest.fixture
def web(tmp_path, monkeypatch):
    """A game `pages` whose browser folder holds a module, a catalogue and a picture;
    beside the folder, files a path must never reach."""
    folder = tmp_path / "pages" / "web"
    (folder / "i18n").mkdir(parents=True)
    (folder / "table.js").write_text("export const table = 1;\n")
    (folder / "i18n" / "it.json").write_text('{"hello": "ciao"}')
    (folder / "logo.svg").write_text("<svg/>")
    (folder / "notes.py").write_text("secret = 1\n")
    (tmp_path / "pages" / "secret.js").write_text("export const secret = 1;\n")
    (folder / "outside.js").symlink_to(tmp_path / "pages" / "secret.js")
    register_pages(monkeypatch, folder)
    return folder


@pytest.mark.parametrize(
    ("path", "media"),
    [
        ("table.js", "text/javascript"),
        ("i18n/it.json", "application/json"),
        ("logo.svg", "image/svg+xml"),
    ],
)
def test_a_games_web_file_is_served_with_its_type(client, web, path, media):
    response = client.get(f"/games/pages/web/{path}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith(media)
    assert response.content == (web / path).read_bytes()


@pytest.mark.parametrize(
    "path",
    [
        "notes.py",
        "missing.js",
        "i18n",
        "..%2Fsecret.js",
        "%2E%2E/secret.js",
        "i18n/..%2F..%2Fsecret.js",
        "%2Fetc%2Fpasswd",
        "outside.js",
        "table.js%00.js",
    ],
    ids=[
        "other_suffix",
        "missing",
        "folder",
        "encoded_parent",
        "encoded_dots",
        "deeper_parent",
        "absolute",
        "symlink_out",
        "nul_byte",
    ],
)
def test_nothing_outside_a_games_web_files_is_served(client, web, path):
    response = client.get(f"/games/pages/web/{path}")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    assert b"export const secret" not in response.content


def test_a_parent_folder_in_the_raw_path_is_not_served(client, web):
    response = client.get("/games/pages/web/../secret.js")
    assert response.status_code == 404


def test_a_game_without_a_browser_table_has_no_web_files(client, monkeypatch):
    register_pages(monkeypatch, None)
    assert client.get("/games/pages/web/table.js").status_code == 404


def test_an_unknown_game_has_no_web_files(client):
    response = client.get("/games/chess/web/table.js")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
