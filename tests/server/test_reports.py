"""The balance reports' pages (issue 22, item 3): the reports of a folder listed and served
as they are, from a real `tavola simulate --report` run, and nothing outside them: every
path that tries to leave a report's folder, every name that is not a report's, is a 404
with a code, never a file and never a server error."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tavola.cli import app as cli
from tavola.server.refusal import Refusal
from tavola.server.reports import REPORTS_ENV, Reports, folder_from

from .api_helpers import running

GAMES = 12
RUN = ["--games", str(GAMES), "--seats", "random,random", "--mode", "classic", "--max-rounds", "3"]
RUN += ["--quiet", "--report"]
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A reports folder: a real simulation's report, a balance proposal's folder, a run
    without a report, and links and files that point out of it."""
    base = tmp_path_factory.mktemp("reports")
    runs = base / "runs"
    first = runs / "first"
    result = CliRunner().invoke(
        cli,
        ["simulate", "legends", "--out", str(first), *RUN],
    )
    assert result.exit_code == 0, result.output
    # A proposal as `tavola balance suggest` writes it: its own report, catalogue and diff.
    proposal = runs / "proposal-1"
    proposal.mkdir()
    (proposal / "report.html").write_text(
        '<!doctype html><title>Balance proposal</title><img src="impact.png">'
    )
    (proposal / "impact.png").write_bytes((first / "win_rates.png").read_bytes())
    (proposal / "catalogue.toml").write_text('[[cards]]\nid = "S1-001"\n')
    (proposal / "changes.md").write_text("# Changes\n")
    os.utime(proposal / "report.html", (1_000_000_000, 1_000_000_000))  # 2001: older
    # Not reports, or not the reports': each must stay out of reach.
    (runs / "no-report").mkdir()
    (runs / "no-report" / "games.csv").write_text("game\n1\n")
    outside = base / "outside"
    outside.mkdir()
    (outside / "report.html").write_text("<title>secret</title>")
    (outside / "secret.png").write_bytes(PNG)
    (outside / "secret.md").write_text("secret")
    (runs / "escape").symlink_to(outside, target_is_directory=True)
    (runs / "alias").symlink_to(first, target_is_directory=True)  # listed once, as "first"
    (first / "leak.png").symlink_to(outside / "secret.png")
    (first / "leak.md").symlink_to(outside / "secret.md")
    (first / ".hidden.md").write_text("hidden")
    (first / "notes.txt").write_text("not a report's kind of file")
    (runs / "loose.html").write_text("<title>a file, not a folder</title>")
    return runs


