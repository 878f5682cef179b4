import RenditionCodecs

/// What `rendition render` warns about a Lottie or TGS master drawn by the fallback renderer,
/// the system's rlottie 0.1, which leaves some layers undrawn (docs/LOTTIE-FIDELITY.md).
package enum LottieRendererWarning {
    /// The warning for a master in `format`: one sentence when it is vector art and the
    /// renderer of this process is rlottie 0.1, none otherwise.
    package static func warnings(format: ImageFormat?) -> [String] {
        guard let format, format.isVector, case .success(let renderer) = LottieRenderer.shared, !renderer.isCurrent
        else { return [] }
        return [
            "drawn by \(renderer), which leaves track-matted layers undrawn and differs from Telegram's apps in masks and gradients; pip install rlottie-python to draw with current rlottie"
        ]
    }
}
