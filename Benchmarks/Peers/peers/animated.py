"""The `animated` task as a Python peer does it, with Pillow's codecs and the peer's own
resampler (`resize_rgba`): animated file bytes → every frame composited (Pillow composites
APNG and GIF frames as it seeks) → both renditions of each frame (Lanczos on premultiplied
alpha) → an animated @2x and @1x in the input's format, with Pillow's default encoder
settings. The delays and the loop count are carried over.

One setting is not Pillow's default: GIF frames are saved with disposal 2 (restore to
background). With the default (0, unspecified) a sticker moving over transparency leaves
a trail in every viewer, so any user has to set it.
"""

import io


def decode(Image, data):
    """(frames as straight 'RGBA' images, durations in ms, loop count, Pillow format name)."""
    image = Image.open(io.BytesIO(data))
    frames, durations = [], []
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        frames.append(image.convert("RGBA"))
        durations.append(image.info.get("duration", 0))
    return frames, durations, image.info.get("loop", 0), image.format


def encode(frames, durations, loop, kind):
    """One animated file of `frames` ('RGBA' images) in Pillow's `kind` ("PNG" or "GIF")."""
    buffer = io.BytesIO()
    extra = {"disposal": 2} if kind == "GIF" else {}
    frames[0].save(buffer, kind, save_all=True, append_images=frames[1:], duration=durations, loop=loop, **extra)
    return buffer.getvalue()


def render(peer, data):
    """The task: [@2x bytes, @1x bytes] of one animated file."""
    frames, durations, loop, kind = decode(peer.Image, data)
    renditions = [peer.resize_rgba(frame) for frame in frames]
    return [encode([r[scale] for r in renditions], durations, loop, kind) for scale in (0, 1)]


def extension(data):
    """The file extension of the renditions: "gif" for a GIF, "png" otherwise (APNG)."""
    return "gif" if data[:4] == b"GIF8" else "png"
