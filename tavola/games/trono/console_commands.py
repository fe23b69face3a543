"""The referees' console and `tavola trono …` stay in step (issue 27): everything the console
does has a command, and the reverse. This is the declared mapping, both ways;
tests/games/trono/test_console_commands.py holds it against the game's referee actions, the
actions web/console.js sends and the commands the Typer app registers, so a new action or
command without its other half fails with a sentence naming it. The console's modules
(web/console*.js) write each action kind literally, `type: "…"`, so that the test reads
them. The README's table "The console and the commands" says the same to the referees."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pair:
    """A referee action kind's two halves."""

    command: str
    """The `tavola trono` command that sends it, as typed (its options after the name)."""
    console: str
    """Where the console does it (the part's Italian title, then what to press)."""
    sent_as: str | None = None
    """The action the console sends instead, where it does the same by another kind."""


ACTIONS: dict[str, Pair] = {
    # -- registration (R3–R8)
    "record_registration": Pair(
        "signup USER [--name N] [--partner U] [--avoid U1,U2] [--check]",
        "Iscrizioni › Copia un'iscrizione dal forum › Iscrivi",
    ),
    "record_withdrawal": Pair(
        "withdraw USER --from-forum",
        "Iscrizioni › a registrant's Ritira › Conferma",
    ),
    "set_close": Pair(
        "close --when T [--check]", "Iscrizioni › Chiusura programmata › Fissa la chiusura"
    ),
    "reopen_registration": Pair(
        "close --when T (after a failed formation)",
        "Iscrizioni › Chiusura programmata › Fissa la chiusura (after a failed formation)",
    ),
    "close_registration": Pair("close", "Iscrizioni › Chiudi le iscrizioni"),
    "record_ranking": Pair(
        "ranking --team N HOUSE1,HOUSE2,… --from-forum [--check]",
        "Classifiche delle casate › Copia una classifica dal forum › Registra la classifica",
    ),
    # -- draws (A8, R7, R28) and the Lotto's calendar
    "enter_draw": Pair(
        'draw --numbers "BA:… VE:…" [--check]',
        "Estrazione di formazione / del turno K › the numbers pasted › Registra l'estrazione",
        sent_as="import_draw",
    ),
    "import_draw": Pair(
        "draw --import FILE [--check]",
        "Estrazione di formazione / del turno K › the draw pasted › Registra l'estrazione",
    ),
    "shift_draw": Pair(
        "move-draw REGULAR [MOVED_TO] --reason R [--seen N] [--check]",
        "Calendario del Lotto › Sposta l'estrazione",
    ),
    # -- the season
    "start_game": Pair("start", "Casate assegnate › Apri il primo turno"),
    "record_post": Pair(
        'post --team HOUSE "…" [--deployments …] [--check] [--as-written]',
        "Copia un post dal forum › Controlla / Registra il post",
    ),
    "close_turn": Pair(
        "resolve (manual schedule)",
        "Post del turno K › Chiudi il turno (a turn without a deadline: a rehearsal)",
    ),
    "tick": Pair(
        "tick --at T (resolve sends it at the deadline)",
        "Post del turno K › Chiudi il turno ora (once the deadline has passed)",
    ),
    "publish_results": Pair("publish", "Revisione del turno K › Pubblica i risultati"),
    "set_reminder": Pair(
        "reminder HOURS", "Impostazioni della stagione › Promemoria dei post mancanti › Salva"
    ),
    "add_player": Pair(
        'add-player "NAME" [--avoid H1,H2] [--reason R]',
        "Aggiungi un giocatore › Aggiungi il giocatore (then the new seat's link to send)",
    ),
    "edit_character": Pair(
        'character create|edit|remove "NAME" [--cost N] [--power "…"]… [--seen N]',
        "Personaggi della stagione › Crea il personaggio / Modifica / Elimina",
    ),
    "override": Pair(
        "override KIND [SUBJECT] [KEY=VALUE…] --reason R [--seen N] [--check]",
        "Interventi arbitrali › Applica l'intervento (every kind, end_game from the start)",
    ),
}
"""Every referee action of the game (`game.REFEREE_ACTIONS`) → its command and console part."""

BY_THE_CLOCK: frozenset[str] = frozenset({"timeout"})
"""Referee actions no one sends by hand: the season's clock (reminders.py) gives the
missing-posts reminder and closes the turn at its deadline, on the server as on `resolve`."""

READING: dict[str, str] = {
    "status": "the console itself: the phase, the posts, the teams and the next step",
    "report": "--referee: Revisione del turno K (battles, succession) and Registro degli "
    "interventi; --team, --teams-all, --public: Testi per il forum (a team's message, "
    "Scarica tutti i messaggi privati in un file, the public post)",
    "export": "Testi per il forum: each text's Copia / Scarica, under the same file name",
    "missing-posts": "Post mancanti del turno K: the teams not yet posted and Copia il promemoria",
}
"""The commands that send nothing → what the referees read on their page."""

ELSEWHERE: dict[str, str] = {
    "new": "the lobby's new live table (its seats, then the options)",
    "register": "the player's own sign-up page; a referee copies it: signup",
    "preferences": "the player's own sign-up page; a referee copies it: signup",
    "withdraw": "without --from-forum, the player's own page (a rare action of the seat)",
    "join": "the player's own page (request_join); the console lists the late joiners",
    "ranking": "without --from-forum, the team's own page (Classifica delle casate)",
}
"""The commands that act as a player (`--as`, or the user named) → the player's page:
the console acts as a referee, the command line on a record file as anyone (DECISIONS 43)."""


def console_kinds() -> set[str]:
    """The action kinds the console sends."""
    return {pair.sent_as or kind for kind, pair in ACTIONS.items()}


def command_names() -> set[str]:
    """Every command the mapping names (the first word of each)."""
    named = {pair.command.split()[0] for pair in ACTIONS.values()}
    return named | set(READING) | set(ELSEWHERE)
