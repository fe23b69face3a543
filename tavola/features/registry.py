"""Registered features, found through the `tavola.features` entry-point group, and any
named by `TAVOLA_FEATURES` (comma-separated `module:attribute`): a feature being written,
or a test's, joins every server and command without installing it."""

from __future__ import annotations

import importlib
import os
import threading
from importlib.metadata import entry_points

from .feature import Feature

GROUP = "tavola.features"

_features: dict[str, Feature] = {}
_loaded = False
_loading = threading.Lock()


def _load() -> None:
    """Once, and whole before anyone reads: servers ask from many threads at once."""
    global _loaded
    if _loaded:
        return
    with _loading:
        if _loaded:
            return
        found = [ep.load() for ep in entry_points(group=GROUP)]
        for target in filter(None, os.environ.get("TAVOLA_FEATURES", "").split(",")):
            module, _, attribute = target.strip().partition(":")
            found.append(getattr(importlib.import_module(module), attribute or "feature"))
        for feature in found:
            if not isinstance(feature, Feature):
                raise TypeError(f"{feature!r} (entry point of {GROUP}) is not a Feature")
            _features.setdefault(feature.name, feature)
        _loaded = True


def features() -> list[Feature]:
    """Every registered feature, by name."""
    _load()
    return [_features[name] for name in sorted(_features)]


def register(feature: Feature) -> None:
    """Registers a feature by hand (a test's fixture feature)."""
    _load()
    _features[feature.name] = feature


def unregister(name: str) -> None:
    _features.pop(name, None)
