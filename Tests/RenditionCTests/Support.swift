import CRendition
import Foundation
import Testing

/// Paths and files of the repository the tests run in.
enum Repository {
    /// The repository's root folder.
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The bytes of `relative` under `Fixtures/`.
    static func fixture(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(root)/Fixtures/\(relative)")))
    }

    /// Removes folders made by `temporaryFolder`.
    static func remove(_ paths: String...) {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A new empty temporary folder.
    static func temporaryFolder(_ label: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rendition-c-\(label)-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// The fixtures the C interface tests use.
enum CFixtures {
    /// A 618 px OpenMoji sticker (still PNG).
    static let sticker = "stickers/openmoji-618/1F195.png"
    /// A 64x48 APNG: 4 frames of 10, 20, 30 and 40 cs, 3 plays.
    static let animation = "apng/wuffs/animated-red-blue.apng"
    /// A 100x100 GIF, 5 frames.
    static let gif = "gif/pillow/dispose_prev.gif"
}

/// Calls a C function that takes `rdn_error **` last; returns its status and the error's
/// status and message (the error is freed).
func callC(_ body: (UnsafeMutablePointer<OpaquePointer?>) -> rdn_status) -> (
    status: rdn_status, errorStatus: rdn_status?, message: String?
) {
    var error: OpaquePointer? = OpaquePointer(bitPattern: 0xDEAD)  // must be overwritten
    let status = body(&error)
    defer { rdn_error_free(error) }
    guard let error else { return (status, nil, nil) }
    return (status, rdn_error_status(error), String(cString: rdn_error_message(error)))
}

/// Expects `body` to succeed with no error object.
func expectOK(
    _ body: (UnsafeMutablePointer<OpaquePointer?>) -> rdn_status, sourceLocation: SourceLocation = #_sourceLocation
) {
    let result = callC(body)
    #expect(result.status == RDN_OK, "\(result.message ?? "")", sourceLocation: sourceLocation)
    #expect(result.errorStatus == nil, "an error object was returned with RDN_OK", sourceLocation: sourceLocation)
}

/// Expects `body` to fail with `expected`, an error object carrying the same status and a
/// message containing `fragment`; returns the message.
@discardableResult
func expectFailure(
    _ expected: rdn_status, containing fragment: String, _ body: (UnsafeMutablePointer<OpaquePointer?>) -> rdn_status,
    sourceLocation: SourceLocation = #_sourceLocation
) -> String {
    let result = callC(body)
    #expect(
        result.status == expected, "got \(String(cString: rdn_status_name(result.status))): \(result.message ?? "")",
        sourceLocation: sourceLocation)
    #expect(result.errorStatus == expected, sourceLocation: sourceLocation)
    #expect(
        result.message?.contains(fragment) == true, "message: \(result.message ?? "nil")",
        sourceLocation: sourceLocation)
    return result.message ?? ""
}

/// Decodes `bytes` through `rdn_image_decode` (the caller frees the handle).
func decodeC(_ bytes: [UInt8]) -> OpaquePointer? {
    var image: OpaquePointer?
    let status = bytes.withUnsafeBufferPointer { rdn_image_decode($0.baseAddress, $0.count, nil, &image, nil) }
    #expect(status == RDN_OK)
    return image
}

/// The image's `rdn_image_info`.
func infoC(_ image: OpaquePointer?) -> rdn_image_info {
    var info = rdn_image_info()
    #expect(rdn_image_get_info(image, &info, nil) == RDN_OK)
    return info
}

/// Default render options with `change` applied.
func renderOptions(_ change: (inout rdn_render_options) -> Void = { _ in }) -> rdn_render_options {
    var options = rdn_render_options()
    rdn_render_options_init(&options)
    change(&options)
    return options
}

/// One rendition copied out of a C array.
struct CRenditionCopy: Equatable {
    let scale: UInt32
    let width: UInt32
    let height: UInt32
    let format: rdn_format
    let bytes: [UInt8]
}

/// Renders through `rdn_render` and copies the renditions out (the array is freed).
func renderC(_ image: OpaquePointer?, _ options: rdn_render_options?) -> (
    status: rdn_status, renditions: [CRenditionCopy], message: String?
) {
    var array: UnsafeMutablePointer<rdn_rendition>?
    var count = 0
    var options = options
    var copies: [CRenditionCopy] = []
    let result = callC { error in
        if options != nil {
            return withUnsafePointer(to: &options!) { rdn_render(image, $0, &array, &count, error) }
        }
        return rdn_render(image, nil, &array, &count, error)
    }
    if let array {
        for index in 0..<count {
            let r = array[index]
            copies.append(
                CRenditionCopy(
                    scale: r.scale, width: r.width, height: r.height, format: r.format,
                    bytes: Array(UnsafeBufferPointer(start: r.bytes, count: r.length))))
        }
    }
    rdn_renditions_free(array, count)
    return (result.status, copies, result.message)
}

/// Encodes through `rdn_image_encode` and copies the bytes out.
func encodeC(_ image: OpaquePointer?, _ options: rdn_render_options?) -> (
    status: rdn_status, bytes: [UInt8], message: String?
) {
    var bytes: UnsafeMutablePointer<UInt8>?
    var length = 0
    var options = options
    let result = callC { error in
        if options != nil {
            return withUnsafePointer(to: &options!) { rdn_image_encode(image, $0, &bytes, &length, error) }
        }
        return rdn_image_encode(image, nil, &bytes, &length, error)
    }
    let copy = bytes.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
    rdn_bytes_free(bytes)
    return (result.status, copy, result.message)
}

/// Runs a program; returns its exit status and output (collected in temporary files, so
/// no pipe can fill up and block it).
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws
    -> (status: Int32, stdout: String, stderr: String)
{
    let folder = try Repository.temporaryFolder("run")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outPath = folder + "/stdout", errPath = folder + "/stderr"
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle(forWritingAtPath: outPath)
    process.standardError = FileHandle(forWritingAtPath: errPath)
    try process.run()
    process.waitUntilExit()
    let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    return (process.terminationStatus, out, err)
}
