"""Sealed posts: the checks of A6, in the spec's exact order (R23–R25, R46–R50, R58–R61).

One walk through the steps finds every problem of a post, not just the first: a team's own
post is refused with the first (A6), a team building a post is told all of them before
sealing (`post_problems`), and a post copied from the forum is sealed as written with its
invalid parts void (`examine_post`, DECISIONS 22)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tavola.core import IllegalAction

from .characters import Character
from .houses import HOUSES, display_name
from .messages import Phrase, as_json, count, moment, phase_word, reason, refuse, sentence
from .state import Team, TronoState, catalogue_of

SLOT_KINDS = ("attack", "defend", "enlist", "tax", "rally", "hire")
Json = dict[str, Any]


def hits_of(target: str, own: str, seated: list[str], active: list[str]) -> list[str]:
    """The houses an attack aimed at `target` hits (R47, R48); seats as at the opening."""
    if target == "trono":
        return [h for h in seated if h in active]
    if target == "all":
        return [h for h in active if h not in seated and h != own]
    return [target] if target in active else []


def house_label(state: TronoState, house: Any) -> Any:
    """A house as players read it (its display name); `trono` and `all` in each language."""
    if house in ("trono", "all"):
        return Phrase(f"forum.target.{house}")
    if isinstance(house, str) and house in HOUSES:
        return display_name(house, state.config.house_display_set)
    return str(house)


def character_label(state: TronoState, cid: Any) -> str:
    """A character by its name in the catalogue (an unknown id as written)."""
    character = catalogue_of(state).get(str(cid))
    return character.name if character is not None else str(cid)


@dataclass
class Problem:
    """One thing wrong with a post: its code (§6), the words of its sentence, and the part
    of the post it voids (`slot` 1–3, `action` beyond the third, `deploy`, `abandon`)."""

    code: str
    params: dict[str, Any]
    part: str
    index: int | None = None
    written: Any = None

    def message(self, lang: str) -> str:
        if self.part == "post":  # a whole-post refusal keeps the sentences it was given
            return str(self.params.get(lang, self.params.get("en", self.code)))
        return sentence(lang, self.code, self.params)

    def refusal(self) -> IllegalAction:
        if self.part == "post":
            return IllegalAction(self.code, self.message("en"), message_it=self.message("it"))
        return refuse(self.code, **self.params)

    def to_json(self) -> Json:
        return {
            "part": self.part,
            "index": self.index,
            "written": self.written,
            "code": self.code,
            "params": {k: as_json(v) for k, v in self.params.items()},
        }


@dataclass
class Examined:
    """A post read step by step: its team, its three slots (a void one is
    `{"kind": "void", "written": …}`), its valid deployments and condition, its problems."""

    team: Team
    actions: list[Json]
    deploy: list[Json]
    threshold: int | None
    problems: list[Problem] = field(default_factory=list)
    attack_limit: IllegalAction | None = None  # the whole post's E_ATTACK_LIMIT (A6 step 7)
    hire_total: int = 0


def _whole_post(
    state: TronoState, user: str, args: Mapping[str, Any], at: int, *, copied: bool = False
) -> Team:
    """Steps 1 to 4: what makes the post as a whole not a post (no void part saves it).
    `copied`: a forum post a referee copies, which may come after the lock, before the
    turn's draw (its own time, before the deadline, is what step 2 judges)."""
    allowed = {"team", "turn", "actions", "deploy", "abandon_threshold", "at", "author"}
    if copied:
        allowed.add("posted_at")
    extra = sorted(set(args) - allowed)
    if extra:
        raise refuse("E_MALFORMED", action="submit_post", args=", ".join(extra))
    team = state.team_of(user)
    named = args.get("team")
    if team is None or not team.active or (named is not None and named != team.house_id):
        raise refuse("E_NOT_MEMBER", user=user)
    turn = args.get("turn")
    if (
        turn == state.turn
        and state.deadline is not None
        and state.config.schedule == "calendar"
        and at >= state.deadline
    ):
        zone = state.config.timezone
        raise refuse(  # step 2 (R24), saying when the deadline was and when the post came
            "E_DEADLINE_PASSED",
            turn=state.turn,
            # a deadline a referee moved off the minute is told to the second too
            deadline=moment(state.deadline, zone, seconds=state.deadline % 60_000 != 0),
            at=moment(at, zone, seconds=True),
        )
    open_phases = ("turn_open", "turn_locked") if copied else ("turn_open",)
    if state.phase not in open_phases:
        raise refuse("E_PHASE", action="submit_post", phase=phase_word(state.phase))
    if turn != state.turn or isinstance(turn, bool):
        raise refuse("E_WRONG_TURN", turn=str(turn), current=state.turn)
    if str(team.team_no) in state.posts:  # step 4: a post is sealed (R23)
        raise refuse("E_ALREADY_SUBMITTED", team=house_label(state, team.house_id))
    actions = args.get("actions")
    if not isinstance(actions, list | tuple):
        raise refuse("E_ACTION_COUNT", count=0)
    deploy = args.get("deploy", [])
    if deploy is not None and not isinstance(deploy, list | tuple):
        raise refuse("E_DEPLOY_PARAM", character="?", reason=reason("deploy_not_list"))
    return team


