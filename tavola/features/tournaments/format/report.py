"""What everyone may see of a tournament: the pairings of the round being played,
and the results and standings as they stood after the last finished round. Names, not
entrant numbers: this is what the terminal prints and `--json` writes."""

from __future__ import annotations

from typing import Any

from tavola.features.tournaments.format.bracket import bracket_order
from tavola.features.tournaments.format.engine import bracket_places
from tavola.features.tournaments.format.model import Match, TableGame, Tournament
from tavola.features.tournaments.format.standings import championship_standings


def public_view(t: Tournament) -> dict[str, Any]:
    names = [e.name for e in t.entrants]
    finished = [r for r in t.rounds if r.done]
    view: dict[str, Any] = {
        "format": t.options.format,
        "system": t.system,
        "phase": t.phase,
        "entrants": names,
        "seeding": [names[e] for e in t.seeding],
        "planned_rounds": t.planned_rounds,
        "rounds": [
            {
                "number": r.number,
                "finished": r.done,
                "matches": [_match(m, names, r.done) for m in r.matches],
            }
            for r in t.rounds
        ],
    }
    if t.system == "single_elimination":
        view["bracket"] = {"size": t.bracket_size, "order": bracket_order(t.bracket_size)}
        view["standings"] = [
            {"name": names[p.entrant], "place": p.place}
            for p in bracket_places(t.model_copy(update={"rounds": finished}))
        ]
    elif t.system is not None:
        view["standings"] = [
            {
                "place": s.place,
                "name": names[s.entrant],
                "points": s.points,
                "head_to_head": s.head_to_head,
                "wins": s.wins,
                "buchholz": s.buchholz,
            }
            for s in championship_standings(t, finished)
        ]
    if t.phase == "over":
        view["champion"] = view["standings"][0]["name"]
    return view


def _match(match: Match, names: list[str], public: bool) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "entrants": [names[e] for e in match.entrants],
        "bye": match.bye,
        "label": match.label,
    }
    if public:
        shown["games"] = [_game(g, names) for g in match.games]
        shown["winner"] = names[match.winner] if match.winner is not None else None
    return shown


def _game(game: TableGame, names: list[str]) -> dict[str, Any]:
    result = game.result
    assert result is not None
    return {
        "id": game.id,
        "seed": game.seed,
        "places": {names[e]: p for e, p in zip(game.entrants, result.places, strict=True)},
        "forfeits": [names[e] for e in result.forfeits],
        "first": names[result.order[0]] if result.order else None,
        "drawn": result.drawn,
        "picked": result.picked,
        "replay": game.replay,
    }
