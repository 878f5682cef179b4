import RenditionCore
import RenditionPipeline

extension AnimationConstraints {
    /// Applies `platform`'s frame, duration and loop rules (`PackPlatform.framePolicy`) to `animation`.
    public static func apply(_ platform: PackPlatform, to animation: Animation) throws(Violation) -> Outcome {
        try apply(platform.framePolicy, to: animation)
    }
}
