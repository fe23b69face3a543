"""R15–R17 on a team's page: before the houses are assigned a team is known by its
number, its report says so and shows no parameters, and its view names the houses it may
rank (DECISIONS 34)."""

from tavola.core import Viewer

from .test_rules_registration import s3_table


def test_r15_a_team_without_a_house_is_called_by_its_number():
    table = s3_table()
    assert table.state.phase == "house_ranking"
    view = table.view(Viewer.seat("player:u01"))
    team_no = view["teams"][view["my_team"]]["team_no"]
    assert view["team"]["report_text"]["it"] == [f"Squadra {team_no}: nessun rapporto ancora."]
    assert view["team"]["report_text"]["en"] == [f"Team {team_no}: no report yet."]


def test_r16_a_member_s_view_names_the_houses_to_rank():
    view = s3_table().view(Viewer.seat("player:u01"))
    assert view["house_names"]["stark"] == "Stark" and len(view["house_names"]) == 10
