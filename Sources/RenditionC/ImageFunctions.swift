import CRendition
import RenditionCodecs
import RenditionCore

/// `rdn_image_decode`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_image_decode(
    _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ limits: UnsafePointer<rdn_limits>?,
    _ outImage: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outImage?.pointee = nil
    return reportingErrors(error) { () throws(CFailure) in
        let outImage = try required(outImage, "out_image")
        guard bytes != nil || length == 0 else { throw .invalidArgument("bytes is NULL but length is \(length)") }
        let decodeLimits = LimitsReader.decodeLimits(limits)
        let buffer = UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : length)
        guard let format = ImageFormat.sniff(buffer) else { throw CFailure(CodecError.unrecognizedFormat) }
        // Before copying the input: a huge buffer is refused without touching it.
        do throws(CodecError) { try decodeLimits.check(inputBytes: buffer.count, format: format) } catch {
            throw CFailure(error)
        }
        let input = Array(buffer)
        let handle: ImageHandle
        do throws(CodecError) {
            if format.isVector {
                // Checked and measured now; its frames are drawn only if pixels are asked for.
                handle = try ImageHandle(vector: input, format: format, limits: decodeLimits)
            } else {
                handle = ImageHandle(
                    animation: try ImageDecoder.decodeAnimation(input, limits: decodeLimits), sourceFormat: format)
            }
        } catch { throw CFailure(error) }
        outImage.pointee = handle.retainedPointer()
    }
}

/// `rdn_image_create`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_image_create(
    _ width: UInt32, _ height: UInt32, _ pixels: UnsafePointer<UInt8>?, _ stride: Int, _ pixelsLength: Int,
    _ alpha: rdn_alpha, _ outImage: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outImage?.pointee = nil
    return reportingErrors(error) { () throws(CFailure) in
        let outImage = try required(outImage, "out_image")
        let pixels = try required(pixels, "pixels")
        let layout = try PixelLayout(width: width, height: height, stride: stride, length: pixelsLength, what: "pixels")
        guard layout.width * layout.height <= 1 << 31 else {
            throw .invalidArgument("\(width)x\(height) is more than 2^31 pixels")
        }
        let raster: Raster
        switch alpha {
        case RDN_ALPHA_PREMULTIPLIED: raster = try PixelCopy.premultipliedRaster(from: pixels, layout: layout)
        case RDN_ALPHA_STRAIGHT: raster = PixelCopy.rasterPremultiplying(from: pixels, layout: layout)
        default:
            throw .invalidArgument("alpha \(alpha.rawValue) is neither RDN_ALPHA_PREMULTIPLIED nor RDN_ALPHA_STRAIGHT")
        }
        outImage.pointee = ImageHandle(animation: Animation(still: raster), sourceFormat: nil).retainedPointer()
    }
}

/// `rdn_image_free`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_image_free(_ image: OpaquePointer?) {
    guard let image else { return }
    Unmanaged<ImageHandle>.fromOpaque(UnsafeRawPointer(image)).release()
}

/// `rdn_image_get_info`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_image_get_info(
    _ image: OpaquePointer?, _ outInfo: UnsafeMutablePointer<rdn_image_info>?,
    _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outInfo?.pointee = rdn_image_info()
    return reportingErrors(error) { () throws(CFailure) in
        let outInfo = try required(outInfo, "out_info")
        let handle = try ImageHandle.borrow(image)
        // From what the handle knows without pixels: vector art is not drawn for its info.
        outInfo.pointee = rdn_image_info(
            width: UInt32(handle.width), height: UInt32(handle.height),
            frame_count: UInt32(clamping: handle.frameCount),
            loop_count: handle.isAnimated ? UInt32(clamping: handle.loopCount) : 0,
            source_format: handle.cSourceFormat)
    }
}

/// `rdn_image_get_frame_delay`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_image_get_frame_delay(
    _ image: OpaquePointer?, _ frame: UInt32, _ outNumerator: UnsafeMutablePointer<UInt64>?,
    _ outDenominator: UnsafeMutablePointer<UInt64>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outNumerator?.pointee = 0
    outDenominator?.pointee = 0
    return reportingErrors(error) { () throws(CFailure) in
        let outNumerator = try required(outNumerator, "out_numerator")
        let outDenominator = try required(outDenominator, "out_denominator")
        let handle = try ImageHandle.borrow(image)
        let delay = try handle.delay(frame)
        outNumerator.pointee = UInt64(delay.numerator)
        outDenominator.pointee = UInt64(delay.denominator)
    }
}

/// `rdn_image_copy_pixels`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_image_copy_pixels(
    _ image: OpaquePointer?, _ frame: UInt32, _ alpha: rdn_alpha, _ buffer: UnsafeMutablePointer<UInt8>?,
    _ stride: Int, _ bufferLength: Int, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    reportingErrors(error) { () throws(CFailure) in
        let handle = try ImageHandle.borrow(image)
        let buffer = try required(buffer, "buffer")
        let raster = try handle.frame(frame).raster
        let layout = try PixelLayout(
            width: UInt32(raster.width), height: UInt32(raster.height), stride: stride, length: bufferLength,
            what: "buffer")
        switch alpha {
        case RDN_ALPHA_PREMULTIPLIED: PixelCopy.copyPremultiplied(raster, to: buffer, layout: layout)
        case RDN_ALPHA_STRAIGHT: PixelCopy.copyStraight(raster, to: buffer, layout: layout)
        default:
            throw .invalidArgument("alpha \(alpha.rawValue) is neither RDN_ALPHA_PREMULTIPLIED nor RDN_ALPHA_STRAIGHT")
        }
    }
}
