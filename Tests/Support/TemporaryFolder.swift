import Foundation

/// New empty folders under the system's temporary directory, for tests that write files.
public enum TemporaryFolder {
    /// Creates a new empty folder named `PREFIX-UUID` and returns its path.
    public static func make(_ prefix: String = "rendition-test") throws -> String {
        let path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
