/// The facts of a limit an input went over: which limit, the limit in force and what the
/// input had or would have needed. ``CodecError/limitExceeded(format:limit:)`` carries one,
/// and every face writes its message from these facts (``description``): the command line
/// adds the `--limit` setting named by ``key``, the server writes ``key``, ``maximum`` and
/// ``found`` into its JSON body. No face reads the words back.
public struct ExceededLimit: Sendable, Equatable, CustomStringConvertible {
    /// The ``DecodeLimits`` setting that was exceeded, or `nil` for a bound no setting
    /// changes (JSON nesting, the number of ZIP entries) or for memory that could not be had.
    public let key: DecodeLimitKey?
    /// The limit in force, or `nil` when the bound is not a number (out of memory).
    public let maximum: Int?
    /// What the input had or would have needed, or `nil` when counting stopped at the limit
    /// (the input has more than ``maximum``) or the amount is not a number.
    public let found: Int?
    /// Where in the input the limit was met, outermost first (`an embedded image`,
    /// `frame 3 of the video stream`); empty for the input as a whole.
    public let within: [String]
    /// What was measured, in words: `width 20000 px`, `65535x65535 px`.
    let measure: String

    /// A ``DecodeLimits`` setting went over: `key`'s limit `maximum`, with `found` in the
    /// input (`nil`: more than `maximum`).
    /// - Parameters:
    ///   - key: the setting.
    ///   - found: what the input has or would need, or `nil` when only "more" is known.
    ///   - maximum: the limit in force.
    ///   - measure: what was measured, when the key's own words (`1200 frames`) say less than
    ///     the input's (`65535x65535 px`, `drawing 30 frames of 12 shapes at 512x512 px`).
    public init(_ key: DecodeLimitKey, found: Int?, maximum: Int, measure: String? = nil) {
        self.init(
            key: key, maximum: maximum, found: found, within: [],
            measure: measure ?? key.measure(found.map(String.init) ?? "more than \(maximum)"))
    }

    /// A bound no setting changes went over: `measure` (`an archive of 20000 entries`) is
    /// over `maximum`.
    /// - Parameters:
    ///   - measure: what was measured, in words; without `found`, the whole sentence
    ///     (`arrays and objects nest more than 512 deep`).
    ///   - found: the amount measured, if known.
    ///   - maximum: the bound.
    public init(fixed measure: String, found: Int? = nil, maximum: Int) {
        self.init(key: nil, maximum: maximum, found: found, within: [], measure: measure)
    }

    /// Memory that the work needed could not be had; `words` say so and during what
    /// (`out of memory while decoding`, `libwebp ran out of memory`).
    public static func outOfMemory(_ words: String) -> ExceededLimit {
        ExceededLimit(key: nil, maximum: nil, found: nil, within: [], measure: words)
    }

    private init(key: DecodeLimitKey?, maximum: Int?, found: Int?, within: [String], measure: String) {
        self.key = key
        self.maximum = maximum
        self.found = found
        self.within = within
        self.measure = measure
    }

    /// The same limit met inside `part` of a larger input (`an embedded image`).
    public func within(_ part: String) -> ExceededLimit {
        ExceededLimit(key: key, maximum: maximum, found: found, within: [part] + within, measure: measure)
    }

    /// One sentence: `width 20000 px is over the width limit of 16384 px`, `an embedded image:
    /// 1200 frames is over the frames limit of 1000`, `out of memory while decoding`.
    public var description: String {
        let place = within.map { "\($0): " }.joined()
        guard let maximum, key != nil || found != nil else { return place + measure }
        let name = key.map { "the \($0.rawValue) limit" } ?? "the limit"
        return "\(place)\(measure) is over \(name) of \(maximum)\(key?.unit ?? "")"
    }
}
