"""`tavola tournament`: a bot-only tournament runs to the end and prints the bracket and
standings, `--json` writes the public view, a state file lets a tournament carry on, a bad
deck is refused at registration, and a person who does not show loses the game (R151)."""

import json

from rich.console import Console
from typer.testing import CliRunner

from tavola.cli import app
from tavola.features.tournaments.commands import Runner, from_file, save_state
from tavola.features.tournaments.format import pending

runner = CliRunner()
DECK = '["S1-001", "S1-002", "S1-003", "S1-009", "S1-010", "S1-011"]'


def entrants_file(tmp_path, fmt="single_elimination", kinds=("reference",) * 4, extra=""):
    lines = [
        'game = "legends"',
        "seed = 5",
        "[tournament]",
        f'format = "{fmt}"',
        "deck_size = 6",
        "max_rounds = 3",
        extra,
    ]
    for i, kind in enumerate(kinds):
        lines += [
            "[[entrants]]",
            f'name = "{"ABCDEFGH"[i]}lda"',
            f'kind = "{kind}"',
            f'registration = {{ age = {20 + i}, main = "S1-001", deck = {DECK} }}',
        ]
    path = tmp_path / "cup.toml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_bot_tournament_runs_to_the_end_and_prints_bracket_and_standings(tmp_path):
    path = entrants_file(tmp_path)
    state = tmp_path / "cup.state.json"
    result = runner.invoke(app, ["tournament", str(path), "--state", str(state), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Round 1 of 2 · Semi-finals" in result.output
    assert "Round 2 of 2 · Final" in result.output
    assert "Final standings" in result.output and "Tournament winner:" in result.output
    assert json.loads(state.read_text())["tournament"]["phase"] == "over"


def test_json_gives_the_public_result(tmp_path):
    path = entrants_file(tmp_path, fmt="round_robin", kinds=("random", "reference", "random"))
    result = runner.invoke(
        app, ["tournament", str(path), "--state", str(tmp_path / "s.json"), "--json"]
    )
    assert result.exit_code == 0, result.output
    view = json.loads(result.output)
    assert view["phase"] == "over" and len(view["rounds"]) == 3
    assert sorted(row["name"] for row in view["standings"]) == ["Alda", "Blda", "Clda"]
    assert view["champion"] == view["standings"][0]["name"]


def test_an_interrupted_tournament_carries_on_from_its_state_file(tmp_path):
    path = entrants_file(tmp_path)
    state = tmp_path / "cup.state.json"
    game, t = from_file(path, None, "en", Console(), quiet=True)
    quiet = Runner(game, t, Console(), prompt=None, lang="en", no_show_after=None, quiet=True)
    quiet.play(pending(t)[0])  # one game played, then the terminal closed
    save_state(state, game, t)
    played = t.rounds[0].matches[0].games[0].result
    result = runner.invoke(app, ["tournament", str(path), "--state", str(state), "--json"])
    assert result.exit_code == 0, result.output
    view = json.loads(result.output)
    assert view["phase"] == "over"
    first = view["rounds"][0]["matches"][0]["games"][0]
    assert list(first["places"].values()) == played.places


def test_an_illegal_deck_is_refused_at_registration(tmp_path):
    path = entrants_file(tmp_path, extra="max_copies = 1")
    path.write_text(path.read_text().replace('"S1-002", "S1-003"', '"S1-002", "S1-002"', 1))
    result = runner.invoke(
        app, ["tournament", str(path), "--state", str(tmp_path / "s.json"), "--lang", "it"]
    )
    assert result.exit_code == 2
    assert "Alda: iscrizione rifiutata." in result.output
    assert "una sola copia di «Sorella Lumenia delle Erbe» (S1-002)" in " ".join(
        result.output.split()
    )


class Absent:
    """A terminal where nobody answers before the clock runs out."""

    def ask(self, prompt, seconds=None):
        return None


def test_r151_a_person_who_does_not_show_loses_by_forfeit(tmp_path):
    path = entrants_file(tmp_path, kinds=("human", "reference"))
    game, t = from_file(path, None, "en", Console(), quiet=True)
    Runner(game, t, Console(), Absent(), "en", no_show_after=1.0, quiet=True).run(lambda: None)
    result = t.rounds[0].matches[0].games[0].result
    assert t.phase == "over" and result.forfeits == [0]
    assert t.rounds[0].matches[0].winner == 1


def test_issue28_a_drawn_tournament_keys_its_games_by_a_secret_it_never_prints(tmp_path):
    """No seed in the file or given: a 256-bit secret in the state file keys every game's
    seed; the terminal everyone at the table sees never shows it, nor a seed to search."""
    path = entrants_file(tmp_path)
    path.write_text(path.read_text().replace("seed = 5\n", ""))
    state = tmp_path / "cup.state.json"
    result = runner.invoke(app, ["tournament", str(path), "--state", str(state), "--lang", "en"])
    assert result.exit_code == 0, result.output
    secret = json.loads(state.read_text())["tournament"]["secret"]
    assert len(bytes.fromhex(secret)) * 8 >= 256
    assert secret not in result.output and "tournament seed" not in result.output
