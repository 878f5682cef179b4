#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Test-only: makes a batch trap while decoding a named input, as a decoder bug would, so that
/// the tests of a batch that survives a dying process have a trap on demand.
///
/// `RENDITION_TEST_TRAP_DECODING=NAME[,NAME...]` in the environment (read once per process)
/// makes the batch renderer and the pack builder stop the process with a Swift runtime trap
/// (SIGILL on x86-64) just before they decode an input whose file name is one of the `NAME`s.
/// The trigger is a file name given by whoever starts the process, never a file's content.
/// Not for production use.
package enum FaultInjection {
    /// The environment variable.
    package static let variable = "RENDITION_TEST_TRAP_DECODING"

    /// The file names to trap on, read from the environment once (empty: none).
    private static let trapFileNames: Set<Substring> = Set(
        getenv(variable).map { String(cString: $0).split(separator: ",") } ?? [])

    /// Traps when `path`'s file name is one that `RENDITION_TEST_TRAP_DECODING` names.
    package static func trapIfRequested(decoding path: String) {
        guard !trapFileNames.isEmpty, let name = path.split(separator: "/").last, trapFileNames.contains(name) else {
            return
        }
        fatalError("\(variable) names \(name): trapping while decoding \(path) (test-only fault injection)")
    }
}
