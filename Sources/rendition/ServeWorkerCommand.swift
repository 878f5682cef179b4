import ArgumentParser
import Foundation
import RenditionServer

/// `rendition serve-worker`: one job of `rendition serve`, read from standard input and
/// answered on standard output, under the limits the server gives. Started by the server,
/// never by people, so it is not listed in the help.
struct ServeWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-worker",
        abstract: "Runs one job of `rendition serve` (started by the server).",
        shouldDisplay: false)

    @Option(name: .customLong("address-space"), help: "Address space the process may map, in bytes.")
    var addressSpace: Int

    @Option(name: .customLong("cpu-seconds"), help: "CPU time the process may use, in seconds.")
    var cpuSeconds: Int

    @Option(name: .customLong("max-job"), help: "Largest job read from standard input, in bytes.")
    var maxJob: Int

    func run() throws {
        let limits = ServerWorker.Limits(addressSpaceBytes: addressSpace, cpuSeconds: cpuSeconds, maxJobBytes: maxJob)
        let status = ServerWorker.run(limits: limits)
        if status != 0 { throw ExitCode(status) }
    }
}
