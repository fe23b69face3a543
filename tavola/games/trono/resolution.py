"""Resolution of one turn, phases P1–P13 in the spec's order (R29–R45, R51–R57)."""

from __future__ import annotations

from typing import Any

from tavola.core import Event

from .characters import Character, Effect
from .ending import end_check
from .houses import HOUSES, WHEEL_OF
from .lotto import lotto_rank, value
from .posts import hits_of
from .state import CharacterInstance, Post, Team, TronoState, catalogue_of


class _Deployment:
    def __init__(self, team: str, character: Character, target: str | None, slot: int | None):
        self.team = team
        self.character = character
        self.target = target
        self.slot = slot
        self.outcomes: list[bool] = []
        self.charge = "permanent" if character.charges is None else "spent"
        self.revoked = False

    @property
    def failed(self) -> bool:
        return self.revoked or not any(self.outcomes)

    def effects(self, kind: str) -> list[Effect]:
        return [] if self.revoked else [e for e in self.character.effects if e.kind == kind]


def resolve_turn(state: TronoState, numbers: dict[str, list[int]]) -> list[Event]:
    """Resolves turn `state.turn` with the draw `numbers`; mutates the state."""
    k = state.turn
    cfg = state.config
    catalogue = catalogue_of(cfg)
    opening = state.opening
    seated: list[str] = list(opening["seated"])
    active_open: list[str] = [h for h in opening["active"] if _team(state, h).active]
    events: list[Event] = []
    posts: dict[str, Post | None] = {}
    for house in active_open:
        team = _team(state, house)
        posts[house] = state.posts.get(str(team.team_no))
    reports: dict[str, dict[str, Any]] = {}
    for house in active_open:
        team = _team(state, house)
        reports[house] = {
            "turn": k,
            "draw_date": state.draw_date,
            "corrected": False,
            "posted": posts[house] is not None,
            "before": _params(team),
            "slots": [],
            "hires": [],
            "deployments": [],
            "spy": [],
        }

    # -- P1 values ------------------------------------------------------------------------
    slots: dict[str, list[dict[str, Any]]] = {}
    deployments: list[_Deployment] = []
    for house in active_open:
        team = _team(state, house)
        post = posts[house]
        nums = numbers[WHEEL_OF[house]]
        slots[house] = []
        if post is None:
            continue
        for s, action in enumerate(post.actions, start=1):
            entry = dict(action)
            entry["slot"] = s
            if action["kind"] != "hire":
                entry["number"] = nums[s - 1]
                entry["base"] = value(nums[s - 1])
            slots[house].append(entry)
        for raw in post.deploy:
            instance = team.owns(raw["character"])
            dep = _Deployment(
                house, catalogue[raw["character"]], raw.get("target"), raw.get("slot")
            )
            if instance is None:
                dep.revoked = True  # R70: a revoked character's deployment fails
                dep.charge = "none"
            elif instance.charges_left is not None:
                instance.charges_left -= 1
            deployments.append(dep)
            events.append(
                Event(
                    "character_deployed",
                    {"team": house, "character": dep.character.id},
                    _audience(state, house),
                )
            )
    for dep in deployments:
        nums = numbers[WHEEL_OF[dep.team]]
        for effect in dep.effects("alternate_number"):
            entry = slots[dep.team][int(dep.slot or 1) - 1]
            alt = value(nums[int(effect.get("index")) - 1])
            entry["base"] = alt if effect.get("mode") == "replace" else max(entry["base"], alt)
            dep.outcomes.append(True)
    for house in active_open:
        for entry in slots[house]:
            if entry["kind"] != "hire":
                entry["adjust"] = 0
    for dep in deployments:
        for effect in dep.effects("action_bonus"):
            touched = [e for e in slots[dep.team] if e["kind"] == effect.get("action")]
            for entry in touched:
                entry["adjust"] += int(effect.get("delta"))
            dep.outcomes.append(bool(touched))
        for effect in dep.effects("enemy_malus"):
            target_slots = slots.get(dep.target or "", [])
            touched = [e for e in target_slots if e["kind"] == effect.get("action")]
            for entry in touched:
                entry["adjust"] -= int(effect.get("delta"))
            dep.outcomes.append(bool(touched))
    for house in active_open:
        for entry in slots[house]:
            if entry["kind"] != "hire":
                entry["value"] = max(0, entry["base"] + entry.pop("adjust"))
        reports[house]["slots"] = slots[house]
    extras: dict[str, list[dict[str, Any]]] = {h: [] for h in active_open}
    for dep in deployments:
        nums = numbers[WHEEL_OF[dep.team]]
        for effect in dep.effects("extra_action"):
            amount = effect.get("value")
            if amount is None:
                amount = value(nums[int(effect.get("index")) - 1])
            extra = {"kind": effect.get("action"), "value": int(amount), "extra": True}
            if effect.get("action") == "attack":
                extra["target"] = dep.target or "all"
            extras[dep.team].append(extra)
            dep.outcomes.append(True)
    events.append(
        Event(
            "values_computed",
            {"turn": k, "values": {h: [e.get("value") for e in slots[h]] for h in active_open}},
            _referees(state),
        )
    )

    # -- P2 hiring -------------------------------------------------------------------------
    for house in active_open:
        team = _team(state, house)
        for entry in slots[house]:
            if entry["kind"] != "hire":
                continue
            character = catalogue[entry["character"]]
            if team.chests < character.cost:
                reports[house]["hires"].append(
                    {"character": character.id, "cost": character.cost, "ok": False}
                )
                events.append(
                    Event(
                        "hire_failed",
                        {"team": house, "character": character.id},
                        _audience(state, house),
                    )
                )
                continue
            team.chests -= character.cost
            team.characters.append(
                CharacterInstance(
                    character_id=character.id, charges_left=character.charges, hired_turn=k
                )
            )
            team.hired_ever.append(character.id)
            reports[house]["hires"].append(
                {"character": character.id, "cost": character.cost, "ok": True}
            )
            events.append(
                Event(
                    "hire_resolved",
                    {"team": house, "character": character.id, "cost": character.cost},
                    _audience(state, house),
                )
            )

    # -- P3 battle ----------------------------------------------------------------------------
    alive = [h for h in active_open if _team(state, h).active and not _team(state, h).disqualified]
    hits: list[dict[str, Any]] = []  # from, to, amount, pierce, direct, excluded
    for house in active_open:
        for entry in [*slots[house], *extras[house]]:
            if entry["kind"] != "attack":
                continue
            for target in hits_of(entry["target"], house, seated, alive):
                hits.append(
                    {
                        "from": house,
                        "to": target,
                        "amount": entry["value"],
                        "pierce": False,
                        "direct": False,
                    }
                )
    direct_deps: list[tuple[_Deployment, dict[str, Any]]] = []
    for dep in deployments:
        for effect in dep.effects("direct_damage"):
            if dep.target in alive:
                hit: dict[str, Any] = {
                    "from": dep.team,
                    "to": dep.target,
                    "amount": int(effect.get("amount")),
                    "pierce": bool(effect.get("pierce")),
                    "direct": True,
                }
                hits.append(hit)
                direct_deps.append((dep, hit))
            else:
                dep.outcomes.append(False)
    immune = {
        dep.team: dep
        for dep in deployments
        for e in dep.effects("shield")
        if e.get("mode") == "throne_immunity"
    }
    op: dict[str, dict[str, int]] = {}
    hit_by: dict[str, set[str]] = {}
    for hit in hits:
        op.setdefault(hit["to"], {}).setdefault(hit["from"], 0)
        op[hit["to"]][hit["from"]] += hit["amount"]
        hit_by.setdefault(hit["to"], set()).add(hit["from"])
        hit["excluded"] = hit["to"] in immune and hit["from"] in seated
    for dep, hit in direct_deps:
        dep.outcomes.append(not hit["excluded"])
    for house, dep in immune.items():
        dep.outcomes.append(any(h in seated for h in hit_by.get(house, ())))
    battle: dict[str, dict[str, int]] = {}
    for house in active_open:
        team = _team(state, house)
        counted = [h for h in hits if h["to"] == house and not h["excluded"]]
        attack = sum(h["amount"] for h in counted if not h["pierce"])
        pierce = sum(h["amount"] for h in counted if h["pierce"])
        defence = sum(e["value"] for e in [*slots[house], *extras[house]] if e["kind"] == "defend")
        raw = max(0, attack - defence) + pierce
        shield = 0
        for dep in deployments:
            if dep.team != house:
                continue
            for effect in dep.effects("shield"):
                if effect.get("mode") == "reduce":
                    shield += int(effect.get("amount"))
                    dep.outcomes.append(raw > 0)
        damage = max(0, raw - shield)
        team.soldiers = max(0, team.soldiers - damage)
        battle[house] = {
            "A": attack,
            "Pc": pierce,
            "D": defence,
            "shield": shield,
            "damage": damage,
        }
        reports[house].update(
            {"A": attack, "Pc": pierce, "Dv": defence, "shield": shield, "damage": damage}
        )
        if cfg.reveal_attackers:
            reports[house]["attackers"] = dict(sorted(op.get(house, {}).items()))
        events.append(
            Event(
                "battle_resolved",
                {"team": house, "A": attack, "D": defence, "damage": damage},
                _audience(state, house),
            )
        )

    # -- P4 elimination -------------------------------------------------------------------------
    eliminated: list[str] = []
    for house in active_open:
        team = _team(state, house)
        if team.soldiers == 0:
            eliminate(state, team, k)
            eliminated.append(house)
            events.append(Event("team_eliminated", {"team": house, "turn": k}))
    survivors = [h for h in active_open if _team(state, h).active]

    def sum_kind(house: str, kind: str) -> int:
        return sum(e["value"] for e in [*slots[house], *extras[house]] if e["kind"] == kind)

    # -- P5 enlist ------------------------------------------------------------------------------
    for house in survivors:
        team = _team(state, house)
        enlist = sum_kind(house, "enlist")
        after_enlist = min(state.soldier_max, team.soldiers + enlist)
        gain = 0
        for dep in _own(deployments, house):
            for effect in dep.effects("gain"):
                if effect.get("resource") == "soldiers":
                    dep.outcomes.append(after_enlist + gain < state.soldier_max)
                    gain += int(effect.get("amount"))
        team.soldiers = min(state.soldier_max, team.soldiers + enlist + gain)
        reports[house]["enlist"] = enlist
        reports[house]["gain_soldiers"] = gain
    # -- P6 tax and steals ----------------------------------------------------------------------
    for house in survivors:
        team = _team(state, house)
        tax = sum_kind(house, "tax")
        gain = _gained(_own(deployments, house), "chests")
        team.chests += tax + gain
        reports[house]["tax"] = tax
        reports[house]["gain_chests"] = gain
        reports[house]["stolen_from_us"] = 0
        reports[house]["stolen_by_us"] = 0
    snapshot = {h: _team(state, h).chests for h in survivors}
    transfers: list[tuple[str, str, int]] = []
    steals = [
        (dep, effect)
        for dep in deployments
        for effect in dep.effects("steal_chests")
        if dep.team in survivors
    ]
    taken: dict[str, int] = {}
    for dep, effect in sorted(steals, key=lambda de: _post_order(posts, de[0].team)):
        target = dep.target or ""
        if target not in survivors:
            dep.outcomes.append(False)
            continue
        amount = min(int(effect.get("amount")), snapshot[target] - taken.get(target, 0))
        taken[target] = taken.get(target, 0) + amount
        dep.outcomes.append(amount > 0)
        if amount > 0:
            transfers.append((dep.team, target, amount))
    for thief, target, amount in transfers:
        _team(state, target).chests -= amount
        _team(state, thief).chests += amount
        reports[target]["stolen_from_us"] += amount
        reports[thief]["stolen_by_us"] += amount
        events.append(
            Event(
                "chests_stolen",
                {"thief": thief, "target": target, "amount": amount},
                _referees(state),
            )
        )
    # -- P7 rally and exchanges -----------------------------------------------------------------
    for house in survivors:
        team = _team(state, house)
        rally = sum_kind(house, "rally")
        gain = _gained(_own(deployments, house), "banners")
        team.banners += rally + gain
        reports[house]["rally"] = rally
        reports[house]["gain_banners"] = gain
        exchanged = 0
        for dep in _own(deployments, house):
            for effect in dep.effects("exchange"):
                pay = int(effect.get("pay_chests"))
                ok = team.chests >= pay
                if ok:
                    team.chests -= pay
                    team.banners += int(effect.get("get_banners"))
                    exchanged += int(effect.get("get_banners"))
                dep.outcomes.append(ok)
        reports[house]["exchange_banners"] = exchanged
    # -- P8 no-attack penalty -------------------------------------------------------------------
    for house in survivors:
        team = _team(state, house)
        attacked = any(e["kind"] == "attack" for e in [*slots[house], *extras[house]]) or any(
            dep.effects("direct_damage") for dep in _own(deployments, house)
        )
        team.turns_without_attack = 0 if attacked else team.turns_without_attack + 1
        due = team.turns_without_attack >= cfg.no_attack_grace
        waivers = [d for d in _own(deployments, house) if d.effects("penalty_waiver")]
        for dep in waivers:
            dep.outcomes.append(due)
        penalty = 1 if due and not waivers and team.banners > 0 else 0
        team.banners -= penalty
        reports[house]["penalty"] = penalty
        reports[house]["counter"] = team.turns_without_attack
        if penalty:
            events.append(Event("no_attack_penalty", {"team": house}, _audience(state, house)))
    # -- P9 seat banners -----------------------------------------------------------------------
    for house in survivors:
        gained = cfg.seat_banner_gain if house in seated else 0
        _team(state, house).banners += gained
        reports[house]["seat_banners"] = gained
        if gained:
            events.append(
                Event("seat_banners", {"team": house, "banners": gained}, _audience(state, house))
            )
    # -- P10 succession ------------------------------------------------------------------------
    had_tower = state.tower_exists
    events.extend(_succession(state, k, numbers, posts, op, hit_by, seated, survivors))
    # -- P11 spies -------------------------------------------------------------------------------
    for dep in deployments:
        for effect in dep.effects("spy"):
            target = dep.target or ""
            ok = target in survivors and dep.team in survivors
            dep.outcomes.append(ok)
            if not ok:
                continue
            spied = _team(state, target)
            reveal = effect.get("reveal")
            found: dict[str, Any] = {"target": target, "reveal": reveal}
            if reveal == "parameters":
                found.update(_params(spied))
            elif reveal == "characters":
                found["characters"] = [c.model_dump() for c in spied.characters]
            else:
                found["actions"] = slots[target]
                found["extras"] = extras[target]
            reports[dep.team]["spy"].append(found)
    # -- P13 charges (given back, exhausted) --------------------------------------------------
    for dep in deployments:
        team = _team(state, dep.team)
        instance = team.owns(dep.character.id)
        if dep.failed and not dep.character.consume_on_failure and dep.charge == "spent":
            dep.charge = "returned"
            if instance is not None and instance.charges_left is not None:
                instance.charges_left += 1
        reports[dep.team]["deployments"].append(
            {
                "character": dep.character.id,
                "target": dep.target,
                "slot": dep.slot,
                "outcome": "failure" if dep.failed else "success",
                "charge": dep.charge,
            }
        )
        events.append(
            Event(
                "charge_spent",
                {
                    "team": dep.team,
                    "character": dep.character.id,
                    "charge": dep.charge,
                    "failed": dep.failed,
                },
                _audience(state, dep.team),
            )
        )
    for team in state.teams:
        team.characters = [c for c in team.characters if c.charges_left != 0]
    # -- P12 end check ---------------------------------------------------------------------------
    over = end_check(state, numbers)
    for house in active_open:
        team = _team(state, house)
        report = reports[house]
        report["after"] = _params(team)
        report["characters"] = [c.model_dump() for c in team.characters]
        report["seat"] = (
            "throne" if state.throne == house else ("tower" if state.tower == house else None)
        )
        report["eliminated"] = not team.active
        team.reports.append(report)
        events.append(Event("turn_report", {"team": house, "turn": k}, _audience(state, house)))
    state.resolutions.append(
        {
            "turn": k,
            "numbers": numbers,
            "battle": battle,
            "op": {x: dict(sorted(v.items())) for x, v in sorted(op.items())},
            "eliminated": eliminated,
            "tower_removed": had_tower and not state.tower_exists,
        }
    )
    if over:
        events.append(
            Event(
                "game_over",
                {
                    "king": state.result["king"] if state.result else None,
                    "hand": state.result["hand"] if state.result else None,
                },
            )
        )
    return events