def examine_post(
    state: TronoState, user: str, args: Mapping[str, Any], at: int, *, copied: bool = False
) -> Examined:
    """A6 against the state at the turn's opening (R25): steps 1–4 refuse the whole post;
    steps 5–11 are walked in order, each problem voiding its part only. `copied`: a post
    a referee copies from the forum, `at` being the forum's time."""
    team = _whole_post(state, user, args, at, copied=copied)
    return _Walk(state, team, args).run()


def validate_post(
    state: TronoState, user: str, args: Mapping[str, Any], at: int
) -> tuple[Team, list[Json], list[Json], int | None]:
    """A6 for a team's own post: the first failure, in the spec's order, refuses it all;
    returns the team and the normalised actions and deployments."""
    found = examine_post(state, user, args, at)
    if found.problems:
        first = found.problems[0]
        if first.code == "E_ATTACK_LIMIT" and found.attack_limit is not None:
            raise found.attack_limit
        raise first.refusal()
    return found.team, found.actions, found.deploy, found.threshold


def post_problems(state: TronoState, user: str, args: Mapping[str, Any], at: int) -> list[Problem]:
    """Everything wrong with a post a team is building, before it is sealed: each problem
    has its code and a sentence in each language (`Problem.message`). Empty: it may seal."""
    try:
        return examine_post(state, user, args, at).problems
    except IllegalAction as exc:
        return [Problem(exc.code, {"it": exc.localized("it"), "en": exc.localized("en")}, "post")]


