"""What a tournament refuses, each with a stable code and its sentence in both languages."""

from __future__ import annotations

from typing import Any

from tavola.core.errors import IllegalAction

TEXTS = {
    "registration_closed": (
        "Registration is closed: the tournament has started.",
        "Le iscrizioni sono chiuse: il torneo è già cominciato.",
    ),
    "name_taken": (
        "There is already an entrant called {name}.",
        "C'è già un iscritto che si chiama {name}.",
    ),
    "tournament_full": (
        "The tournament is full: {limit} entrants at most.",
        "Il torneo è al completo: al massimo {limit} iscritti.",
    ),
    "too_few_entrants": (
        "A tournament needs at least 2 entrants; {count} registered.",
        "Per un torneo servono almeno 2 iscritti; finora {count}.",
    ),
    "not_started": (
        "The tournament has not started yet.",
        "Il torneo non è ancora cominciato.",
    ),
    "unknown_game": (
        "No game {game} is waiting for a result.",
        "Nessuna partita {game} è in attesa di un risultato.",
    ),
    "bad_result": (
        "A result of game {game} gives a place from 1 to {seats} to each of its {seats} "
        "entrants, and names only them as absent.",
        "Il risultato della partita {game} dà un posto da 1 a {seats} a ciascuno dei suoi "
        "{seats} iscritti e indica come assenti solo loro.",
    ),
}


def refuse(code: str, **params: Any) -> IllegalAction:
    english, italian = TEXTS[code]
    return IllegalAction(code, english.format(**params), message_it=italian.format(**params))
