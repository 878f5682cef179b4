import CRendition
import Glibc
import RenditionCodecs
import RenditionCore
import RenditionPipeline
import Synchronization

/// `rdn_render`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_render(
    _ master: OpaquePointer?, _ options: UnsafePointer<rdn_render_options>?,
    _ outRenditions: UnsafeMutablePointer<UnsafeMutablePointer<rdn_rendition>?>?,
    _ outCount: UnsafeMutablePointer<Int>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    returningRenditions(outRenditions, outCount, error) { () throws(CFailure) in
        let handle = try ImageHandle.borrow(master, "master")
        let settings = try RenderSettings(options)
        try settings.checkRenditionSizes(masterWidth: handle.width, masterHeight: handle.height)
        let renditions: [(Rendition, rdn_format)]
        if let vector = handle.vectorSource {
            // Vector art is drawn at each rendition's size from its file, exactly as
            // rdn_render_bytes and the command line draw it; the canvas-sized frames are
            // neither drawn nor resampled.
            renditions = try FileRendering.render(vector.bytes, limits: vector.limits, settings: settings)
        } else {
            let animation = try handle.animation()
            let rendered: [Rendition]
            do throws(CodecError) {
                let renderer = StickerRenderer(options: settings.renderOptions)
                rendered = try renderer.render(
                    master: animation, inputFormat: handle.sourceFormat ?? .png,
                    scratch: RenderScratch(options: settings.renderOptions))
            } catch { throw CFailure(error) }
            renditions = rendered.map { ($0, FileRendering.container(of: $0)) }
        }
        return renditions
    }
}

/// A function that hands out renditions (`rdn_render`, `rdn_render_bytes`,
/// `rdn_render_file`): clears `outRenditions` and `outCount`, checks they are given, then
/// fills them with what `body` makes (a `malloc`ed array), or reports its failure in `error`.
func returningRenditions(
    _ outRenditions: UnsafeMutablePointer<UnsafeMutablePointer<rdn_rendition>?>?,
    _ outCount: UnsafeMutablePointer<Int>?, _ error: UnsafeMutablePointer<OpaquePointer?>?,
    _ body: () throws(CFailure) -> [(Rendition, rdn_format)]
) -> rdn_status {
    outRenditions?.pointee = nil
    outCount?.pointee = 0
    return reportingErrors(error) { () throws(CFailure) in
        let outRenditions = try required(outRenditions, "out_renditions")
        let outCount = try required(outCount, "out_count")
        let renditions = try body()
        outRenditions.pointee = try RenditionArray.make(renditions)
        outCount.pointee = renditions.count
    }
}

/// `rdn_renditions_free`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_renditions_free(_ renditions: UnsafeMutablePointer<rdn_rendition>?, _ count: Int) {
    guard let renditions else { return }
    RenditionArray.free(renditions, count: count)
}

/// The `malloc`ed `rdn_rendition` arrays `rdn_render` returns.
enum RenditionArray {
    /// An array holding copies of `renditions`, each with its container, or
    /// RDN_ERROR_OUT_OF_MEMORY (nothing leaked).
    static func make(_ renditions: [(Rendition, rdn_format)]) throws(CFailure) -> UnsafeMutablePointer<
        rdn_rendition
    > {
        guard let memory = malloc(max(1, renditions.count) * MemoryLayout<rdn_rendition>.stride) else {
            throw CFailure(RDN_ERROR_OUT_OF_MEMORY, "no memory for \(renditions.count) renditions")
        }
        let array = memory.bindMemory(to: rdn_rendition.self, capacity: max(1, renditions.count))
        for (index, (rendition, format)) in renditions.enumerated() {
            guard let bytes = CStrings.copy(rendition.bytes) else {
                free(array, count: index)
                throw CFailure(RDN_ERROR_OUT_OF_MEMORY, "no memory for a \(rendition.bytes.count)-byte rendition")
            }
            (array + index).initialize(
                to: rdn_rendition(
                    scale: UInt32(rendition.scale.rawValue), width: UInt32(rendition.width),
                    height: UInt32(rendition.height),
                    format: format, bytes: bytes, length: rendition.bytes.count))
        }
        return array
    }

