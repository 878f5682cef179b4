import RenditionCodecs
import RenditionCore

/// Why one target of a sticker could not be made (the sticker's other targets may still be).
public enum TargetError: Error, Sendable, CustomStringConvertible {
    /// An encoder failed.
    case codec(CodecError)
    /// No step of the size ladder got under the byte limit.
    case overLimit(SizeFitError)
    /// The animation cannot follow the target's frame rules.
    case frameRules(AnimationConstraints.Violation)
    /// Every pixel of every frame of the output would be fully transparent: nothing would show.
    case blank(String)
    /// Any other error an encoding step threw (the size ladder's steps throw untyped errors).
    case other(String)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .codec(let error): "\(error)"
        case .overLimit(let error): "\(error)"
        case .frameRules(let error): "\(error)"
        case .blank(let description):
            StatedReason.stated(
                description, otherwise: "the rendition is blank: every pixel of every frame is fully transparent")
        case .other(let description): StatedReason.stated(description, otherwise: StatedReason.unstated)
        }
    }

    /// The error for an output of `label` whose every frame is fully transparent, made from a
    /// master in `input`.
    static func blank(_ label: String, input: ImageFormat) -> TargetError {
        var text = "the \(label) rendition is blank: every pixel of every frame is fully transparent"
        if input.isVector, case .success(let renderer) = LottieRenderer.shared {
            text += "; the animation draws nothing with \(renderer)"
            if !renderer.isCurrent {
                text +=
                    ", which does not draw track-matted layers that do not cover the canvas; pip install rlottie-python to draw it with current rlottie, as Telegram does (docs/LOTTIE-FIDELITY.md)"
            }
        }
        return .blank(text)
    }

    /// Wraps an error thrown while making a target.
    init(_ error: any Error) {
        switch error {
        case let error as TargetError: self = error
        case let error as SizeFitError: self = .overLimit(error)
        case let error as AnimationConstraints.Violation: self = .frameRules(error)
        case let error as CodecError: self = .codec(error)
        default:
            self = .other(StatedReason.stated("\(error)", otherwise: "\(type(of: error)): \(StatedReason.unstated)"))
        }
    }
}
