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

    /// `RENDITION_TEST_HANG_DECODING=NAME[,NAME...]`: spin on the CPU, as a decoder caught in
    /// a loop would, before decoding an input of one of these names (the server's tests of a
    /// worker that never answers).
    package static let hangVariable = "RENDITION_TEST_HANG_DECODING"
    /// `RENDITION_TEST_RUNAWAY_DECODING=NAME[,NAME...]`: allocate and touch memory without end,
    /// as a decompression bomb would, before decoding an input of one of these names.
    package static let runawayVariable = "RENDITION_TEST_RUNAWAY_DECODING"

    private static let hangFileNames: Set<Substring> = names(in: hangVariable)
    private static let runawayFileNames: Set<Substring> = names(in: runawayVariable)

    private static func names(in variable: String) -> Set<Substring> {
        Set(getenv(variable).map { String(cString: $0).split(separator: ",") } ?? [])
    }

    /// Traps, hangs or allocates without end when one of the variables names `path`'s file.
    package static func injectIfRequested(decoding path: String) {
        trapIfRequested(decoding: path)
        guard let name = path.split(separator: "/").last else { return }
        if hangFileNames.contains(name) {
            var counter: UInt64 = 0
            while true {
                counter &+= 1
                if counter == 0 { print(counter) }  // keeps the loop from being optimised away
            }
        }
        if runawayFileNames.contains(name) {
            var blocks: [[UInt8]] = []
            while true {
                blocks.append([UInt8](repeating: UInt8(truncatingIfNeeded: blocks.count | 1), count: 16 << 20))
            }
        }
    }
}
