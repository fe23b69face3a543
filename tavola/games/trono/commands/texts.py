"""What the referee commands say themselves, in Italian and English (the game's refusals
and reports come from the game)."""

from __future__ import annotations

from typing import Any

import typer

from tavola.core import IllegalAction

CLI_TEXT: dict[str, dict[str, str]] = {
    "it": {
        "created": "Partita creata in {file}: {mode}, seme {seed}, arbitri {referees}.",
        "accepted": "Accettato: {what}.",
        "post_sealed": "Post di {house} per il turno {turn} sigillato: {at}, autore {author}. "
        "Azioni: {actions}",
        "post_ok": "Tutto in regola: nessuna parte del post sarà nulla.",
        "check_ok": "Tutto in regola ({what}): si può inviare. Non è stato registrato nulla.",
        "deploy": "Schieramenti: {list}",
        "abandon": "Condizione di abbandono: meno di {soldiers}",
        "next": "Prossimo passo: {hint}",
        "hint.registration": "iscrizioni (register, preferences), poi close",
        "hint.formation_wait": "draw --purpose formation con l'estrazione {date}",
        "hint.house_ranking": "ranking --team N CASATA1,CASATA2,… (scadenza {when})",
        "hint.ready": "start",
        "hint.turn_open": 'post --team CASATA "…" per ogni squadra, poi resolve',
        "hint.turn_locked": 'draw --numbers "BA:… CA:…" o --import FILE (estrazione {date})',
        "hint.turn_locked_undated": 'draw --numbers "BA:… CA:…" o --import FILE (con --date '
        "se l'estrazione non è di oggi)",
        "hint.review": "publish",
        "hint.over": "report --public",
        "reports": "Rapporti privati pronti: report --team CASATA.",
        "audit": "Intervento n. {seq} ({kind}) — {about}: {before} → {after}, motivo: {reason}",
        "E_UNKNOWN_TEAM": "Nessuna squadra '{team}' (casata, numero o teamN).",
        "E_AS_NOT_MEMBER": "{user} non fa parte della squadra {team}: con --as va indicato "
        "un suo membro.",
        "E_POST_PROBLEMS": "Correggi il post oppure, se sul forum è scritto proprio così, "
        "registralo com'è con --as-written: le parti non valide saranno nulle, il resto vale.",
        "E_NO_MEMBERS": "La squadra {team} non ha membri.",
        "E_POST_NOTHING": "Scrivi le tre azioni, oppure dai il post intero del forum con "
        "--forum FILE (- per leggerlo dall'input).",
        "E_FORUM_FILE": "Non leggo il post del forum da {path}: {detail}",
        "E_DRAW_PURPOSE": "L'estrazione attesa ora è {expected}, non {given}.",
        "E_BEFORE_DEADLINE": "Il turno si chiude alla scadenza ({deadline}): --at non può "
        "essere precedente.",
        "E_AWAITING_DRAW": "Il turno {turn} è chiuso: ora serve l'estrazione (draw).",
        "E_OPTIONS": "{detail}",
        "E_IMPORT_FILE": "Non leggo il file d'estrazione {path}: {detail}",
        "E_OUT_FOLDER": "Non scrivo i testi nella cartella {path}: {detail}",
        "E_NO_EXPORT": "Nessun testo per {text} adesso: c'è il post pubblico e, dopo "
        "un'estrazione, il messaggio privato di ogni squadra.",
        "E_NO_OPEN_TURN": "Nessun turno aperto con una scadenza: i post mancanti si contano "
        "mentre un turno è aperto.",
        "missing_title": "Post mancanti del turno {turn} (scadenza {when}):",
        "all_posted": "Tutte le squadre hanno postato.",
        "player_added": "{name} entra nella partita: {where}.",
        "player_team": "squadra {team}",
        "player_queued": "in attesa delle casate",
        "player_registered": "iscritto",
        "E_NO_CHARACTER": "Nessun personaggio di nome «{name}».",
        "E_POWER": "Potere scritto male: «{text}» (TIPO chiave=valore …, es. «gain "
        "resource=chests amount=2»).",
    },
    "en": {
        "created": "Game created in {file}: {mode}, seed {seed}, referees {referees}.",
        "accepted": "Accepted: {what}.",
        "post_sealed": "{house}'s post for turn {turn} sealed: {at}, author {author}. "
        "Actions: {actions}",
        "post_ok": "All in order: no part of the post will be void.",
        "check_ok": "All in order ({what}): ready to send. Nothing was recorded.",
        "deploy": "Deployments: {list}",
        "abandon": "Abandonment condition: fewer than {soldiers}",
        "next": "Next: {hint}",
        "hint.registration": "registrations (register, preferences), then close",
        "hint.formation_wait": "draw --purpose formation with the draw of {date}",
        "hint.house_ranking": "ranking --team N HOUSE1,HOUSE2,… (deadline {when})",
        "hint.ready": "start",
        "hint.turn_open": 'post --team HOUSE "…" for each team, then resolve',
        "hint.turn_locked": 'draw --numbers "BA:… CA:…" or --import FILE (draw of {date})',
        "hint.turn_locked_undated": 'draw --numbers "BA:… CA:…" or --import FILE (with --date '
        "unless the draw is today's)",
        "hint.review": "publish",
        "hint.over": "report --public",
        "reports": "Private reports ready: report --team HOUSE.",
        "audit": "Override no. {seq} ({kind}) — {about}: {before} → {after}, reason: {reason}",
        "E_UNKNOWN_TEAM": "No team '{team}' (a house, a number or teamN).",
        "E_AS_NOT_MEMBER": "{user} is not on team {team}: --as must name one of its members.",
        "E_POST_PROBLEMS": "Correct the post or, if the forum post reads exactly so, record it "
        "as written with --as-written: its invalid parts will be void, the rest stands.",
        "E_NO_MEMBERS": "Team {team} has no members.",
        "E_POST_NOTHING": "Write the three actions, or give the whole forum post with "
        "--forum FILE (- to read it from the input).",
        "E_FORUM_FILE": "Cannot read the forum post from {path}: {detail}",
        "E_DRAW_PURPOSE": "The draw expected now is {expected}, not {given}.",
        "E_BEFORE_DEADLINE": "The turn locks at its deadline ({deadline}): --at cannot be earlier.",
        "E_AWAITING_DRAW": "Turn {turn} is locked: the draw is needed now (draw).",
        "E_OPTIONS": "{detail}",
        "E_IMPORT_FILE": "Cannot read the draw file {path}: {detail}",
        "E_OUT_FOLDER": "Cannot write the texts into the folder {path}: {detail}",
        "E_NO_EXPORT": "No text for {text} now: there is the public post and, after a "
        "draw, each team's private message.",
        "E_NO_OPEN_TURN": "No turn is open with a deadline: missing posts are counted while a "
        "turn is open.",
        "missing_title": "Missing posts for turn {turn} (deadline {when}):",
        "all_posted": "Every team has posted.",
        "player_added": "{name} joins the game: {where}.",
        "player_team": "team {team}",
        "player_queued": "waiting for the houses",
        "player_registered": "registered",
        "E_NO_CHARACTER": "No character called '{name}'.",
        "E_POWER": "Badly written power: '{text}' (KIND key=value …, e.g. 'gain "
        "resource=chests amount=2').",
    },
}


def say(lang: str, key: str, **params: Any) -> str:
    table = CLI_TEXT.get(lang, CLI_TEXT["en"])
    return table.get(key, CLI_TEXT["en"].get(key, key)).format(**params)


def cli_error(code: str, **params: Any) -> IllegalAction:
    """A refusal the command line itself makes (before the engine sees anything)."""
    return IllegalAction(code, say("en", code, **params), message_it=say("it", code, **params))


def echo_lines(lines: list[str]) -> None:
    for line in lines:
        typer.echo(line)
