"""Rendition from Python, with the `rendition` package (python/ in this repository; the wheel
from Scripts/build-python-wheel carries librendition.so, or set RENDITION_LIBRARY).

    python3 render_sticker.py STICKER.png ANIMATION.png INPUT_FOLDER OUTPUT_FOLDER

Renders the sticker's @2x and @1x, the animation as GIF, lints the sticker, renders the folder
and builds a pack with WhatsApp's, checking each result; exits 1 if a check fails.
"""

import os
import sys

try:
    import rendition
except ImportError as error:  # rendition.LibraryNotFoundError says where it looked and how to point it at the library
    sys.exit(f"error: {error}")


def main(sticker, animation, input_folder, output_folder):
    failures = []

    def check(condition, text):
        print(("ok    " if condition else "FAIL  ") + text)
        if not condition:
            failures.append(text)

    os.makedirs(output_folder, exist_ok=True)
    check(bool(rendition.__version__), f"librendition {rendition.__version__} at {rendition.library_path()}")
    for r in rendition.render(sticker):  # @2x then @1x
        r.save(os.path.join(output_folder, f"sticker-py@{r.scale}x.{r.extension}"))
        check(r.to_numpy().shape == (r.height, r.width, 4), f"@{r.scale}x: {r.width}x{r.height}, {len(r.data)} bytes")
    for r in rendition.render(animation, format="gif"):
        check(r.decode().info.frame_count > 1, f"GIF @{r.scale}x keeps {r.decode().info.frame_count} frames")
    report = rendition.lint(sticker, profile="imessage")
    check(report.schema == "rendition-lint/1", f"lint: {sorted(report.codes) or 'no findings'}")
    batch = rendition.render_folder(input_folder, os.path.join(output_folder, "batch-py"), threads=2)
    check(batch.summary.failed == 0 and batch.summary.total > 0, f"render_folder: {batch.summary}")
    pack = rendition.pack(input_folder, os.path.join(output_folder, "pack-py"), platforms="whatsapp", threads=2)
    check(len(pack.stickers) > 0, f"pack with WhatsApp: {len(pack.stickers)} stickers")
    try:
        rendition.render(b"not an image")
        check(False, "decoding text fails")
    except rendition.DecodeError as error:
        check(error.status_name == "RDN_ERROR_UNRECOGNIZED_FORMAT", f"decoding text fails: {error}")
    print("all checks passed" if not failures else f"{len(failures)} checks FAILED")
    return 0 if not failures else 1


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(f"usage: {sys.argv[0]} STICKER.png ANIMATION.png INPUT_FOLDER OUTPUT_FOLDER")
    sys.exit(main(*sys.argv[1:]))
