"""The balance reports the server shows: each immediate subfolder of one folder (the host's
choice, `runs/` under the working directory by default) that holds a `report.html`, as
`tavola simulate --report`, `tavola report` and `tavola balance suggest` write them.

Only what is inside that folder is read, only a report's own files are served, and every
name is checked against a strict pattern before the file system sees it: anything else is
"not found", never an error of the server."""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tavola.core.text import printable

from .refusal import Refusal

REPORTS_ENV = "TAVOLA_REPORTS"
DEFAULT_FOLDER = "runs"
"""Under the server's working directory: where the README's `--out runs/NAME` puts runs."""

# The names tavola.sim writes (not imported: the server need not load the simulator).
REPORT_HTML = "report.html"
RUN_JSON = "run.json"
PROPOSAL_FILES = ("catalogue.toml", "changes.md")
"""A folder with either is a balance proposal (`tavola balance suggest`)."""

SERVED = {
    ".html": "text/html; charset=utf-8",
    # Markdown and TOML shown as text: browsers download text/markdown and application/toml,
    # and the point of a shared link is to read them.
    ".md": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".csv": "text/csv; charset=utf-8",
    ".json": "application/json",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}
"""The kinds of file a report may serve, with their media types."""

FILE_HEADERS = {
    # A report is the host's file, not the server's page: it runs no script and reaches
    # nothing of the site (an opaque origin), whoever wrote it; only its own images and
    # inline styles load, and only Tavola's own pages may frame it.
    "Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self' data:;"
    " style-src 'unsafe-inline'; frame-ancestors 'self'",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",  # a re-run rewrites the files: ask again (ETag: cheap)
}

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
"""A report's folder, and each part of a file's path: no dot files, no `..`, no separators."""
MAX_DEPTH = 4
"""Parts of a file's path (charts may sit in a subfolder of the report)."""
MAX_SCANNED = 5000
"""Entries of the reports folder looked at for a list: a huge folder costs no more."""
MAX_LISTED = 500
"""Reports in a list, newest first."""
MAX_FILES = 200
"""Files named in a report's entry."""
MAX_JSON_BYTES = 1_000_000
"""A larger run.json is not read (the report is still listed, with fewer facts)."""
TITLE_BYTES = 8192
"""How much of report.html is read for its <title>."""
TITLE = re.compile(rb"<title>(.*?)</title>", re.IGNORECASE | re.DOTALL)


def folder_from(setting: str | os.PathLike[str] | None = None) -> Path | None:
    """The reports folder: `setting`, else `$TAVOLA_REPORTS`, else `runs/` under the working
    directory; an empty one turns the reports off (None). Made absolute now, so that a later
    change of directory does not move it; it need not exist yet (a run may make it)."""
    chosen = os.environ.get(REPORTS_ENV, DEFAULT_FOLDER) if setting is None else setting
    text = os.fspath(chosen)
    return Path(text).absolute() if text.strip() else None


