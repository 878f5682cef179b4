import CRendition
import RenditionCore
import Testing

@testable import RenditionC
@testable import RenditionPipeline

@Suite("C interface: version and error model")
struct ErrorModelTests {
    @Test("rdn_version and rdn_version_string match the header's macros")
    func versionMatchesHeader() {
        #expect(
            rdn_version() == UInt32(RDN_VERSION_MAJOR) * 10_000 + UInt32(RDN_VERSION_MINOR) * 100
                + UInt32(RDN_VERSION_PATCH))
        #expect(String(cString: rdn_version_string()) == RDN_VERSION_STRING)
        #expect(RDN_VERSION_STRING == "\(RDN_VERSION_MAJOR).\(RDN_VERSION_MINOR).\(RDN_VERSION_PATCH)")
    }

    @Test("the header's version macros are RenditionVersion, the one version of Rendition")
    func headerMatchesRenditionVersion() {
        #expect(Int(RDN_VERSION_MAJOR) == RenditionVersion.major)
        #expect(Int(RDN_VERSION_MINOR) == RenditionVersion.minor)
        #expect(Int(RDN_VERSION_PATCH) == RenditionVersion.patch)
        #expect(RDN_VERSION_STRING == RenditionVersion.string)
        #expect(Int(rdn_version()) == RenditionVersion.number)
        // Compared by contents: a sanitizer build may keep two copies of a string literal.
        let first = rdn_version_string()
        #expect(first.map { String(cString: $0) } == RenditionVersion.string)
        #expect(rdn_version_string() == first, "rdn_version_string hands out one static string")
    }

    @Test("every status has its name; unknown values are RDN_STATUS_UNKNOWN")
    func statusNames() {
        let names = [
            "RDN_OK", "RDN_ERROR_INVALID_ARGUMENT", "RDN_ERROR_UNRECOGNIZED_FORMAT", "RDN_ERROR_CORRUPT",
            "RDN_ERROR_UNSUPPORTED",
            "RDN_ERROR_LIMIT_EXCEEDED", "RDN_ERROR_IO", "RDN_ERROR_OUT_OF_MEMORY", "RDN_ERROR_ENCODE",
            "RDN_ERROR_INTERNAL", "RDN_ERROR_BLANK",
        ]
        #expect((0..<11).map { String(cString: rdn_status_name(rdn_status(rawValue: $0))) } == names)
        #expect(String(cString: rdn_status_name(rdn_status(rawValue: 11))) == "RDN_STATUS_UNKNOWN")
    }

    @Test("an error object carries its status and message until freed; NULL errors read as OK and empty")
    func errorObjects() {
        var error: OpaquePointer?
        // RDN_ERROR_INTERNAL has no input that triggers it (it marks bugs); the reporting path
        // is the same for every status, so it is exercised directly.
        let status = reportingErrors(&error) { () throws(CFailure) in
            throw CFailure(RDN_ERROR_INTERNAL, "invariant broken: ünïcode kept")
        }
        #expect(status == RDN_ERROR_INTERNAL)
        #expect(rdn_error_status(error) == RDN_ERROR_INTERNAL)
        #expect(String(cString: rdn_error_message(error)) == "invariant broken: ünïcode kept")
        rdn_error_free(error)

        #expect(
            reportingErrors(nil) { () throws(CFailure) in throw .invalidArgument("nobody asked") }
                == RDN_ERROR_INVALID_ARGUMENT)
        var untouched: OpaquePointer? = OpaquePointer(bitPattern: 16)
        #expect(reportingErrors(&untouched) { () throws(CFailure) in } == RDN_OK)
        #expect(untouched == nil, "success writes NULL")
        #expect(rdn_error_status(nil) == RDN_OK && String(cString: rdn_error_message(nil)).isEmpty)
        rdn_error_free(nil)
        rdn_image_free(nil)
        rdn_renditions_free(nil, 3)
        rdn_bytes_free(nil)
        rdn_string_free(nil)
        rdn_render_options_init(nil)
    }

    @Test("rdn_render_options_init writes the defaults and the struct's size")
    func optionDefaults() {
        var options = rdn_render_options()
        rdn_render_options_init(&options)
        #expect(Int(options.struct_size) == MemoryLayout<rdn_render_options>.size && options.struct_size == 40)
        #expect(options.filter == RDN_FILTER_LANCZOS3 && options.format == RDN_FORMAT_AUTO && options.compression == -1)
        #expect(options.profile == nil && options.scales == 0 && options.threads == 0 && options.max_output_pixels == 0)
    }
}
