/// Apple Messages, the platform every pack is built for (the Xcode sticker catalog and the
/// flat renditions), as the faces and the pack builder name it: one place for its byte limit,
/// its report key and the other names people call it by.
public enum AppleMessages {
    /// Apple's limit per sticker file: 500,000 bytes (500 KB, decimal), for stills and
    /// animations alike. `rendition pack --byte-limit` changes it for one build.
    public static let byteLimit = 500_000

    /// The key of the Apple catalog's entries in `PackSummary.platformProblems` and in
    /// `pack-report.json`'s `"platformProblems"`, beside the other platforms' identifiers.
    public static let reportKey = "apple"

    /// The identifier of the Apple Messages profile, `"apple-messages"`
    /// (`StickerProfile.appleMessages.id`): the default profile of every face.
    public static var profileID: String { StickerProfile.appleMessages.id }

    /// Other names every face accepts for the Apple Messages profile, compared ignoring case:
    /// `imessage`, `messages` and `apple`.
    public static let aliases = ["imessage", "messages", "apple"]
}
