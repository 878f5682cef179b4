import CVPX

/// One coded VP9 frame from libvpx.
struct VPXPacket {
    let data: [UInt8]
    let pts: Int
    let isKey: Bool
}

/// One libvpx VP9 encoder in constant-quality mode (`VPX_Q`), one thread, deterministic.
///
/// Speeds 0 ... 5 run libvpx's good-quality mode (a rate-distortion search on every block);
/// 6 ... 8 its real-time mode, tuned for screen content (flat colours and sharp edges, which
/// is what sticker art is), about five times quicker for somewhat larger files.
final class VPXEncoder {
    /// The first speed that runs libvpx's real-time mode.
    static let firstRealtimeSpeed = 6

    private let context: UnsafeMutablePointer<vpx_codec_ctx_t>
    private let deadline: UInt
    private(set) var packets: [VPXPacket] = []

    /// Opens an encoder for `width` x `height` frames with timestamps in milliseconds.
    /// `quality` is libvpx's constant-quality level (0 best ... 63 smallest), `speed` its
    /// `cpu-used` (0 slowest ... 8 fastest; 6 and up in real-time mode), `lag` how many
    /// frames it may look ahead (for hidden alternate reference frames).
    init(width: Int, height: Int, quality: Int, speed: Int, lag: Int) throws(CodecError) {
        var config = vpx_codec_enc_cfg_t()
        guard rdn_vpx_vp9_encoder_defaults(&config) == VPX_CODEC_OK else {
            throw .encodingFailed(format: .webm, reason: "libvpx has no VP9 encoder configuration")
        }
        config.g_w = UInt32(width)
        config.g_h = UInt32(height)
        config.g_timebase = vpx_rational(num: 1, den: 1000)
        config.g_threads = 1
        config.g_lag_in_frames = UInt32(max(0, min(25, lag)))
        config.g_pass = VPX_RC_ONE_PASS
        config.rc_end_usage = VPX_Q
        config.rc_min_quantizer = 0
        config.rc_max_quantizer = 63
        config.kf_mode = VPX_KF_AUTO
        config.kf_min_dist = 0
        config.kf_max_dist = 9999
        context = .allocate(capacity: 1)
        context.initialize(to: vpx_codec_ctx_t())
        guard rdn_vpx_vp9_encoder_init(context, &config) == VPX_CODEC_OK else {
            context.deallocate()
            throw .encodingFailed(format: .webm, reason: "libvpx could not open a VP9 encoder for \(width)x\(height)")
        }
        let speed = max(0, min(8, speed))
        let realtime = speed >= Self.firstRealtimeSpeed
        deadline = realtime ? UInt(VPX_DL_REALTIME) : UInt(VPX_DL_GOOD_QUALITY)
        var controls: [(Int32, Int32)] = [
            (Int32(VP8E_SET_CQ_LEVEL.rawValue), Int32(max(0, min(63, quality)))),
            (Int32(VP8E_SET_CPUUSED.rawValue), Int32(speed)),
            (Int32(VP8E_SET_ENABLEAUTOALTREF.rawValue), lag > 0 ? 1 : 0),
            (Int32(VP9E_SET_ROW_MT.rawValue), 0),
            (Int32(VP9E_SET_TILE_COLUMNS.rawValue), 0),
            (Int32(VP9E_SET_FRAME_PARALLEL_DECODING.rawValue), 0),
        ]
        if realtime { controls.append((Int32(VP9E_SET_TUNE_CONTENT.rawValue), Int32(VP9E_CONTENT_SCREEN.rawValue))) }
        for (id, value) in controls where rdn_vpx_control_int(context, id, value) != VPX_CODEC_OK {
            vpx_codec_destroy(context)
            context.deallocate()
            throw .encodingFailed(format: .webm, reason: "libvpx rejected encoder setting \(id) = \(value)")
        }
    }

    deinit {
        vpx_codec_destroy(context)
        context.deallocate()
    }

    /// Encodes `image` shown at `pts` for `duration` ms (`nil` flushes the look-ahead).
    func encode(_ image: UnsafeMutablePointer<vpx_image_t>?, pts: Int, duration: Int) throws(CodecError) {
        let status = vpx_codec_encode(context, image, vpx_codec_pts_t(pts), UInt(max(1, duration)), 0, deadline)
        guard status == VPX_CODEC_OK else {
            let detail =
                vpx_codec_error_detail(context).map { String(cString: $0) }
                ?? String(cString: vpx_codec_err_to_string(status))
            throw .encodingFailed(format: .webm, reason: "libvpx could not encode a frame: \(detail)")
        }
        var iterator: vpx_codec_iter_t?
        while let packet = vpx_codec_get_cx_data(context, &iterator) {
            guard packet.pointee.kind == VPX_CODEC_CX_FRAME_PKT else { continue }
            let frame = packet.pointee.data.frame
            let data = [UInt8](UnsafeRawBufferPointer(start: frame.buf, count: frame.sz))
            packets.append(
                VPXPacket(data: data, pts: Int(frame.pts), isKey: frame.flags & UInt32(VPX_FRAME_IS_KEY) != 0))
        }
    }

    /// Drains the encoder's look-ahead.
    func finish() throws(CodecError) {
        var previous = -1
        while packets.count != previous {
            previous = packets.count
            try encode(nil, pts: 0, duration: 1)
        }
    }
}
