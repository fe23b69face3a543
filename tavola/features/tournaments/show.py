"""A tournament at the terminal, in Rich: each round's pairings and results as it ends
(the pairings of the round being played, the results of the finished ones), the bracket
or the rounds, and the final standings. It reads only the public view
(`tavola.features.tournaments.format.public_view`)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table as RichTable

TEXT = {
    "it": {
        "format.single_elimination": "eliminazione diretta",
        "format.round_robin": "girone all'italiana",
        "format.swiss": "sistema svizzero",
        "format.tables": "campionato a tavoli",
        "title": "Torneo a {format}: {count} iscritti, {rounds} turni",
        "round": "Turno {n} di {total}",
        "stage.final": "Finale",
        "stage.semi": "Semifinali",
        "stage.quarter": "Quarti di finale",
        "stage.eighth": "Ottavi di finale",
        "third_place": "Finale per il terzo posto",
        "col.table": "Incontro",
        "col.entrants": "Iscritti",
        "col.games": "Partite",
        "col.winner": "Vince",
        "bye": "turno di riposo",
        "draw": "pareggio",
        "won": "vince {name}",
        "picked": "pareggio, vincitore estratto a sorte: {name}",
        "forfeit": "{names} assente, sconfitta a tavolino",
        "forfeits": "{names} assenti, sconfitta a tavolino",
        "replay": "ripetuta",
        "first": "comincia {name}",
        "standings": "Classifica finale",
        "standings_now": "Classifica dopo il turno {n}",
        "col.place": "Pos.",
        "col.name": "Nome",
        "col.points": "Punti",
        "col.h2h": "Scontri diretti",
        "col.wins": "Vittorie",
        "col.buchholz": "Buchholz",
        "still_in": "in gara",
        "winner": "Vince il torneo: {name}",
    },
    "en": {
        "format.single_elimination": "single elimination",
        "format.round_robin": "round robin",
        "format.swiss": "Swiss system",
        "format.tables": "championship at multi-seat tables",
        "title": "Tournament, {format}: {count} entrants, {rounds} rounds",
        "round": "Round {n} of {total}",
        "stage.final": "Final",
        "stage.semi": "Semi-finals",
        "stage.quarter": "Quarter-finals",
        "stage.eighth": "Round of 16",
        "third_place": "Third-place match",
        "col.table": "Match",
        "col.entrants": "Entrants",
        "col.games": "Games",
        "col.winner": "Goes through",
        "bye": "bye",
        "draw": "draw",
        "won": "{name} wins",
        "picked": "draw, winner drawn by lot: {name}",
        "forfeit": "{names} did not show: game lost by forfeit",
        "forfeits": "{names} did not show: game lost by forfeit",
        "replay": "replay",
        "first": "{name} starts",
        "standings": "Final standings",
        "standings_now": "Standings after round {n}",
        "col.place": "Place",
        "col.name": "Name",
        "col.points": "Points",
        "col.h2h": "Head-to-head",
        "col.wins": "Wins",
        "col.buchholz": "Buchholz",
        "still_in": "still in",
        "winner": "Tournament winner: {name}",
    },
}
STAGES = {1: "stage.final", 2: "stage.semi", 4: "stage.quarter", 8: "stage.eighth"}


def say(lang: str, key: str, **params: Any) -> str:
    return TEXT.get(lang, TEXT["en"])[key].format(**params)


def ordinal(place: int, lang: str) -> str:
    if lang == "it":
        return f"{place}°"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place if place % 100 not in (11, 12, 13) else 0)
    return f"{place}{suffix or 'th'}"


def heading(view: dict[str, Any], lang: str) -> str:
    return say(
        lang,
        "title",
        format=say(lang, f"format.{view['system']}"),
        count=len(view["entrants"]),
        rounds=view["planned_rounds"],
    )


def round_title(view: dict[str, Any], number: int, lang: str) -> str:
    title = say(lang, "round", n=number, total=view["planned_rounds"])
    if view["system"] == "single_elimination":
        left = view["planned_rounds"] - number
        stage = STAGES.get(2**left)
        if stage is not None:
            title += f" · {say(lang, stage)}"
    return title


def game_line(game: dict[str, Any], lang: str) -> str:
    """One game's result in words: the places, a draw, a forfeit, a winner by lot."""
    places = sorted(game["places"].items(), key=lambda item: item[1])
    if game["picked"]:
        winner = places[0][0]
        text = say(lang, "picked", name=winner)
    elif game["drawn"] and len(places) == 2:
        text = say(lang, "draw")
    elif len(places) == 2:
        text = say(lang, "won", name=places[0][0])
    else:
        text = ", ".join(f"{ordinal(p, lang)} {name}" for name, p in places)
    notes = []
    if game["forfeits"]:
        key = "forfeits" if len(game["forfeits"]) > 1 else "forfeit"
        notes.append(say(lang, key, names=", ".join(game["forfeits"])))
    if game["first"]:
        notes.append(say(lang, "first", name=game["first"]))
    if game["replay"]:
        notes.append(say(lang, "replay"))
    return text + (f" ({'; '.join(notes)})" if notes else "")


def show_round(console: Console, view: dict[str, Any], number: int, lang: str) -> None:
    round_ = view["rounds"][number - 1]
    table = RichTable(title=round_title(view, number, lang), title_justify="left")
    table.add_column(say(lang, "col.table"), justify="right")
    table.add_column(say(lang, "col.entrants"))
    table.add_column(say(lang, "col.games"))
    bracket = view["system"] == "single_elimination"
    if bracket:
        table.add_column(say(lang, "col.winner"))
    for i, match in enumerate(round_["matches"], start=1):
        label = say(lang, "third_place") if match["label"] == "third_place" else str(i)
        if match["bye"]:
            row = [label, match["entrants"][0], say(lang, "bye")]
        else:
            games = "\n".join(game_line(g, lang) for g in match.get("games", []))
            row = [label, " – ".join(match["entrants"]), games]
        if bracket:
            row.append(match.get("winner") or "")
        table.add_row(*row)
    console.print(table)


def show_standings(console: Console, view: dict[str, Any], lang: str) -> None:
    over = view["phase"] == "over"
    finished = [r["number"] for r in view["rounds"] if r["finished"]]
    title = say(lang, "standings") if over else say(lang, "standings_now", n=max(finished or [0]))
    table = RichTable(title=title, title_justify="left")
    table.add_column(say(lang, "col.place"), justify="right")
    table.add_column(say(lang, "col.name"))
    championship = view["system"] != "single_elimination"
    if championship:
        for key in ("col.points", "col.h2h", "col.wins", "col.buchholz"):
            table.add_column(say(lang, key), justify="right")
    for row in view["standings"]:
        place = ordinal(row["place"], lang) if row["place"] else say(lang, "still_in")
        cells = [place, row["name"]]
        if championship:
            cells += [_number(row["points"]), _number(row["head_to_head"])]
            cells += [str(row["wins"]), _number(row["buchholz"])]
        table.add_row(*cells)
    console.print(table)
    if over:
        console.print(say(lang, "winner", name=view["champion"]), style="bold")


def _number(value: float) -> str:
    """Points as people write them: 7, 2.5."""
    return f"{value:g}"
