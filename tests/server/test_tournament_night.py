"""A tournament night as its people meet it (issue 31): a bot added by its name alone
brings the game's ready-made deck, a person may take one with a click (the form offers
them, by name), and a tournament's table leads back to the tournament, offers no rematch
and is named by its round and its players, never by its slot."""

from __future__ import annotations

from .api_helpers import running
from .tournament_helpers import bearer, create, entrant, register, start, view


def test_a_bot_added_by_its_name_alone_brings_a_ready_made_deck(tmp_path):
    with running(f"sqlite:///{tmp_path / 'tavola.db'}") as client:
        tournament_id, organiser = create(client, "swiss")
        untouched = {"age": None, "main": None, "deck": []}  # a form left as it came
        for name, registration in (("Bot Rossa", {}), ("Bot Verde", untouched)):
            bot = {"name": name, "kind": "reference", "registration": registration}
            answer = register(client, tournament_id, bot, organiser)
            assert answer.status_code == 201, answer.text
        assert [e["name"] for e in view(client, tournament_id)["entrants"]] == [
            "Bot Rossa",
            "Bot Verde",
        ]
        assert start(client, tournament_id, organiser).status_code == 200


def test_the_form_offers_ready_made_decks_by_name_that_the_game_accepts(tmp_path):
    with running(f"sqlite:///{tmp_path / 'tavola.db'}") as client:
        tournament_id, _ = create(client, "swiss")
        form = client.get(f"/api/tournaments/{tournament_id}/registration?lang=en").json()
        ready = form["choices"]["ready"]
        assert ready and ready[0]["name"] == "Light of Dawn"
        for deck in ready:
            assert len(deck["deck"]) == form["choices"]["deck_size"]
            body = {"name": deck["name"], "registration": {"age": 30, **deck}}
            body["registration"].pop("name")
            assert register(client, tournament_id, body).status_code == 201


def test_a_tournament_table_leads_back_to_the_tournament_named_by_its_players(tmp_path):
    with running(f"sqlite:///{tmp_path / 'tavola.db'}") as client:
        tournament_id, organiser = create(client)
        anna = register(client, tournament_id, entrant("Anna")).json()
        bot = {"name": "Bot Rossa", "kind": "reference"}
        assert register(client, tournament_id, bot, organiser).status_code == 201
        start(client, tournament_id, organiser)
        slot = view(client, tournament_id, anna["token"])["you"]["games"][0]["slot"]
        path = f"/api/tournaments/{tournament_id}/games/{slot}/ready"
        mine = client.post(path, headers=bearer(anna["token"])).json()["games"][0]
        game = client.get(f"/api/games/{mine['game_id']}/view", headers=bearer(anna["token"]))
        home = game.json()["home"]
        assert home["href"] == f"/tournaments/{tournament_id}"
        assert home["words"] == "play.back_to_tournament" and home["rematch"] is False
        names = game.json()["seats"]
        order = " vs ".join(names[s]["name"] for s in sorted(names))
        assert home["title"] == {
            "words": "play.tournament_table",
            "params": {"round": 1, "names": order},
        }
