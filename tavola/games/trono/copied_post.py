"""A post a referee copies from the forum whole (`record_post` with `post_text`, issue 27
point 5): read by `forum_post` into the post the team page builds, its unread lines kept
beside the void parts, and the check that lists, before sealing, everything that sealing
will void (`copied_problems`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .forum_post import MAX_POST_TEXT, parse_forum_post
from .messages import refuse
from .state import Team, TronoState, catalogue_of
from .void_words import PostProblem, named_problems

Json = dict[str, Any]
_BESIDE = ("actions", "deploy", "deploy_text", "abandon_threshold")


def read_post_text(
    state: TronoState, team: Team, args: Mapping[str, Any]
) -> tuple[Mapping[str, Any], list[str]]:
    """`args` with the pasted post read into its actions, deployments and condition, and
    the lines nothing read; `args` as they are without a `post_text`."""
    if "post_text" not in args:
        return args, []
    written = args["post_text"]
    if not isinstance(written, str) or len(written) > MAX_POST_TEXT:
        raise refuse("E_POST_TEXT", n=MAX_POST_TEXT)
    if any(args.get(key) not in (None, [], "") for key in _BESIDE):
        raise refuse("E_POST_TEXT_WITH")
    owned = list(state.opening.get("teams", {}).get(team.key, {}).get("characters", []))
    read = parse_forum_post(written, catalogue_of(state.config), owned)
    rest = {k: v for k, v in args.items() if k != "post_text" and k not in _BESIDE}
    return {**rest, **read.args()}, read.unread


def unread_void(lines: list[str]) -> list[Json]:
    """The lines nothing read, as void parts of the sealed post: the team is told."""
    return [
        {
            "part": "line",
            "index": index,
            "written": line,
            "code": "E_POST_LINE_UNREAD",
            "params": {"line": line},
        }
        for index, line in enumerate(lines, start=1)
    ]


def copied_problems(state: TronoState, sealed: TronoState, house: str) -> list[PostProblem]:
    """What sealing a copied post will void, in words: read from the post as `sealed` (the
    state after recording it on a copy) holds it, so the check is the recording itself."""
    team = sealed.team(house)
    post = sealed.posts.get(str(team.team_no)) if team is not None else None
    return named_problems(state, house, post.void if post is not None else [], void=True)
