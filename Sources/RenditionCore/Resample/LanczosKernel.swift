#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    import Darwin
#endif

/// The Lanczos-3 windowed sinc: `sinc(x) * sinc(x / 3)` for `|x| < 3`, else 0.
public enum LanczosKernel {
    /// The kernel's radius in source pixels at unit scale.
    public static let radius: Double = 3

    /// The kernel value at `x`.
    public static func value(at x: Double) -> Double {
        let ax = abs(x)
        if ax >= radius { return 0 }
        if ax < 1e-12 { return 1 }
        let px = Double.pi * x
        return radius * sin(px) * sin(px / radius) / (px * px)
    }
}
