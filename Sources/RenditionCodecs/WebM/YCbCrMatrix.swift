import CRenditionKernels

/// A Y'CbCr colour matrix (BT.601, BT.709 or BT.2020) and range (limited: luma 16...235 and
/// chroma 16...240; or full: 0...255), as fixed-point coefficients for the C kernels.
struct YCbCrMatrix: Equatable {
    /// Red's weight in luma.
    let kr: Double
    /// Blue's weight in luma.
    let kb: Double
    /// Whether samples use the full 0...255 range.
    let fullRange: Bool

    /// BT.601 (SD video, and what VP8 and VP9 assume unless they say otherwise).
    static func bt601(fullRange: Bool = false) -> YCbCrMatrix {
        YCbCrMatrix(kr: 0.299, kb: 0.114, fullRange: fullRange)
    }
    /// BT.709 (HD video).
    static func bt709(fullRange: Bool = false) -> YCbCrMatrix {
        YCbCrMatrix(kr: 0.2126, kb: 0.0722, fullRange: fullRange)
    }
    /// BT.2020 (non-constant luminance).
    static func bt2020(fullRange: Bool = false) -> YCbCrMatrix {
        YCbCrMatrix(kr: 0.2627, kb: 0.0593, fullRange: fullRange)
    }

    private static func fixed(_ value: Double) -> Int32 { Int32((value * 65536).rounded()) }

    /// Y'CbCr → R'G'B'.
    var toRGB: rdn_yuv_to_rgb {
        let kg = 1 - kr - kb
        let yScale = fullRange ? 1 : 255.0 / 219
        let cScale = fullRange ? 1 : 255.0 / 224
        return rdn_yuv_to_rgb(
            y_scale: Self.fixed(yScale), y_offset: fullRange ? 0 : 16,
            r_v: Self.fixed(2 * (1 - kr) * cScale), g_u: Self.fixed(2 * kb * (1 - kb) / kg * cScale),
            g_v: Self.fixed(2 * kr * (1 - kr) / kg * cScale), b_u: Self.fixed(2 * (1 - kb) * cScale))
    }

    /// R'G'B' → Y'CbCr.
    var toYCbCr: rdn_rgb_to_yuv {
        let kg = 1 - kr - kb
        let yScale = fullRange ? 1 : 219.0 / 255
        let cScale = fullRange ? 1 : 224.0 / 255
        let cb = cScale / (2 * (1 - kb)), cr = cScale / (2 * (1 - kr))
        return rdn_rgb_to_yuv(
            y_offset: fullRange ? 0 : 16,
            y_r: Self.fixed(kr * yScale), y_g: Self.fixed(kg * yScale), y_b: Self.fixed(kb * yScale),
            u_r: Self.fixed(-kr * cb), u_g: Self.fixed(-kg * cb), u_b: Self.fixed((1 - kb) * cb),
            v_r: Self.fixed((1 - kr) * cr), v_g: Self.fixed(-kg * cr), v_b: Self.fixed(-kb * cr))
    }
}
