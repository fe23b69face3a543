"""`tavola campaign new/play/status` through Typer's test runner: a bot-only campaign runs
unattended to its end; a person answers the carry choice; the file carries the campaign."""

import json

from typer.testing import CliRunner

from tavola.cli import app
from tavola.features.campaigns.commands import CampaignFile
from tests.games.legends.campaign_tables import new, record, won_battle

runner = CliRunner()

SMALL = {
    "battles": [{"boss": {"main_card_id": "S1-022"}}, {"boss": {"main_card_id": "S1-023"}}],
    "options": {"deck_source": "starter", "max_rounds": 6},
}


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def small_campaign(tmp_path, party="bot,bot", seed="5"):
    options = tmp_path / "small.json"
    options.write_text(json.dumps(SMALL))
    path = tmp_path / "campaign.json"
    made = invoke(
        "campaign",
        "new",
        str(path),
        "--config",
        str(options),
        "--party",
        party,
        "--names",
        "Giulia,Marco",
        "--seed",
        seed,
        "--lang",
        "en",
    )
    assert made.exit_code == 0, made.output
    return path


def test_new_writes_a_campaign_file_and_shows_the_battles(tmp_path):
    path = small_campaign(tmp_path)
    data = json.loads(path.read_text())
    assert data["game"] == "legends" and data["table"] is None
    assert data["campaign"]["status"] == "battle"
    status = invoke("campaign", "status", str(path), "--lang", "it")
    assert (
        "Battaglia 1: boss Generale Ferrocupo, livello 1, classica — la prossima." in status.output
    )


def test_a_bot_only_campaign_runs_unattended_to_its_end(tmp_path):
    path = small_campaign(tmp_path)
    played = invoke("campaign", "play", str(path), "--auto", "--lang", "en")
    assert played.exit_code == 0, played.output
    campaign = json.loads(path.read_text())["campaign"]
    assert campaign["status"] in ("won", "lost")
    assert "The campaign is over." in played.output
    assert ("Campaign won!" in played.output) == (campaign["status"] == "won")


def test_new_refuses_an_existing_file(tmp_path):
    path = small_campaign(tmp_path)
    before = path.read_text()
    again = invoke("campaign", "new", str(path), "--party", "bot")
    assert again.exit_code == 2
    assert path.read_text() == before


def test_new_refuses_a_bad_campaign_naming_the_reason(tmp_path):
    options = tmp_path / "bad.json"
    options.write_text(
        json.dumps({"battles": [{}], "party": [{"age": 30, "main_card_id": "S1-007"}]})
    )
    made = invoke("campaign", "new", str(tmp_path / "c.json"), "--config", str(options))
    assert made.exit_code == 2
    assert "invalid_config" in made.output and not (tmp_path / "c.json").exists()


def test_status_as_json_hides_another_members_carried_cards(tmp_path):
    path = small_campaign(tmp_path)
    invoke("campaign", "play", str(path), "--auto")
    view = json.loads(invoke("campaign", "status", str(path), "--json", "--seat", "P2").output)
    assert "carried" not in view["party"][0] and "carried" in view["party"][1]


def test_a_person_answers_the_carry_choice_and_is_asked_again_after_a_bad_answer(tmp_path):
    """Giulia (a person) chooses what to carry: a number out of range is asked again; then
    the next battle starts at the terminal, and closing the input leaves it unfinished in
    the file, to be resumed."""
    campaign = new(
        party=[
            {"name": "Giulia", "age": 40, "kind": "human", "main_card_id": "X-HERO"},
            {"name": "Marco", "age": 12, "kind": "bot", "main_card_id": "X-HERO"},
        ]
    )
    campaign = record(campaign, won_battle(campaign, {"P1": {"hand": ["S1-037"]}}))
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps({"game": "legends", "campaign": campaign, "table": None}))
    played = invoke("campaign", "play", str(path), "--lang", "en", input="9\n1,2\n")
    assert "Giulia, choose the cards to carry into the next battle (at most 5)." in played.output
    assert "Type the numbers separated by commas" in played.output
    assert played.exit_code == 1  # the input ran out during the battle
    data = json.loads(path.read_text())
    carried = [c["card_id"] for c in data["campaign"]["party"]["P1"]["carried"]]
    assert carried == ["S1-005", "S1-037"]  # the striker (1) and the potion (2)
    assert data["table"] is not None and data["table"]["config"]["carry_in"]


def test_issue28_a_campaign_without_a_seed_keys_its_battles_by_a_secret_it_never_shows(tmp_path):
    options = tmp_path / "small.json"
    options.write_text(json.dumps(SMALL))
    path = tmp_path / "campaign.json"
    made = invoke("campaign", "new", str(path), "--config", str(options), "--party", "bot,bot")
    assert made.exit_code == 0, made.output
    secret = json.loads(path.read_text())["campaign"]["secret"]
    assert len(bytes.fromhex(secret)) * 8 >= 256
    shown = invoke("campaign", "status", str(path), "--json")
    assert shown.exit_code == 0 and secret not in shown.output and secret not in made.output


def test_a_campaign_file_of_an_older_release_keeps_its_unfinished_game(tmp_path):
    """Files written before the key was `table` name the game in progress `battle`: it is
    read, and written back under `table`."""
    campaign = new(
        party=[
            {"name": "Giulia", "age": 40, "kind": "human", "main_card_id": "X-HERO"},
            {"name": "Marco", "age": 12, "kind": "bot", "main_card_id": "X-HERO"},
        ]
    )
    campaign = record(campaign, won_battle(campaign, {"P1": {"hand": ["S1-037"]}}))
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps({"game": "legends", "campaign": campaign, "table": None}))
    invoke("campaign", "play", str(path), "--lang", "en", input="1,2\n")
    data = json.loads(path.read_text())
    unfinished = data["table"]
    assert unfinished is not None
    old = {"game": "legends", "campaign": data["campaign"], "battle": unfinished}
    path.write_text(json.dumps(old))
    loaded = CampaignFile.load(path, "en")
    assert loaded.table is not None and loaded.table.to_json() == unfinished
    loaded.save()
    assert json.loads(path.read_text())["table"] == unfinished