def _post_order(posts: dict[str, Post | None], house: str) -> tuple[int, int]:
    post = posts.get(house)
    return (post.at if post is not None else 2**62, HOUSES.index(house))


def _own(deployments: list[_Deployment], house: str) -> list[_Deployment]:
    return [d for d in deployments if d.team == house]


def _gained(deployments: list[_Deployment], resource: str) -> int:
    """What a team's `gain` powers for `resource` (chests or banners) bring; each one used
    counts as a success. Soldiers are capped, so P5 counts them itself."""
    gain = 0
    for dep in deployments:
        for effect in dep.effects("gain"):
            if effect.get("resource") == resource:
                gain += int(effect.get("amount"))
                dep.outcomes.append(True)
    return gain


def _team(state: TronoState, house: str) -> Team:
    team = state.team(house)
    assert team is not None
    return team


def _params(team: Team) -> dict[str, int]:
    return {"soldiers": team.soldiers, "chests": team.chests, "banners": team.banners}


def _audience(state: TronoState, house: str) -> frozenset[str]:
    team = _team(state, house)
    return frozenset({f"player:{m}" for m in team.members} | _referee_seats(state))


def _referee_seats(state: TronoState) -> frozenset[str]:
    return frozenset(f"referee:{r}" for r in state.config.referees)


