"""Registered features, found through the `tavola.features` entry-point group, and any
named by `TAVOLA_FEATURES` (comma-separated `module:attribute`): a feature being written,
or a test's, joins every server and command without installing it."""

from __future__ import annotations

import importlib
import os
import threading
from importlib.metadata import entry_points

from tavola.core.capabilities import add_capability
from tavola.core.scenario import scenario_kind

from .feature import Feature

GROUP = "tavola.features"

_features: dict[str, Feature] = {}
_loaded = False
_loading = threading.Lock()
_loader: int | None = None
"""The thread loading the features, while it does."""


def _load() -> None:
    """Once, and whole before anyone reads: servers ask from many threads at once."""
    global _loaded, _loader
    if _loaded:
        return
    if _loader == threading.get_ident():
        raise RuntimeError("a feature's module asked for the features while they load")
    with _loading:
        if _loaded:
            return
        _loader = threading.get_ident()
        try:
            _load_all()
        finally:
            _loader = None


def _load_all() -> None:
    global _loaded
    found = [ep.load() for ep in entry_points(group=GROUP)]
    for target in filter(None, os.environ.get("TAVOLA_FEATURES", "").split(",")):
        module, _, attribute = target.strip().partition(":")
        found.append(getattr(importlib.import_module(module), attribute or "feature"))
    for feature in found:
        if not isinstance(feature, Feature):
            raise TypeError(f"{feature!r} (entry point of {GROUP}) is not a Feature")
        _add(feature)
    _loaded = True


def _add(feature: Feature) -> None:
    _features.setdefault(feature.name, feature)
    for kind, run in feature.scenarios.items():
        scenario_kind(kind, run)
    for name, protocol in feature.capabilities.items():
        add_capability(name, protocol)


def features() -> list[Feature]:
    """Every registered feature, by name."""
    _load()
    return [_features[name] for name in sorted(_features)]


def register(feature: Feature) -> None:
    """Registers a feature by hand (a test's fixture feature)."""
    _load()
    unregister(feature.name)
    _add(feature)


def unregister(name: str) -> None:
    _features.pop(name, None)
