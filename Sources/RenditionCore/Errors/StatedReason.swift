/// The words of an error message, never none: an error that prints nothing (`error: PATH: `)
/// tells its reader nothing, so every error type's description goes through here for the part
/// a caller supplies.
public enum StatedReason {
    /// `reason` when it says anything (holds a letter or a digit), else `fallback`.
    public static func stated(_ reason: String, otherwise fallback: String) -> String {
        reason.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            ? reason : fallback
    }

    /// What an error says when whoever raised it gave no reason.
    public static let unstated = "no reason was given (a defect in Rendition: please report it)"
}