def _referees(state: TronoState) -> frozenset[str]:
    return _referee_seats(state)


def eliminate(state: TronoState, team: Team, turn: int) -> None:
    """R34: status, records at elimination, characters lost, members eliminated."""
    team.status = "eliminated"
    team.eliminated_turn = turn
    team.banners_at_elimination = team.banners
    team.chests_at_elimination = team.chests
    team.characters = []
    for uid in team.members:
        player = state.players.get(uid)
        if player is not None:
            player.status = "eliminated"


def _succession(
    state: TronoState,
    k: int,
    numbers: dict[str, list[int]],
    posts: dict[str, Post | None],
    op: dict[str, dict[str, int]],
    hit_by: dict[str, set[str]],
    seated: list[str],
    survivors: list[str],
) -> list[Event]:
    """R51–R57."""
    events: list[Event] = []
    vacated: list[tuple[str, str]] = []  # (seat, departed occupant)
    for seat in ("throne", "tower"):
        occupant = getattr(state, seat)
        if occupant is None:
            continue
        team = _team(state, occupant)
        post = posts.get(occupant)
        threshold = post.abandon_threshold if post is not None else None
        if not team.active or (threshold is not None and team.soldiers < threshold):
            setattr(state, seat, None)
            vacated.append((seat, occupant))
            events.append(Event("seat_vacated", {"seat": seat, "team": occupant}))
    if state.tower_exists and len(state.active_teams()) < state.config.tower_min_teams:
        state.tower_exists = False
        if state.tower is not None:
            events.append(Event("seat_vacated", {"seat": "tower", "team": state.tower}))
        state.tower = None
        vacated = [(s, o) for s, o in vacated if s != "tower"]
        events.append(Event("tower_removed", {"turn": k}))
    chosen: set[str] = set()
    for seat, departed in vacated:
        eligible = [h for h in survivors if h not in seated and h not in chosen]
        if not eligible:
            continue
        salt = f"succession|{k}|{seat}"
        candidates = [h for h in eligible if h in hit_by.get(departed, set())]
        if candidates:
            powers = op.get(departed, {})
            best = max(powers[h] for h in candidates)
            tied = [h for h in candidates if powers[h] == best]
            if len(tied) > 1 and state.config.throne_tie_break == "earliest_post":
                first = min(_post_order(posts, h)[0] for h in tied)
                tied = [h for h in tied if _post_order(posts, h)[0] == first]
            winner = lotto_rank(tied, numbers, salt)[0]
        else:
            winner = lotto_rank(eligible, numbers, salt)[0]
        setattr(state, seat, winner)
        chosen.add(winner)
        events.append(Event("seat_filled", {"seat": seat, "team": winner}))
    return events
