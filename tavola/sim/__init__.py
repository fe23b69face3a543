"""Batch play: simulation runs on local processes or Dask, balance reports, benchmarks.

Everything here sees games through the `Game` protocol; heavy dependencies (Dask,
matplotlib, pyarrow) are imported only by the functions that need them.
"""

from .runner import SimResult, simulate
from .scaling import bench_workers
from .spec import SimSpec, build_spec
from .stats import wilson

__all__ = ["SimResult", "SimSpec", "bench_workers", "build_spec", "simulate", "wilson"]