class _Walk:
    """Steps 5 to 11 of A6 over one post, in order, collecting the problems."""

    def __init__(self, state: TronoState, team: Team, args: Mapping[str, Any]) -> None:
        self.state = state
        self.team = team
        self.args = args
        self.own = team.house_id or ""
        opening = state.opening
        self.seated: list[str] = list(opening["seated"])
        self.active: list[str] = list(opening["active"])
        self.catalogue = catalogue_of(state)
        self.problems: list[Problem] = []
        self.slots: list[Json | None] = []  # None: void

    def void(self, code: str, part: str, index: int | None, written: Any, **params: Any) -> None:
        self.problems.append(Problem(code, params, part, index, written))
        if part == "slot" and index is not None and index <= len(self.slots):
            self.slots[index - 1] = None

    def run(self) -> Examined:
        written = list(self.args["actions"])
        self._count_and_kinds(written)
        self._targets()
        limit = self._attack_limit()
        self._enlist_on_seat()
        total = self._hires()
        deploys = self._deployments()
        threshold = self._abandon()
        actions: list[Json] = []
        for slot, action in enumerate(self.slots, start=1):
            if action is None:
                raw = written[slot - 1] if slot <= len(written) else None
                actions.append({"kind": "void", "written": _plain(raw)})
            else:
                actions.append(action)
        self.problems.sort(key=_step)
        return Examined(
            self.team, actions, deploys, threshold, self.problems, limit, hire_total=total
        )

    # step 5: exactly three known actions
    def _count_and_kinds(self, written: list[Any]) -> None:
        count = len(written)
        for slot in range(1, 4):
            raw = written[slot - 1] if slot <= count else None
            self.slots.append(dict(raw) if isinstance(raw, Mapping) else None)
            if slot > count:
                self.void("E_ACTION_COUNT", "slot", slot, None, count=count)
            elif not _known(raw):
                self.void("E_UNKNOWN_ACTION", "slot", slot, _plain(raw), slot=slot)
        for index in range(4, count + 1):
            self.void("E_ACTION_COUNT", "action", index, _plain(written[index - 1]), count=count)

    # step 6, per attack in slot order (R47, R48)
    def _targets(self) -> None:
        for slot, action in enumerate(self.slots, start=1):
            if action is None or action["kind"] != "attack":
                continue
            target = self.target(action.get("target"), slot=slot)
            if isinstance(target, Problem):
                self.void(target.code, "slot", slot, _plain(action), **target.params)
            else:
                action["target"] = target

    def target(self, target: Any, **where: Any) -> str | Problem:
        """Step 6 for one attack; the effective target (a seated team's none → all)."""
        state, own = self.state, self.own
        is_seated = own in self.seated
        if target is None:
            if not is_seated:
                return Problem("E_TARGET_REQUIRED", where, "slot")
            return "all"
        if target == own:
            return Problem("E_TARGET_SELF", where, "slot")
        in_play = {t.house_id for t in state.teams}
        if not isinstance(target, str) or (
            target not in ("trono", "all") and (target not in HOUSES or target not in in_play)
        ):
            return Problem(
                "E_TARGET_UNKNOWN", {**where, "target": house_label(state, target)}, "slot"
            )
        if target not in ("trono", "all") and target not in self.active:
            return Problem(
                "E_TARGET_INACTIVE", {**where, "target": house_label(state, target)}, "slot"
            )
        if target == "trono" and is_seated:
            return Problem("E_TARGET_TRONO_SEATED", where, "slot")
        if target == "all" and not is_seated:
            return Problem("E_TARGET_ALL_NOT_SEATED", where, "slot")
        return target

    # step 7: the attack limit (R49)
    def _attack_limit(self) -> IllegalAction | None:
        """Counted in slot order: the attack that would hit a team a third time is void. A
        team's own post is refused naming the team hit most (DECISIONS 17)."""
        limit = self.state.config.max_attacks_per_target
        counts: dict[str, int] = {}
        every: dict[str, int] = {}
        for slot, action in enumerate(self.slots, start=1):
            if action is None or action["kind"] != "attack":
                continue
            hit = hits_of(action["target"], self.own, self.seated, self.active)
            for house in hit:
                every[house] = every.get(house, 0) + 1
            over = next((h for h in hit if counts.get(h, 0) + 1 > limit), None)
            if over is not None:
                n = counts[over] + 1
                self.void("E_ATTACK_LIMIT", "slot", slot, _plain(action), **self.limit(over, n))
                continue
            for house in hit:
                counts[house] = counts.get(house, 0) + 1
        if self.state.config.character_attacks_count_toward_limit:
            self._character_attacks(counts, every, limit)
        worst = sorted(every, key=lambda h: (-every[h], HOUSES.index(h)))
        if worst and every[worst[0]] > limit:
            return refuse("E_ATTACK_LIMIT", **self.limit(worst[0], every[worst[0]]))
        return None

    def _character_attacks(self, counts: dict[str, int], every: dict[str, int], limit: int) -> None:
        """The variant where a character's extra attack counts too (§3.2)."""
        for index, raw in enumerate(self._deploy_raw(), start=1):
            ch = self.catalogue.get(raw.get("character", "")) if isinstance(raw, Mapping) else None
            for effect in ch.effects if ch else ():
                if effect.kind != "extra_action" or effect.get("action") != "attack":
                    continue
                assert isinstance(raw, Mapping)
                target = raw.get("target") or ("all" if self.own in self.seated else None)
                if not isinstance(target, str):
                    continue
                hit = hits_of(target, self.own, self.seated, self.active)
                for house in hit:
                    every[house] = every.get(house, 0) + 1
                over = next((h for h in hit if counts.get(h, 0) + 1 > limit), None)
                if over is not None:
                    limit_words = self.limit(over, counts[over] + 1)
                    self.void("E_ATTACK_LIMIT", "deploy", index, _plain(raw), **limit_words)
                    continue
                for house in hit:
                    counts[house] = counts.get(house, 0) + 1

    # step 8: no enlisting from a seat (R46)
    def _enlist_on_seat(self) -> None:
        if self.own not in self.seated:
            return
        for slot, action in enumerate(self.slots, start=1):
            if action is not None and action["kind"] == "enlist":
                self.void("E_ENLIST_ON_SEAT", "slot", slot, _plain(action), house=self.name())

    # step 9: hires (R58, R59, R60)
    def _hires(self) -> int:
        hired: set[str] = set()
        costs: list[tuple[int, int, Json]] = []
        for slot, action in enumerate(self.slots, start=1):
            if action is None or action["kind"] != "hire":
                continue
            cid = action["character"]
            character = self.catalogue.get(cid)
            written = _plain(action)
            if character is None:
                self.void("E_UNKNOWN_CHARACTER", "slot", slot, written, character=cid, slot=slot)
                continue
            shown = character.name
            if character.kind == "house" and character.house_id != self.own:
                self.void("E_HIRE_WRONG_HOUSE", "slot", slot, written, character=shown, slot=slot)
            elif cid in self.team.hired_ever or cid in hired:
                self.void(
                    "E_HIRE_ALREADY_HIRED",
                    "slot",
                    slot,
                    written,
                    character=shown,
                    slot=slot,
                    gender=character.gender,
                )
            else:
                hired.add(cid)
                costs.append((slot, character.cost, action))
        chests = int(self.state.opening["teams"][self.own]["chests"])
        total = sum(cost for _, cost, _ in costs)
        running = 0
        for slot, cost, action in costs:  # the hires past what the chests pay are void
            running += cost
            if running > chests:
                self.void(
                    "E_HIRE_INSUFFICIENT_CHESTS",
                    "slot",
                    slot,
                    _plain(action),
                    cost=count("chests", total),
                    chests=count("chests", chests),
                )
                running -= cost
        return total

    # step 10: deployments (R61)
    def _deploy_raw(self) -> list[Any]:
        raw = self.args.get("deploy", [])
        return list(raw) if raw else []

    def _deployments(self) -> list[Json]:
        owned: list[str] = list(self.state.opening["teams"][self.own]["characters"])
        deploys: list[Json] = []
        seen: set[str] = set()
        voided = {p.index for p in self.problems if p.part == "deploy"}
        for index, raw in enumerate(self._deploy_raw(), start=1):
            if index in voided:
                continue
            cid = raw.get("character") if isinstance(raw, Mapping) else None
            if not isinstance(cid, str) or cid not in owned or cid not in self.catalogue:
                self.void(
                    "E_DEPLOY_NOT_OWNED",
                    "deploy",
                    index,
                    _plain(raw),
                    character=character_label(self.state, cid),
                    gender=self.gender(cid),
                )
                continue
            if cid in seen:
                name, gender = self.catalogue[cid].name, self.catalogue[cid].gender
                self.void(
                    "E_DEPLOY_DUPLICATE",
                    "deploy",
                    index,
                    _plain(raw),
                    character=name,
                    gender=gender,
                )
                continue
            seen.add(cid)
            assert isinstance(raw, Mapping)
            checked = self._deploy(self.catalogue[cid], raw)
            if isinstance(checked, Problem):
                self.void(checked.code, "deploy", index, _plain(raw), **checked.params)
            else:
                deploys.append(checked)
        return deploys

    def gender(self, cid: Any) -> str:
        """The character's gender, for the words that agree with it (an unknown one: m)."""
        character = self.catalogue.get(cid) if isinstance(cid, str) else None
        return character.gender if character is not None else "m"

    def _deploy(self, character: Character, raw: Mapping[str, Any]) -> Json | Problem:
        """R61: a deployment's parameters fit its character; an extra enlist is barred from
        a seat (R46)."""
        name = character.name

        def bad(why: Phrase) -> Problem:
            return Problem("E_DEPLOY_PARAM", {"character": name, "reason": why}, "deploy")

        extra = set(raw) - {"character", "target", "slot"}
        if extra:
            return bad(reason("unexpected", field=sorted(extra)[0]))
        out: Json = {"character": character.id}
        is_attack = any(
            e.kind == "extra_action" and e.get("action") == "attack" for e in character.effects
        )
        target = raw.get("target")
        if character.needs_target:
            if is_attack:
                found = self.target(target, slot=0)
                if isinstance(found, Problem):
                    return bad(Phrase(f"reason.{found.code}", _no_slot(found.params)))
                out["target"] = found
            else:
                if not isinstance(target, str) or target not in self.active or target == self.own:
                    return bad(reason("needs_active_house"))
                out["target"] = target
        elif target is not None:
            return bad(reason("takes_no_target"))
        slot = raw.get("slot")
        if character.needs_slot:
            if not isinstance(slot, int) or isinstance(slot, bool) or not 1 <= slot <= 3:
                return bad(reason("needs_slot"))
            action = self.slots[slot - 1]
            if action is None:
                return bad(reason("slot_void", slot=slot))
            if action["kind"] == "hire":
                return bad(reason("slot_hire", slot=slot))
            out["slot"] = slot
        elif slot is not None:
            return bad(reason("takes_no_slot"))
        if self.own in self.seated and any(
            e.kind == "extra_action" and e.get("action") == "enlist" for e in character.effects
        ):
            return Problem("E_ENLIST_ON_SEAT", {"house": self.name()}, "deploy")
        return out

    # step 11: the abandonment condition (R50)
    def _abandon(self) -> int | None:
        threshold = self.args.get("abandon_threshold")
        if threshold is None:
            return None
        if self.own not in self.seated:
            self.void("E_ABANDON_NOT_SEATED", "abandon", None, _plain(threshold), house=self.name())
            return None
        soldiers = int(self.state.opening["teams"][self.own]["soldiers"])
        if (
            not isinstance(threshold, int)
            or isinstance(threshold, bool)
            or not 0 <= threshold <= soldiers
        ):
            self.void(
                "E_ABANDON_RANGE",
                "abandon",
                None,
                _plain(threshold),
                value=str(threshold),
                soldiers=soldiers,
            )
            return None
        return threshold

    def limit(self, house: str, n: int) -> dict[str, Any]:
        """R49's words: the English sentence names the house id as the rule writes it."""
        return {"house": self.name(house), "house_id": house, "n": n}

    def name(self, house: str | None = None) -> Any:
        return house_label(self.state, house or self.own)


