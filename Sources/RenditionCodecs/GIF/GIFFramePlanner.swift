import RenditionCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A frame as it will be stored: a rectangle of the canvas, its pixels (opaque colours or
/// palette indices; the planner's `transparent` value leaves the canvas as it is) and its
/// disposal.
struct GIFPlannedFrame<Pixel: FixedWidthInteger> {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// `width × height` pixels, row-major: what to draw, or the transparent value for "draw nothing".
    var pixels: [Pixel]
    var disposal: FrameDisposal
}

/// Inter-frame optimisation: decides, for displayed frames given as whole canvases (opaque
/// colours with `0` for transparent, or palette indices with the transparent entry's index —
/// any pixel type in which equal values show equal colours), the smallest rectangles and the disposals that reproduce
/// them exactly in a GIF decoder.
///
/// Each frame is cropped to the bounding box of the pixels that differ from the canvas it is
/// drawn on; inside, unchanged pixels are written as transparent. Because a GIF frame cannot
/// make an opaque pixel transparent, the previous frame's disposal is chosen among "keep"
/// (when nothing has to become transparent), "clear to background" (its rectangle grown to
/// cover every pixel that must become transparent) and "restore previous", whichever leaves
/// the next frame the smallest rectangle (ties in that order). Without optimisation every
/// frame covers the canvas and, when the animation has transparent pixels, clears it afterwards.
enum GIFFramePlanner {
    private struct Rect: Equatable {
        var x0: Int, y0: Int, x1: Int, y1: Int
        static let empty = Rect(x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
        var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
        var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }
        func union(_ o: Rect) -> Rect {
            if isEmpty { return o }
            if o.isEmpty { return self }
            return Rect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
        }
        func clipped(to c: Rect) -> Rect {
            Rect(x0: max(x0, c.x0), y0: max(y0, c.y0), x1: min(x1, c.x1), y1: min(y1, c.y1))
        }
    }

    static func plan<Pixel: FixedWidthInteger>(
        _ frames: [[Pixel]], width: Int, height: Int, optimize: Bool, transparent: Pixel
    ) -> [GIFPlannedFrame<Pixel>] {
        let canvas = Rect(x0: 0, y0: 0, x1: width, y1: height)
        guard optimize else {
            // Whole frames; cleared after showing only if the next one has transparent pixels.
            let clears = frames.contains { $0.contains(transparent) }
            return frames.map {
                GIFPlannedFrame(
                    x: 0, y: 0, width: width, height: height, pixels: $0, disposal: clears ? .background : .none)
            }
        }
        var planned: [GIFPlannedFrame<Pixel>] = []
        let clear = [Pixel](repeating: transparent, count: width * height)
        // The canvas before the pending frame is drawn, the pending frame's rectangle.
        var under = clear
        var pendingRect = nonEmpty(bbox(frames[0], differingFrom: clear, width: width, height: height))
        var pendingDisposal = FrameDisposal.none
        for k in 1..<frames.count {
            let shown = frames[k - 1], next = frames[k]
            // Each option: the disposal, the rectangle it applies to, the canvas it leaves and
            // the next frame's rectangle on that canvas (whose area is the option's cost).
            var best: (disposal: FrameDisposal, rect: Rect, after: [Pixel], nextRect: Rect)? = nil
            let toClear = mustClear(next, over: shown, width: width, height: height, transparent: transparent)

            // Keep.
            if toClear.isEmpty {
                best = (.none, pendingRect, shown, bbox(next, differingFrom: shown, width: width, height: height))
            }
            // Clear to background, the rectangle grown to clear what must become transparent.
            let grown = pendingRect.union(toClear).clipped(to: canvas)
            var cleared = shown
            fill(&cleared, grown, width: width, with: nil, transparent: transparent)
            let clearedNext = bbox(next, differingFrom: cleared, width: width, height: height)
            if best == nil || clearedNext.area < best!.nextRect.area {
                best = (.background, grown, cleared, clearedNext)
            }
            // Restore previous.
            var restored = shown
            fill(&restored, pendingRect, width: width, with: under, transparent: transparent)
            if mustClear(next, over: restored, width: width, height: height, transparent: transparent).isEmpty {
                let restoredNext = bbox(next, differingFrom: restored, width: width, height: height)
                if restoredNext.area < best!.nextRect.area { best = (.previous, pendingRect, restored, restoredNext) }
            }

            let choice = best!
            pendingDisposal = choice.disposal
            planned.append(
                frame(
                    shown, over: under, rect: choice.rect, width: width, disposal: pendingDisposal,
                    transparent: transparent))
            under = choice.after
            pendingRect = nonEmpty(choice.nextRect)
        }
        planned.append(
            frame(
                frames[frames.count - 1], over: under, rect: pendingRect, width: width, disposal: .none,
                transparent: transparent))
        return planned
    }

    /// A rectangle of at least one pixel (an unchanged frame still needs one, drawn transparent).
    private static func nonEmpty(_ r: Rect) -> Rect {
        r.isEmpty ? Rect(x0: 0, y0: 0, x1: 1, y1: 1) : r
    }

    /// The frame's pixels inside `rect`: its pixel where it differs from `under`, else transparent.
    private static func frame<Pixel: FixedWidthInteger>(
        _ shown: [Pixel], over under: [Pixel], rect: Rect, width: Int, disposal: FrameDisposal, transparent: Pixel
    ) -> GIFPlannedFrame<Pixel> {
        var pixels = [Pixel](repeating: transparent, count: rect.area)
        let w = rect.x1 - rect.x0
        shown.withUnsafeBufferPointer { shown in
            under.withUnsafeBufferPointer { under in
                pixels.withUnsafeMutableBufferPointer { pixels in
                    for y in rect.y0..<rect.y1 {
                        let source = y * width + rect.x0, target = (y - rect.y0) * w
                        for x in 0..<w {
                            let p = shown[source + x]
                            if p != under[source + x] { pixels[target + x] = p }
                        }
                    }
                }
            }
        }
        return GIFPlannedFrame(
            x: rect.x0, y: rect.y0, width: w, height: rect.y1 - rect.y0, pixels: pixels, disposal: disposal)
    }

    /// Bounding box of the pixels where `a` differs from `b`.
    private static func bbox<Pixel: FixedWidthInteger>(_ a: [Pixel], differingFrom b: [Pixel], width: Int, height: Int)
        -> Rect
    {
        rows(
            a, b, width: width, height: height,
            first: { a, b in GIFRowScan.firstDifference(a, b, count: width) },
            last: { a, b, from in GIFRowScan.lastDifference(a, b, from: from, count: width) })
    }

    /// Bounding box of the pixels transparent in `next` but not in `canvas`.
    private static func mustClear<Pixel: FixedWidthInteger>(
        _ next: [Pixel], over canvas: [Pixel], width: Int, height: Int, transparent: Pixel
    ) -> Rect {
        rows(
            next, canvas, width: width, height: height,
            first: { a, b in GIFRowScan.firstCleared(a, b, count: width, transparent: transparent) },
            last: { a, b, from in GIFRowScan.lastCleared(a, b, from: from, count: width, transparent: transparent) })
    }

    /// Bounding box of the pixels found by `first` (the first in a row, or `width`) and `last`
    /// (the last at or after a given one), row by row; they must find nothing where the two
    /// rows are equal.
    @inline(__always)
    private static func rows<Pixel: FixedWidthInteger>(
        _ a: [Pixel], _ b: [Pixel], width: Int, height: Int,
        first: (UnsafePointer<Pixel>, UnsafePointer<Pixel>) -> Int,
        last: (UnsafePointer<Pixel>, UnsafePointer<Pixel>, Int) -> Int
    ) -> Rect {
        var r = Rect.empty
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    let rowA = a.baseAddress! + y * width, rowB = b.baseAddress! + y * width
                    // Equal rows (most of a sticker's canvas) are skipped with one vectorised comparison.
                    if memcmp(rowA, rowB, width * MemoryLayout<Pixel>.stride) == 0 { continue }
                    let x0 = first(rowA, rowB)
                    guard x0 < width else { continue }
                    let x1 = last(rowA, rowB, x0)
                    r = r.union(Rect(x0: x0, y0: y, x1: x1 + 1, y1: y + 1))
                }
            }
        }
        return r
    }

    /// Sets `rect` of `canvas` to `source`'s pixels, or to transparent when `source` is nil.
    private static func fill<Pixel: FixedWidthInteger>(
        _ canvas: inout [Pixel], _ rect: Rect, width: Int, with source: [Pixel]?, transparent: Pixel
    ) {
        guard !rect.isEmpty else { return }
        let w = rect.x1 - rect.x0
        canvas.withUnsafeMutableBufferPointer { canvas in
            for y in rect.y0..<rect.y1 {
                let start = canvas.baseAddress! + y * width + rect.x0
                if let source {
                    source.withUnsafeBufferPointer {
                        start.update(from: $0.baseAddress! + y * width + rect.x0, count: w)
                    }
                } else {
                    start.update(repeating: transparent, count: w)
                }
            }
        }
    }
}
