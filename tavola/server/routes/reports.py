"""The balance reports of finished runs: their list and each one's page (for a designer to
share a link), and each report's own files (its HTML, charts, Markdown, catalogue)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import FileResponse
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection

from ..reports import FILE_HEADERS, Reports
from ..schemas import Refused
from .pages import WEB

router = APIRouter()

NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"model": Refused}}


class ReportInfo(BaseModel):
    """A report in the list: `kind` `simulation` (`tavola simulate --report`, `tavola
    report`) or `proposal` (`tavola balance suggest`); `game`, `games` (games played) and
    `date` (ISO 8601) as far as the run's folder tells them."""

    name: str
    title: str
    kind: Literal["simulation", "proposal"]
    game: str | None
    games: int | None
    date: str | None
    url: str
    """Its page."""
    report_url: str
    """Its own HTML."""


class ReportEntry(ReportInfo):
    files: list[str]
    """The report's files at its top that may be fetched at `url` + `/` + the name."""


def reports_of(connection: HTTPConnection) -> Reports:
    return connection.app.state.reports  # type: ignore[no-any-return]


@router.get("/api/reports", response_model=list[ReportInfo])
async def list_reports(connection: HTTPConnection) -> list[dict[str, Any]]:
    """The reports of the server's reports folder, newest first."""
    return await run_in_threadpool(reports_of(connection).listed)


@router.get("/api/reports/{name}", response_model=ReportEntry, responses=NOT_FOUND)
async def one_report(connection: HTTPConnection, name: str) -> dict[str, Any]:
    """One report and its files; 404 `unknown_report` when there is none by that name."""
    return await run_in_threadpool(reports_of(connection).entry, name)


@router.get("/reports", include_in_schema=False)
async def reports_page() -> FileResponse:
    return FileResponse(WEB / "reports.html")


@router.get("/reports/{name}", include_in_schema=False)
async def report_page(connection: HTTPConnection, name: str) -> FileResponse:
    """The page around a report (a link to share): only for a report that exists."""
    await run_in_threadpool(reports_of(connection).report_folder, name)
    return FileResponse(WEB / "balance-report.html")


@router.get("/reports/{name}/{path:path}", include_in_schema=False)
async def report_file(connection: HTTPConnection, name: str, path: str) -> FileResponse:
    """A file of the report, as it is: its HTML, charts, Markdown, catalogue or rows."""
    file, media_type = await run_in_threadpool(reports_of(connection).file, name, path)
    return FileResponse(file, media_type=media_type, headers=FILE_HEADERS)
