"""A referees' rehearsal season played through every text a person reads (issue 27,
"Italian and the forum"): twelve bot players in four teams, two referees (one with a
seat name, one without), four turns with battles, hires and deployments, overrides, a
moved draw, a void order, a pasted draw dated another day, results held for review.

`ReadableSeason.play()` collects, in Italian and English, every text the season gives a
person: the announcements, each team's report (plain and BBCode, as the team page shows it
too), the public and referees' boards, the review board, the public page's words, the
audit trail in words, the forum exports, the refusals, the browser's event log lines."""

from __future__ import annotations

from typing import Any

import pytest

from tavola.core import Action, IllegalAction, Table, Viewer
from tavola.games.trono import forum_announce, forum_boards, forum_report, forum_words
from tavola.games.trono.exports import all_team_messages, exports_for
from tavola.games.trono.game import game
from tavola.games.trono.review_board import review_lines
from tavola.games.trono.state import catalogue_of

from .tables import D, d_text, with_values

LANGS = ("it", "en")
REFEREE = "referee:arbitro01"  # a seat nobody named
MARTA = "referee:arbitro02"  # a seat named "Marta"
FEMININE = "nerea_salsedine"


class ReadableSeason:
    """The season and its texts, by kind: `texts[lang][kind]` is a list of lines."""

    def __init__(self) -> None:
        seats: list[dict[str, Any]] = [{"kind": "reference"} for _ in range(12)]
        seats += [{"kind": "human"}, {"kind": "human", "name": "Marta"}]
        options = {"mode": "live", "rehearsal": True, "max_turns": 4}
        config = {**game.table_config(options, seats), "review_before_publish": True}
        config["start_at"] = "2025-03-01T08:00:00.000Z"
        self.table = Table(game, config, 7)
        self.bot = game.reference_bot(7)
        self.texts: dict[str, dict[str, list[str]]] = {lang: {} for lang in LANGS}
        self.bbcode: dict[str, list[str]] = {lang: [] for lang in LANGS}
        # each team's private message and each team page's report, whole, as given
        self.messages: dict[str, list[str]] = {lang: [] for lang in LANGS}

    # -- collecting ---------------------------------------------------------------------------

    def add(self, kind: str, lang: str, lines: list[str]) -> None:
        self.texts[lang].setdefault(kind, []).extend(str(line) for line in lines)

    def readable(self, viewer: Viewer) -> dict[str, Any]:
        return forum_words.with_names(
            self.table.view(viewer), catalogue_of(self.table.state.config)
        )

    def act(self, seat: str, action_type: str, /, **args: Any) -> list[Any]:
        return self.acted(seat, Action(action_type, **args))

    def acted(self, seat: str, action: Action) -> list[Any]:
        events = self.table.act(seat, action)
        public = self.readable(Viewer.public())
        for lang in LANGS:
            self.add("announcements", lang, forum_announce.announce(events, public, lang))
            self.bbcode[lang] += forum_announce.announce(events, public, lang, bbcode=True)
        return events

    def refusal(self, seat: str, action_type: str, /, **args: Any) -> IllegalAction:
        with pytest.raises(IllegalAction) as info:
            self.table.act(seat, Action(action_type, **args))
        for lang in LANGS:
            self.add("refusals", lang, [info.value.localized(lang)])
        return info.value

    def bots(self) -> None:
        """Every bot seat that is to act moves, as the server's bots do."""
        for _ in range(200):
            waiting = sorted(s for s in self.table.to_act if s.startswith("player:"))
            if not waiting:
                return
            seat = waiting[0]
            self.acted(seat, self.bot.choose(game, self.table.state, seat))

    def pages(self) -> None:
        """Every page's and export's text as it stands now."""
        state = self.table.state
        referee = self.readable(Viewer.seat(REFEREE))
        public = self.readable(Viewer.public())
        for lang in LANGS:
            self.add("public", lang, forum_boards.public_lines(public, lang))
            self.bbcode[lang] += forum_boards.public_lines(public, lang, bbcode=True)
            awaiting = sorted(self.table.to_act)
            self.add("referee", lang, forum_boards.referee_lines(referee, awaiting, lang))
            self.bbcode[lang] += forum_boards.referee_lines(referee, awaiting, lang, bbcode=True)
            self.add("review", lang, review_lines(referee, lang))
            board = referee["board"][lang]
            for block in board["announcements"]:
                self.add("board", lang, [block["title"], *block["lines"]])
            for row in board["standings"]["rows"]:
                self.add("board", lang, [str(row[k] or "") for k in ("house", "members", "seat")])
            for words in referee.get("audit_words", {}).get(lang, []):
                self.add("audit", lang, list(words.values()))
            self.add(
                "audit",
                lang,
                forum_boards._audit_lines(referee, lang) if referee.get("audit") else [],
            )
            for text in exports_for(state, Viewer.seat(REFEREE), lang):
                self.add("exports", lang, [text.title, *text.text.splitlines()])
                self.bbcode[lang] += text.text.splitlines()
                if text.name != "public":
                    self.messages[lang].append(text.text)
            self.add("exports", lang, all_team_messages(state, lang).splitlines())
        for team in state.teams:
            if not team.members:
                continue
            view = self.readable(Viewer.seat(f"player:{team.members[0]}"))
            for lang in LANGS:
                self.add("reports", lang, forum_report.team_report_lines(view, lang))
                self.bbcode[lang] += forum_report.team_report_lines(view, lang, bbcode=True)
                self.messages[lang].append("\n".join(forum_report.team_report_lines(view, lang)))
                if "report_text" in view.get("team", {}):
                    self.add("reports", lang, view["team"]["report_text"][lang])
                    self.messages[lang].append("\n".join(view["team"]["report_text"][lang]))

    # -- the season ---------------------------------------------------------------------------

    def member(self, house: str) -> str:
        found = self.table.state.team(house)
        assert found is not None
        return found.members[0]

    def houses(self) -> list[str]:
        return [t.house_id for t in self.table.state.teams if t.house_id and t.active]

    def record(self, house: str, actions: list[dict[str, Any]], at: str, **extra: Any) -> None:
        """A team's forum post copied by a referee, as written (its void parts void)."""
        args = {"team": house, "turn": self.table.state.turn, "actions": actions, "at": at}
        self.act(MARTA, "record_post", author=self.member(house), **{"deploy": [], **args, **extra})

    def play(self) -> ReadableSeason:
        self.bots()  # the bots register
        self.act(REFEREE, "close_registration", at="2025-03-01T10:00:00Z")
        self.act(REFEREE, "import_draw", text=d_text("2025-03-01"), at="2025-03-01T19:10:00Z")
        self.bots()  # the house rankings
        self.pages()
        self.act(REFEREE, "start_game", at="2025-03-02T12:00:00Z")
        self.turn_1()
        self.turn_2()
        self.turn_3()
        self.turn_4()
        return self

    def close_and_draw(self, day: str, numbers: dict[str, list[int]] | None = None) -> None:
        if self.table.state.phase == "turn_open":
            self.act(REFEREE, "close_turn", at=f"{day}T18:00:00Z")
        self.pages()
        self.act(
            REFEREE,
            "enter_draw",
            purpose="turn",
            date=day,
            numbers=numbers or D,
            at=f"{day}T19:10:00Z",
        )
        self.pages()
        self.act(MARTA, "publish_results", at=f"{day}T19:30:00Z")
        self.pages()

    def turn_1(self) -> None:
        houses = self.houses()
        greyjoy = "greyjoy" if "greyjoy" in houses else houses[0]
        others = [h for h in houses if h != greyjoy]
        # a void order (an attack with no target), a hire, a deployment of a character
        # the team does not own: the feminine one
        deploy = [{"character": FEMININE, "target": others[0]}]
        acts = [{"kind": "attack"}, {"kind": "attack", "target": "trono"}, {"kind": "tax"}]
        self.record(greyjoy, acts, "2025-03-03T10:00:00Z", deploy=deploy)
        self.greyjoy = greyjoy
        self.bots()
        # a draw pasted with another day's date than the one typed: a mismatch
        self.refusal(REFEREE, "import_draw", text=d_text("2025-03-04"), date="2025-03-05")
        self.close_and_draw("2025-03-04")

    def turn_2(self) -> None:
        house = self.greyjoy
        self.act(
            MARTA,
            "override",
            kind="grant_character",
            subject=house,
            value={"character": FEMININE},
            reason="premio del forum: 2 casse",
        )
        self.act(
            REFEREE,
            "override",
            kind="adjust_parameter",
            subject=house,
            value={"param": "chests", "to": 9},
            reason="errore di trascrizione al turno 1",
        )
        target = next(h for h in self.houses() if h != house)
        deploy = [{"character": FEMININE, "target": target}]
        acts = [{"kind": "attack", "target": target}] * 2 + [{"kind": "rally"}]
        self.record(house, acts, "2025-03-05T10:00:00Z", deploy=deploy)
        self.bots()
        self.close_and_draw("2025-03-06", with_values(D, "BA", [4, 4, 4, 4, 4]))

    def turn_3(self) -> None:
        self.act(
            REFEREE,
            "shift_draw",
            regular="2025-03-08",
            moved_to="2025-03-10",
            reason="festa nazionale",
            at="2025-03-07T09:00:00Z",
        )
        house = self.greyjoy
        self.act(
            MARTA,
            "override",
            kind="set_charges",
            subject=house,
            value={"character": FEMININE, "charges": 1},
            reason="una carica sola",
        )
        self.bots()
        self.close_and_draw("2025-03-10")

    def turn_4(self) -> None:
        self.bots()
        self.close_and_draw("2025-03-11")
