"""Batch play: random playouts and benchmarks (simulation with statistics comes later)."""