@pytest.fixture(scope="module")
def client(runs: Path, tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("db") / "t.db"
    with running(f"sqlite:///{db}", reports_folder=runs) as client:
        yield client


def refused(response, code: str) -> None:
    assert response.status_code == 404, (response.status_code, response.text[:200])
    body = response.json()
    assert body["code"] == code and body["message"], body


def test_the_list_names_each_report_with_its_facts_newest_first(client) -> None:
    listed = client.get("/api/reports")
    assert listed.status_code == 200
    reports = listed.json()
    assert [r["name"] for r in reports] == ["first", "proposal-1"]
    first, proposal = reports
    assert first["kind"] == "simulation" and first["game"] == "legends"
    assert first["games"] == GAMES and first["title"] == "Balance report: legends"
    assert first["date"].startswith(tuple(str(y) for y in range(2024, 2100)))
    assert first["url"] == "/reports/first"
    assert first["report_url"] == "/reports/first/report.html"
    assert proposal["kind"] == "proposal" and proposal["title"] == "Balance proposal"
    assert proposal["game"] is None and proposal["games"] is None
    assert proposal["date"].startswith("2001-09-09")


def test_a_reports_entry_lists_only_its_own_servable_files(client) -> None:
    entry = client.get("/api/reports/first").json()
    files = set(entry["files"])
    assert {"report.html", "report.md", "run.json", "games.csv", "win_rates.png"} <= files
    assert not files & {"games.parquet", "leak.png", "leak.md", ".hidden.md", "notes.txt"}


def test_the_pages_are_served(client) -> None:
    listing = client.get("/reports")
    assert listing.status_code == 200 and 'src="/js/reports.js"' in listing.text
    page = client.get("/reports/first")
    assert page.status_code == 200 and 'src="/js/balance-report.js"' in page.text
    assert page.headers["content-type"].startswith("text/html")
    lobby = client.get("/")
    assert 'href="/reports"' in lobby.text


def test_a_report_is_served_as_it_is_with_its_charts(client, runs: Path) -> None:
    report = client.get("/reports/first/report.html")
    assert report.status_code == 200
    assert report.headers["content-type"] == "text/html; charset=utf-8"
    assert report.text == (runs / "first" / "report.html").read_text()
    csp = report.headers["content-security-policy"]
    assert csp.startswith("sandbox;") and "script-src" not in csp
    assert report.headers["x-content-type-options"] == "nosniff"
    images = re.findall(r'<img src="([^"]+)"', report.text)
    assert len(images) >= 2
    for image in images:
        chart = client.get(f"/reports/first/{image}")
        assert chart.status_code == 200, image
        assert chart.headers["content-type"] == "image/png"
        assert chart.content.startswith(PNG)


@pytest.mark.parametrize(
    ("file", "media_type"),
    [
        ("report.md", "text/plain; charset=utf-8"),
        ("games.csv", "text/csv; charset=utf-8"),
        ("run.json", "application/json"),
        ("cards.json", "application/json"),
    ],
)
def test_each_kind_of_file_has_its_media_type(client, file: str, media_type: str) -> None:
    response = client.get(f"/reports/first/{file}")
    assert response.status_code == 200
    assert response.headers["content-type"] == media_type


def test_a_proposals_catalogue_and_changes_are_text(client) -> None:
    for file in ("catalogue.toml", "changes.md"):
        response = client.get(f"/reports/proposal-1/{file}")
        assert response.status_code == 200
        assert response.headers["content-type"] == "text/plain; charset=utf-8"
    assert client.get("/reports/proposal-1/catalogue.toml").text.startswith("[[cards]]")


@pytest.mark.parametrize(
    "path",
    [
        "/reports/first/%2e%2e/%2e%2e/outside/secret.md",
        "/reports/first/..%2F..%2Foutside%2Fsecret.md",
        "/reports/first/%2e%2e%2fno-report%2fgames.csv",
        "/reports/first/..%5C..%5Coutside%5Csecret.md",
        "/reports/first//etc/passwd",
        "/reports/first/%2Fetc%2Fpasswd",
        "/reports/first/leak.png",
        "/reports/first/leak.md",
        "/reports/first/.hidden.md",
        "/reports/first/notes.txt",
        "/reports/first/games.parquet",
        "/reports/first/missing.png",
        "/reports/first/report.html%00.png",
        "/reports/first/",
    ],
)
def test_a_path_out_of_a_reports_files_is_not_found(client, path: str) -> None:
    refused(client.get(path), "not_found")


@pytest.mark.parametrize(
    "name",
    ["%2e%2e", "%2e", "escape", "no-report", "unknown", "loose.html", "first%00", "-first",
     "%7Eroot", "a" * 101],
)  # fmt: skip
def test_a_name_that_is_no_report_is_not_found(client, name: str) -> None:
    refused(client.get(f"/api/reports/{name}"), "unknown_report")
    refused(client.get(f"/reports/{name}"), "unknown_report")
    refused(client.get(f"/reports/{name}/report.html"), "unknown_report")


def test_raw_dot_dot_and_absolute_paths_never_leave_the_folder(runs: Path) -> None:
    """What no HTTP client sends as is (they fold `..` away), asked of the folder itself."""
    reports = Reports(runs)
    for name, path in [
        ("first", "../../outside/secret.md"),
        ("first", "../no-report/games.csv"),
        ("first", str(runs.parent / "outside" / "secret.md")),
        ("first", "charts/../../outside/secret.md"),
        ("..", "outside/secret.md"),
        (".", "first/report.md"),
        (str(runs / "first"), "report.md"),
    ]:
        with pytest.raises(Refusal) as refusal:
            reports.file(name, path)
        assert refusal.value.status == 404
    assert reports.file("first", "report.md")[0] == (runs / "first" / "report.md").resolve()


def test_without_a_folder_there_are_no_reports(tmp_path: Path) -> None:
    for folder in ("", str(tmp_path / "not-made-yet")):
        with running(f"sqlite:///{tmp_path / 't.db'}", reports_folder=folder) as client:
            assert client.get("/api/reports").json() == []
            refused(client.get("/api/reports/first"), "unknown_report")
            assert client.get("/reports").status_code == 200


def test_the_folder_is_the_setting_else_the_environment_else_runs_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(REPORTS_ENV, raising=False)
    assert folder_from() == tmp_path / "runs"
    monkeypatch.setenv(REPORTS_ENV, "elsewhere")
    assert folder_from() == tmp_path / "elsewhere"
    assert folder_from("mine") == tmp_path / "mine"
    monkeypatch.setenv(REPORTS_ENV, "")
    assert folder_from() is None