@dataclass(frozen=True, slots=True)
class Reports:
    """The reports of one folder (None: none at all)."""

    folder: Path | None

    def listed(self) -> list[dict[str, Any]]:
        """Every report, newest first (at most `MAX_LISTED`)."""
        found = [self._facts(folder) for folder in self._folders()]
        found.sort(key=lambda facts: (_moment(facts["date"]), facts["name"]), reverse=True)
        return found[:MAX_LISTED]

    def entry(self, name: str) -> dict[str, Any]:
        """One report's facts and the files it serves; `unknown_report` when there is none."""
        folder = self.report_folder(name)
        return {**self._facts(folder), "files": _files(folder)}

    def report_folder(self, name: str) -> Path:
        """The folder of report `name`, resolved: an immediate subfolder of the reports
        folder (after following links) holding a report.html."""
        missing = Refusal(404, "unknown_report", f"There is no report '{name}'.")
        root = self._root()
        if root is None or not NAME.fullmatch(name):
            raise missing
        try:
            folder = (root / name).resolve()
            found = folder.parent == root and _inside(folder, folder / REPORT_HTML)
        except (OSError, ValueError):
            found = False
        if not found:
            raise missing
        return folder

    def file(self, name: str, path: str) -> tuple[Path, str]:
        """A file of report `name` and its media type; `not_found` for anything else."""
        folder = self.report_folder(name)
        parts = path.split("/")
        if not (0 < len(parts) <= MAX_DEPTH and all(NAME.fullmatch(p) for p in parts)):
            raise _no_file(name, path)
        suffix = Path(parts[-1]).suffix.lower()
        if suffix not in SERVED or not _inside(folder, folder.joinpath(*parts)):
            raise _no_file(name, path)
        return folder.joinpath(*parts).resolve(), SERVED[suffix]

    def _root(self) -> Path | None:
        if self.folder is None:
            return None
        try:
            root = self.folder.resolve()
        except (OSError, RuntimeError):  # a loop of links
            return None
        return root if root.is_dir() else None

    def _folders(self) -> Iterator[Path]:
        root = self._root()
        if root is None:
            return
        try:
            with os.scandir(root) as entries:
                for scanned, entry in enumerate(entries):
                    if scanned >= MAX_SCANNED:
                        break
                    try:
                        folder = self.report_folder(entry.name)
                    except Refusal:
                        continue
                    if folder.name == entry.name:  # a link to a sibling: listed once, as it
                        yield folder
        except OSError:  # the folder went away, or may not be read
            return

    def _facts(self, folder: Path) -> dict[str, Any]:
        run = _run_json(folder / RUN_JSON)
        game = run.get("game")
        games = run.get("games")
        return {
            "name": folder.name,
            "title": _title(folder / REPORT_HTML) or folder.name,
            "kind": "proposal"
            if any((folder / f).is_file() for f in PROPOSAL_FILES)
            else "simulation",
            "game": printable(game)[:60] if isinstance(game, str) else None,
            "games": games if isinstance(games, int) and not isinstance(games, bool) else None,
            "date": _date(run.get("finished_at"), folder / REPORT_HTML),
            "url": f"/reports/{folder.name}",
            "report_url": f"/reports/{folder.name}/{REPORT_HTML}",
        }


def _no_file(name: str, path: str) -> Refusal:
    return Refusal(404, "not_found", f"Report '{name}' has no file '{path[:200]}'.")


def _inside(folder: Path, path: Path) -> bool:
    """Whether `path` is a regular file inside `folder` once every link is followed."""
    try:
        file = path.resolve()
        return file.is_relative_to(folder) and file.is_file()
    except (OSError, ValueError, RuntimeError):  # a NUL byte, a loop of links...
        return False


def _files(folder: Path) -> list[str]:
    """The report's servable files at its top, by name."""
    try:
        names = sorted(
            entry.name
            for entry in os.scandir(folder)
            if NAME.fullmatch(entry.name)
            and Path(entry.name).suffix.lower() in SERVED
            and _inside(folder, folder / entry.name)
        )
    except OSError:
        return []
    return names[:MAX_FILES]


def _run_json(path: Path) -> dict[str, Any]:
    """run.json's facts, or nothing when it is missing, too large or not a JSON object."""
    try:
        if path.stat().st_size > MAX_JSON_BYTES:
            return {}
        data = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _title(path: Path) -> str | None:
    try:
        with path.open("rb") as handle:
            head = handle.read(TITLE_BYTES)
    except OSError:
        return None
    found = TITLE.search(head)
    if found is None:
        return None
    text = " ".join(html.unescape(found.group(1).decode("utf-8", "replace")).split())
    return printable(text)[:200] or None


def _moment(date: str | None) -> float:
    """An ISO date as a number to sort by (no date: before every other)."""
    try:
        return datetime.fromisoformat(date).timestamp() if date else float("-inf")
    except (ValueError, OverflowError, OSError):
        return float("-inf")


def _date(finished_at: Any, report: Path) -> str | None:
    """When the run finished (run.json), else when its report was written: ISO 8601."""
    if isinstance(finished_at, str) and len(finished_at) <= 40:
        try:
            return datetime.fromisoformat(finished_at).isoformat()
        except ValueError:
            pass
    try:
        return datetime.fromtimestamp(report.stat().st_mtime, UTC).isoformat(timespec="seconds")
    except (OSError, ValueError, OverflowError):
        return None
