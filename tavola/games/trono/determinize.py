"""A player's world for the bots (§8; DECISIONS 18): what the seat sees kept, the rest guessed.

Everything a player cannot see is replaced by a guess drawn from what the seat sees and the
given RNG only: other teams' parameters, counter and characters; their posts; other users'
preferences; the formation secret; the referees' records; the RNG's future. The guesses never
read the real hidden values, so two states the seat cannot tell apart give the same world.
"""

from __future__ import annotations

from tavola.core import Rng

from .ending import final_ranking
from .override_kinds import PUBLIC_OVERRIDES
from .state import AuditEntry, CharacterInstance, Team, TronoState, catalogue_of
from .views import revealed_at_end

SPREAD_CAP = 3
"""How far (per parameter) a guess strays from its centre once turns have been resolved."""


def player_world(state: TronoState, user: str, rng: Rng) -> TronoState:
    """A full state consistent with what `user` sees (the public view and, if `user` is on a
    team, that team's private data)."""
    world = state.clone()
    own = world.team_of(user)
    revealed = revealed_at_end(world)
    if world.formation_secret is not None:  # only its commitment is public
        world.formation_secret = "".join(f"{rng.next_u32():08x}" for _ in range(4))
    if not revealed:
        guess = _Guess(world, own, rng)
        for team in world.teams:
            if team is not own:
                guess.fill(team)
        _forget_posts(world, own)
        _believe_ranking(world)
    _forget_private_records(world, user)
    world.rng = Rng(rng.next_u32()).to_json()
    return world


class _Guess:
    """Other teams are believed to stand where the seat's own team stands (the public starting
    values before any turn is resolved, or when the seat has no active team), each parameter
    shifted by up to `SPREAD_CAP`, one per resolved turn; as many hires as the own team."""

    def __init__(self, world: TronoState, own: Team | None, rng: Rng) -> None:
        self.world = world
        self.rng = rng
        self.resolved = len({d.turn for d in world.draws if d.purpose == "turn"})
        self.spread = min(self.resolved, SPREAD_CAP)
        self.centre = _centre(world, own, self.resolved)
        self.hired = len(own.hired_ever) if own is not None else 0
        self.owned = len(own.characters) if own is not None else 0

    def fill(self, team: Team) -> None:
        world, cfg = self.world, self.world.config
        soldiers, chests, banners = self.centre
        floor = 1 if world.soldier_max > 0 else 0
        team.soldiers = self._near(soldiers, floor, world.soldier_max) if team.active else 0
        team.chests = self._near(chests, 0, None)
        team.banners = self._near(banners, 0, cfg.victory_banners - 1)
        counter = self.rng.below(cfg.no_attack_grace) if self.resolved else 0
        team.turns_without_attack = counter if team.active else 0
        self._hire(team)
        if not team.active:  # R34 froze these at the elimination
            team.banners_at_elimination, team.chests_at_elimination = team.banners, team.chests
        team.reports, team.notices = [], []
        opening = world.opening.get("teams", {})
        if team.key in opening:
            opening[team.key] = {
                "soldiers": team.soldiers,
                "chests": team.chests,
                "characters": [c.character_id for c in team.characters],
            }

    def _near(self, centre: int, low: int, high: int | None) -> int:
        drawn = centre - self.spread + self.rng.below(2 * self.spread + 1)
        return max(low, drawn if high is None else min(high, drawn))

    def _hire(self, team: Team) -> None:
        """Characters drawn (sorted first) from those the team may hire; the first ones
        drawn are still owned, with some of their charges left."""
        catalogue = catalogue_of(self.world)
        hireable = sorted(
            c.id for c in catalogue.values() if c.kind == "neutral" or c.house_id == team.house_id
        )
        team.hired_ever = self.rng.sample(hireable, min(self.hired, len(hireable)))
        team.characters = []
        for cid in team.hired_ever[: self.owned] if team.active else []:
            full = catalogue[cid].charges
            team.characters.append(
                CharacterInstance(
                    character_id=cid,
                    charges_left=None if full is None else 1 + self.rng.below(full),
                    hired_turn=1 + self.rng.below(self.resolved) if self.resolved else 0,
                )
            )


def _centre(world: TronoState, own: Team | None, resolved: int) -> tuple[int, int, int]:
    """Soldiers, chests and banners a hidden team is believed to hold, before the noise."""
    if own is not None and own.active and resolved:
        return own.soldiers, own.chests, own.banners
    if world.soldier_max == 0:  # the houses are not assigned yet: nobody holds anything (R19)
        return 0, 0, 0
    return world.soldier_max, world.config.starting_chests, 0


def _forget_posts(world: TronoState, own: Team | None) -> None:
    """Other teams' posts are sealed: in the world they have not posted this turn."""
    mine = own.team_no if own is not None else None
    world.posts = {k: p for k, p in world.posts.items() if p.team_no == mine}
    world.post_history = [p for p in world.post_history if p.team_no == mine]


def _believe_ranking(world: TronoState) -> None:
    """A finished game's ranking is hidden beyond its winners: the winners first, then the
    others as the world's guessed parameters rank them (R73)."""
    result = world.result
    if result is None or not result.get("ranking"):
        return
    winners = list(result["winners"])
    last = world.draws[-1].numbers if world.draws else None
    result["ranking"] = winners + [k for k in final_ranking(world, last) if k not in winners]


def _forget_private_records(world: TronoState, user: str) -> None:
    """Other users' preferences, the configured secret, the referees' records (audit details,
    resolutions, the pre-resolution snapshot) and the count of every seat's actions."""
    for uid, player in world.players.items():
        if uid != user:
            player.preferred_partner, player.avoid, player.join_avoid_houses = None, [], []
    if world.config.formation_secret is not None:
        world.config = world.config.model_copy(update={"formation_secret": None})
    if world.formation_conflicts is not None:
        world.formation_conflicts = 0
    world.audit = [
        AuditEntry(seq=a.seq, at=a.at, referee="", kind=a.kind, subject=a.subject, reason="")
        for a in world.audit
        if a.kind in PUBLIC_OVERRIDES
    ]
    world.resolutions = [
        {
            "turn": r["turn"],
            "numbers": r["numbers"],
            "battle": {},
            "op": {},
            "eliminated": r["eliminated"],
            "tower_removed": r["tower_removed"],
        }
        for r in world.resolutions
    ]
    world.pre_resolution = None  # a correction (R68) needs the referees' full record
    world.decisions = 0