_STEP: dict[str, int] = {
    code: step
    for step, codes in enumerate(
        (
            ("E_ACTION_COUNT",),
            ("E_UNKNOWN_ACTION",),
            (
                "E_TARGET_REQUIRED",
                "E_TARGET_SELF",
                "E_TARGET_UNKNOWN",
                "E_TARGET_INACTIVE",
                "E_TARGET_TRONO_SEATED",
                "E_TARGET_ALL_NOT_SEATED",
            ),
            ("E_ATTACK_LIMIT",),
            ("E_ENLIST_ON_SEAT",),
            (
                "E_UNKNOWN_CHARACTER",
                "E_HIRE_WRONG_HOUSE",
                "E_HIRE_ALREADY_HIRED",
                "E_HIRE_INSUFFICIENT_CHESTS",
            ),
            ("E_DEPLOY_NOT_OWNED", "E_DEPLOY_DUPLICATE", "E_DEPLOY_PARAM"),
            ("E_ABANDON_NOT_SEATED", "E_ABANDON_RANGE"),
        ),
        start=5,
    )
    for code in codes
}


def _step(problem: Problem) -> int:
    """Where A6 checks it: a deployment's problems at step 10 (its extra attack under the
    counting variant at step 7), the condition's at step 11."""
    if problem.part == "deploy" and problem.code != "E_ATTACK_LIMIT":
        return 20
    if problem.part == "abandon":
        return 30
    return _STEP[problem.code]


def _known(raw: Any) -> bool:
    """Step 5: a known kind with exactly its own fields."""
    if not isinstance(raw, Mapping) or raw.get("kind") not in SLOT_KINDS:
        return False
    kind = raw["kind"]
    keys = {"kind", "target"} if kind == "attack" else {"kind", "character"}
    if kind not in ("attack", "hire"):
        keys = {"kind"}
    return not (set(raw) - keys) and (kind != "hire" or isinstance(raw.get("character"), str))


def _plain(raw: Any) -> Any:
    """What the team wrote, kept as JSON data (anything else as its text)."""
    if raw is None or isinstance(raw, str | int | float | bool):
        return raw
    if isinstance(raw, Mapping):
        return {str(k): _plain(v) for k, v in raw.items()}
    if isinstance(raw, list | tuple):
        return [_plain(v) for v in raw]
    return str(raw)


def _no_slot(params: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in params.items() if k != "slot"}
