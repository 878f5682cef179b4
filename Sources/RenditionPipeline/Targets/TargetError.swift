import RenditionCodecs

/// Why one target of a sticker could not be made (the sticker's other targets may still be).
public enum TargetError: Error, Sendable, CustomStringConvertible {
    /// An encoder failed.
    case codec(CodecError)
    /// No step of the size ladder got under the byte limit.
    case overLimit(SizeFitError)
    /// The animation cannot follow the target's frame rules.
    case frameRules(AnimationConstraints.Violation)
    /// Any other error an encoding step threw (the size ladder's steps throw untyped errors).
    case other(String)

    /// A sentence for people.
    public var description: String {
        switch self {
        case .codec(let error): "\(error)"
        case .overLimit(let error): "\(error)"
        case .frameRules(let error): "\(error)"
        case .other(let description): description
        }
    }

    /// Wraps an error thrown while making a target.
    init(_ error: any Error) {
        switch error {
        case let error as TargetError: self = error
        case let error as SizeFitError: self = .overLimit(error)
        case let error as AnimationConstraints.Violation: self = .frameRules(error)
        case let error as CodecError: self = .codec(error)
        default: self = .other("\(error)")
        }
    }
}
