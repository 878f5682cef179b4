"""Renders a folder of @3x stickers on a two-worker Dask cluster on this machine, with the
`rendition` package and `dask[distributed]`:

    python3 dask_catalog.py INPUT_FOLDER OUTPUT_FOLDER

Prints the summary and each failed sticker; exits 1 if any sticker failed. The cluster and the
client are opened with `with`, so both are closed, and their worker processes ended, before the
program exits: a cluster left to the interpreter's exit makes Dask kill its workers with a
"Worker process still alive … killing" warning each. On a real cluster, pass its scheduler's
address to `Client` instead of a `LocalCluster`.
"""

import sys

try:
    import rendition.dask
    from dask.distributed import Client, LocalCluster
except ImportError as error:
    sys.exit(f"error: {error} (pip install rendition 'dask[distributed]')")


def main(input_folder: str, output_folder: str) -> int:
    # One thread per worker: each worker renders one sticker at a time, as `--threads 2` would.
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        result = rendition.dask.render_catalog(input_folder, output_folder, client=client)
    print(result.summary)
    for sticker in result.stickers:
        if sticker.status == "failed":
            print(f"failed: {sticker.input}: {sticker.error}")
    return 1 if result.summary.failed else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