    /// Frees the first `count` renditions' bytes, then the array.
    static func free(_ array: UnsafeMutablePointer<rdn_rendition>, count: Int) {
        for index in 0..<max(0, count) { Glibc.free(array[index].bytes) }
        Glibc.free(array)
    }
}

/// `rdn_image_resize`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_image_resize(
    _ image: OpaquePointer?, _ width: UInt32, _ height: UInt32, _ options: UnsafePointer<rdn_render_options>?,
    _ outImage: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outImage?.pointee = nil
    return reportingErrors(error) { () throws(CFailure) in
        let outImage = try required(outImage, "out_image")
        let handle = try ImageHandle.borrow(image)
        let settings = try RenderSettings(options)
        guard width > 0, height > 0 else { throw .invalidArgument("target size \(width)x\(height) is empty") }
        try settings.checkOutputSize(width: Int(width), height: Int(height))
        try MemoryReservation.check(width: Int(width), height: Int(height), frames: handle.frameCount)
        let animation = try handle.animation()
        let resized = LanczosResampler().resample(
            animation, width: Int(width), height: Int(height), threads: settings.threads)
        outImage.pointee = ImageHandle(animation: resized, sourceFormat: handle.sourceFormat).retainedPointer()
    }
}

/// The address of the last memory probe (never read; see `MemoryReservation.check`).
private let lastProbe = Atomic<Int>(0)

/// Checks, before any work, that the memory for caller-sized results can be obtained, so an
/// enormous request fails with RDN_ERROR_OUT_OF_MEMORY instead of stopping the process.
enum MemoryReservation {
    /// Throws RDN_ERROR_OUT_OF_MEMORY unless `frames` RGBA frames of `width` x `height`
    /// could be allocated now (the size is probed with `malloc` and released).
    static func check(width: Int, height: Int, frames: Int) throws(CFailure) {
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (frameBytes, o2) = pixels.multipliedReportingOverflow(by: 4)
        let (total, o3) = frameBytes.multipliedReportingOverflow(by: max(1, frames))
        let description = "\(frames) frame(s) of \(width)x\(height) pixels"
        guard !o1, !o2, !o3 else {
            throw CFailure(RDN_ERROR_OUT_OF_MEMORY, "\(description) need more bytes than can be addressed")
        }
        guard let probe = malloc(total) else {
            throw CFailure(RDN_ERROR_OUT_OF_MEMORY, "\(description) need \(total) bytes, more than can be allocated")
        }
        // Published to an atomic, so the optimiser cannot remove the malloc/free pair (and with
        // it the check).
        lastProbe.store(Int(bitPattern: probe), ordering: .relaxed)
        Glibc.free(probe)
    }
}

/// `rdn_image_encode`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_image_encode(
    _ image: OpaquePointer?, _ options: UnsafePointer<rdn_render_options>?,
    _ outBytes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ outLength: UnsafeMutablePointer<Int>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outBytes?.pointee = nil
    outLength?.pointee = 0
    return reportingErrors(error) { () throws(CFailure) in
        let outBytes = try required(outBytes, "out_bytes")
        let outLength = try required(outLength, "out_length")
        let handle = try ImageHandle.borrow(image)
        let settings = try RenderSettings(options)
        let animation = try handle.animation()
        let format = settings.renderOptions.format.resolved(
            input: handle.sourceFormat ?? .png, animated: animation.isAnimated)
        let encoded: [UInt8]
        do throws(CodecError) {
            encoded = try format.encode(animation, options: settings.renderOptions)
        } catch {
            throw CFailure(error)
        }
        guard let copy = CStrings.copy(encoded) else {
            throw CFailure(RDN_ERROR_OUT_OF_MEMORY, "no memory for \(encoded.count) encoded bytes")
        }
        outBytes.pointee = copy
        outLength.pointee = encoded.count
    }
}
