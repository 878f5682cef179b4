"""Side-by-side comparison of Rendition with the image libraries people use instead.

`compare` drives the run; `worker` runs one Python peer in its own process; `libraries`
holds what each peer does; `contenders` and `cli_animated` are the handles the run times;
`reference` is the float64 Lanczos-3 the quality columns are measured against. The animated
task lives in `animated_task` (its sticker made by `sticker_animation`, the peers' side in
`animated`, its quality in `animated_quality`), the catalog in `catalog_task` (peak memory
of process trees in `memory`). Start it with `Benchmarks/Peers/run`.
"""
