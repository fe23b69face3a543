"""What a bench figure was measured on, given in every `tavola bench --json`: the machine,
its CPU count, the Python, Tavola's commit and the command's options — a figure without
them cannot be compared with another."""

from __future__ import annotations

import os
import platform
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tavola


def commit() -> str | None:
    """The checkout's commit (with `+` if it has changes), or None outside a git checkout."""
    root = Path(tavola.__file__).resolve().parents[1]
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=10
        )
        if head.returncode != 0:
            return None
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return head.stdout.strip() + ("+" if dirty.stdout.strip() else "")


def run_info(options: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "machine": platform.machine(),
        "system": platform.platform(),
        "processor": platform.processor() or None,
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "commit": commit(),
        "options": dict(options),
    }
