"""Side-by-side comparison of Rendition with the image libraries people use instead.

`compare` drives the run; `workers` runs one Python peer in its own process; `peers`
holds what each peer does; `reference` is the float64 Lanczos-3 the quality columns are
measured against. Start it with `Benchmarks/Peers/run`.
"""
