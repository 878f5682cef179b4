import Foundation
import RenditionBatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `render` and `pack` batches in a child process, so that an input that kills the
/// process (a trap in a decoder, a crash inside rlottie or libvpx) fails alone instead of
/// ending the batch.
///
/// The child is this executable with the same arguments; it prints every line as an
/// unsupervised run would and writes a journal of the inputs in flight to a pipe
/// (`BatchAttempt`). When the child exits, its status is the command's. When it dies of a
/// signal, the inputs it had started and not finished are the suspects: a single suspect is
/// named as the cause and fails with "the process died (signal N) while decoding PATH"; of
/// several, the next attempt works on them one at a time, so a second death names its input.
/// Each new attempt goes on after the inputs already printed. Every death either names an
/// input or moves the one-at-a-time boundary forward, so the loop ends; a death with no input
/// in flight ends the command with exit status 1.
enum BatchSupervisor {
    /// The child being waited for (0 when none), for the signal handlers.
    private static let child = Atomic<Int32>(0)
    /// A termination signal the supervisor received (0 when none).
    private static let received = Atomic<Int32>(0)

    /// Runs the command under supervision and returns its exit status.
    static func run() -> Int32 {
        var plan = BatchAttempt(started: DispatchTime.now().uptimeNanoseconds)
        forwardTerminationSignals()
        while true {
            let status: ChildStatus
            var journal = AttemptJournal()
            do { status = try attempt(plan) { journal.read($0, plan: &plan, emit: printOut) } } catch {
                printError("error: could not start the rendering process: \(error)")
                return 1
            }
            let signal = received.load(ordering: .relaxed)
            if signal != 0 {
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            switch status {
            case .exited(let status): return status
            case .signaled(let signal):
                guard learn(from: journal, signal: signal, into: &plan) else { return 1 }
            }
        }
    }

    /// Prints an attempt's console text.
    private static func printOut(_ standard: ArraySlice<UInt8>, _ error: ArraySlice<UInt8>) {
        _ = DescriptorIO.writeAll(standard, to: STDOUT_FILENO)
        _ = DescriptorIO.writeAll(error, to: STDERR_FILENO)
    }

    /// How the child ended.
    enum ChildStatus: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// Updates `plan` for the next attempt after one that died of `signal` with `journal`
    /// read; false (after printing why) when no input was in flight, so another attempt would
    /// die the same way.
    static func learn(from journal: AttemptJournal, signal: Int32, into plan: inout BatchAttempt) -> Bool {
        plan.renderedEarlier.removeAll { $0 < plan.reported }
        let suspects = journal.inFlight
        let name = describe(signal)
        switch suspects.count {
        case 0:
            printError("error: the rendering process died (\(name)) while no input was being decoded")
            return false
        case 1:
            plan.fatal[suspects[0]] = signal
            return true
        default:
            guard suspects.last! > plan.oneAtATimeThrough else {
                printError("error: the rendering process died (\(name)) with several inputs in flight one at a time")
                return false
            }
            printError(
                "note: the rendering process died (\(name)) while decoding \(suspects.count) inputs; going on in a new process, those inputs one at a time"
            )
            plan.oneAtATimeThrough = suspects.last!
            return true
        }
    }

    /// `signal 4, SIGILL`.
    static func describe(_ signal: Int32) -> String {
        "signal \(signal)" + (BatchSupervision.signalName(signal).map { ", \($0)" } ?? "")
    }

    /// Starts the child with `plan`, passes its journal to `read` as it comes, and waits for it.
    private static func attempt(_ plan: BatchAttempt, read: (ArraySlice<UInt8>) -> Void) throws -> ChildStatus {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SpawnError(operation: "pipe", code: errno) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        var plan = plan
        plan.journal = ends[1]
        var environment = ProcessInfo.processInfo.environment
        environment[BatchAttempt.environmentKey] = plan.encoded()
        let pid: pid_t
        do { pid = try spawn(environment: environment) } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        child.store(pid, ordering: .relaxed)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(ends[0], $0.baseAddress, $0.count) }
            if count > 0 {
                read(buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(ends[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        child.store(0, ordering: .relaxed)
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

    /// Starts this executable again with the same arguments and `environment`.
    private static func spawn(environment: [String: String]) throws -> pid_t {
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, "/proc/self/exe", nil, nil, arguments, variables)
        guard code == 0 else { throw SpawnError(operation: "posix_spawn", code: code) }
        return pid
    }

    /// Passes SIGINT, SIGTERM and SIGHUP on to the child (so a scheduler stopping the
    /// supervisor stops the work), then ends the supervisor by the same signal once the child
    /// has gone.
    private static func forwardTerminationSignals() {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            _ = Glibc.signal(signal) { received in
                BatchSupervisor.received.store(received, ordering: .relaxed)
                let pid = BatchSupervisor.child.load(ordering: .relaxed)
                if pid > 0 { kill(pid, received) }
            }
        }
    }

    /// A system call that failed while starting the child.
    struct SpawnError: Error, CustomStringConvertible {
        let operation: String
        let code: Int32
        var description: String { "\(operation): \(String(cString: strerror(code)))" }
    }
}
