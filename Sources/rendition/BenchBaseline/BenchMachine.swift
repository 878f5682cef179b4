import Foundation
import RenditionCore

/// The machine and build a baseline was recorded with: timings only compare on the same kind
/// of machine, so a comparison warns when these differ.
struct BenchMachine: Codable, Equatable, Sendable {
    /// The processor's model name (`/proc/cpuinfo`), or the architecture when it has none.
    let cpu: String
    /// Processor cores available to the process.
    let cores: Int
    /// The operating system's version string.
    let os: String
    /// `rendition --version`.
    let renditionVersion: String

    enum CodingKeys: String, CodingKey {
        case cpu, cores, os
        case renditionVersion = "rendition_version"
    }

    /// This machine and build.
    static var current: BenchMachine {
        BenchMachine(
            cpu: cpuModel(), cores: ProcessInfo.processInfo.activeProcessorCount,
            os: ProcessInfo.processInfo.operatingSystemVersionString, renditionVersion: RenditionVersion.string)
    }

    /// Why timings from `other` may not compare with timings from this machine (empty when
    /// the processor and core count match; a different rendition version is what a
    /// comparison is for, so it is not a reason).
    func differences(from other: BenchMachine) -> [String] {
        var reasons: [String] = []
        if cpu != other.cpu { reasons.append("the processor differs (\(other.cpu), here \(cpu))") }
        if cores != other.cores { reasons.append("the core count differs (\(other.cores), here \(cores))") }
        return reasons
    }

    private static func cpuModel() -> String {
        if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("model name") {
                if let colon = line.firstIndex(of: ":") {
                    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
