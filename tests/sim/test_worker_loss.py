"""A Dask worker killed mid-run: its chunks are played again elsewhere, and the run ends
with every game exactly once, equal byte for byte to a local run."""

import os
import signal

import pytest

from tavola.sim import simulate
from tavola.sim.output import csv_text

distributed = pytest.importorskip("distributed")


def test_worker_killed_mid_run_loses_and_duplicates_no_game(classic_spec, classic_local):
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        host="127.0.0.1",
    )
    with cluster, distributed.Client(cluster) as client:
        pids = client.run(os.getpid)
        assert len(set(pids.values())) == 2 and os.getpid() not in pids.values()
        victim = pids[sorted(pids)[0]]
        seen: list[int] = []

        def kill_after_first_chunk(chunk):
            seen.append(chunk.start)
            if len(seen) == 1:
                os.kill(victim, signal.SIGKILL)

        result = simulate(
            classic_spec,
            48,
            backend="dask",
            scheduler=cluster.scheduler_address,
            chunk_size=2,
            on_chunk=kill_after_first_chunk,
        )
        after = client.run(os.getpid)
    assert victim not in after.values()  # the worker really died (its nanny started another)
    assert len(seen) == 24 and sorted(seen) == list(range(0, 48, 2))
    assert [row["game"] for row in result.rows] == list(range(48))
    assert csv_text(result.rows) == csv_text(classic_local.rows)
