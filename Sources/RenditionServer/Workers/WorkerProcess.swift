import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs one job in a new worker process (`rendition serve-worker`) and waits for its answer.
///
/// The worker gets the job on its standard input and answers on its standard output
/// (`WorkerFrame`); it runs under an address-space limit of its job's estimated memory plus
/// the process's own mappings, and a CPU-time limit from its estimated time. A worker that
/// dies, passes a limit or is ended because its request timed out ends alone: the request
/// gets a typed error, and the server removes the temporary folders it left.
struct WorkerProcess: Sendable {
    /// The `rendition` executable.
    let executable: String

    /// Address space a worker maps besides its job's data: the executable and its libraries,
    /// thread stacks and the allocator's arenas (measured: docs/SERVER.md, "Workers").
    static let addressSpaceOverhead = 512 << 20
    /// The most bytes a worker's answer may have.
    static let maxAnswerBytes = 1 << 30
    /// The most of a worker's standard error kept for the server's log.
    static let keptErrorBytes = 4096

    /// How a worker ended, for the error its request gets.
    struct Outcome: Sendable {
        var status: Int32
        var signal: Int32
        var cpuSeconds: Double
        var peakResidentBytes: Int
        var errorText: String
        var answer: [UInt8]
    }

    /// The answer frame of `job`, run under limits from `cost` and `timeout`.
    /// - Throws: `ServerError`: `timeout` when `abandonment` ended it, `limit-exceeded` when
    ///   it passed its memory or CPU limit, `worker-crashed` when it died otherwise.
    func run(_ job: [UInt8], cost: JobCost, timeout: Duration, abandonment: Abandonment) throws(ServerError)
        -> [UInt8]
    {
        let limits = Self.limits(for: cost, timeout: timeout, jobBytes: job.count)
        let outcome = try start(job, limits: limits, abandonment: abandonment)
        if outcome.status == 0 && outcome.signal == 0 { return outcome.answer }
        if abandonment.isAbandoned { throw ServerError.timedOut(after: timeout) }
        throw Self.error(for: outcome, limits: limits, cost: cost)
    }

    /// The limits a job of `cost` runs under: its memory and the process's own mappings; four
    /// times its estimated CPU time, at least 10 s and at most the request's timeout.
    static func limits(for cost: JobCost, timeout: Duration, jobBytes: Int) -> ServerWorker.Limits {
        let timeoutSeconds = max(1, Int(timeout.components.seconds))
        let cpu = min(timeoutSeconds + 1, max(10, Int((cost.cpuSeconds * 4).rounded(.up))))
        return ServerWorker.Limits(
            addressSpaceBytes: cost.memoryBytes + addressSpaceOverhead, cpuSeconds: cpu, maxJobBytes: jobBytes)
    }

    /// The error for a worker that did not answer.
    static func error(for outcome: Outcome, limits: ServerWorker.Limits, cost: JobCost) -> ServerError {
        if outcome.signal == SIGXCPU || (outcome.signal == SIGKILL && outcome.cpuSeconds >= Double(limits.cpuSeconds)) {
            return .limitExceeded(
                "cpu-seconds", maximum: limits.cpuSeconds, value: Int(outcome.cpuSeconds.rounded(.up)),
                "the job used its \(limits.cpuSeconds) s of CPU time (its estimate was \(cost)) and was stopped")
        }
        // The runtime says so when an allocation fails at the address-space limit (a
        // sanitizer build: when its allocator passes the RSS limit the server set). (The
        // kernel's peak of a spawned child counts its parent's pages, so it cannot tell; the
        // peak reported is the worker's own, sampled while it ran.)
        let outOfMemory = ["failed to allocate", "allocate memory", "rss limit exhausted"]
        if outOfMemory.contains(where: outcome.errorText.contains) {
            return .limitExceeded(
                "job-memory", maximum: limits.addressSpaceBytes, value: outcome.peakResidentBytes,
                "the job ran out of the memory it was given (\(limits.addressSpaceBytes / 1_000_000) MB of address space for its estimate of \(cost)) and was stopped"
            )
        }
        let how =
            outcome.signal != 0
            ? "died of signal \(outcome.signal)\(signalName(outcome.signal).map { " (\($0))" } ?? "")"
            : "exited with status \(outcome.status) without an answer"
        return ServerError(
            .internalServerError, type: "worker-crashed",
            "the worker process decoding this input \(how); the server and other requests are unaffected")
    }

    static func signalName(_ signal: Int32) -> String? {
        [
            SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
            SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGXCPU: "SIGXCPU",
        ][signal]
    }

    /// Starts the worker, feeds it `job`, collects its output and waits for it.
    private func start(_ job: [UInt8], limits: ServerWorker.Limits, abandonment: Abandonment) throws(ServerError)
        -> Outcome
    {
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard Self.makePipe(&input) else { throw Self.spawnError("pipe", errno) }
        guard Self.makePipe(&output) else {
            for descriptor in input { close(descriptor) }
            throw Self.spawnError("pipe", errno)
        }
        guard Self.makePipe(&errors) else {
            for descriptor in input + output { close(descriptor) }
            throw Self.spawnError("pipe", errno)
        }
        let pid: pid_t
        do throws(ServerError) {
            pid = try spawn(stdin: input[0], stdout: output[1], stderr: errors[1], limits: limits)
        } catch {
            for descriptor in input + output + errors { close(descriptor) }
            throw error
        }
        close(input[0])
        close(output[1])
        close(errors[1])
        abandonment.onAbandon { kill(pid, SIGKILL) }
        var streams = WorkerStreams(input: input[1], output: output[0], errors: errors[0], job: job, pid: pid)
        let overflowed = streams.pump(maxAnswerBytes: Self.maxAnswerBytes)
        if overflowed { kill(pid, SIGKILL) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        TemporaryFolder.removeLeftovers(of: pid)
        let signal = status & 0x7f
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        return Outcome(
            status: signal == 0 ? (status >> 8) & 0xff : 0, signal: signal, cpuSeconds: cpu,
            peakResidentBytes: streams.peakResidentBytes,
            errorText: String(decoding: streams.errorHead, as: UTF8.self),
            answer: overflowed ? [] : streams.answer)
    }

    /// `executable serve-worker LIMITS` with its standard streams on the pipes, the
    /// environment of the server plus `MALLOC_ARENA_MAX=2` (fewer arenas, a smaller address
    /// space), every signal at its default and none blocked.
    private func spawn(stdin: Int32, stdout: Int32, stderr: Int32, limits: ServerWorker.Limits) throws(ServerError)
        -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var environment = ProcessInfo.processInfo.environment
        environment["MALLOC_ARENA_MAX"] = environment["MALLOC_ARENA_MAX"] ?? "2"
        // A crash's message on standard error, not pages of backtrace (the server logs it).
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // A sanitizer build of the worker keeps no address-space limit (`ServerWorker.apply`):
        // its allocator refuses memory past the same bound instead.
        let megabytes = limits.addressSpaceBytes >> 20
        for variable in ["ASAN_OPTIONS", "TSAN_OPTIONS"] {
            environment[variable] =
                (environment[variable].map { $0 + ":" } ?? "")
                + "soft_rss_limit_mb=\(megabytes):allocator_may_return_null=1"
        }
        let arguments = ([executable, "serve-worker"] + limits.arguments).map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, arguments, variables)
        guard code == 0 else { throw Self.spawnError("posix_spawn \(executable)", code) }
        return pid
    }

    /// A pipe whose ends are closed in any process this one starts (the worker gets its own
    /// ends through `dup2`, which leaves them open).
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static func spawnError(_ operation: String, _ code: Int32) -> ServerError {
        .internalError("a worker process could not be started (\(operation): \(String(cString: strerror(code))))")
    }
}

/// The three pipes of a worker: the job written in, the answer and its standard error read
/// out, all at once through `poll`, so neither side waits on a full pipe.
struct WorkerStreams {
    let input: Int32
    let output: Int32
    let errors: Int32
    let job: [UInt8]
    /// The worker, whose resident memory is sampled while it runs.
    let pid: pid_t
    private(set) var answer: [UInt8] = []
    /// The start of the worker's standard error (a crash's message comes first).
    private(set) var errorHead: [UInt8] = []
    /// The highest resident memory of the worker seen (`VmHWM`, sampled every 200 ms).
    private(set) var peakResidentBytes = 0

    init(input: Int32, output: Int32, errors: Int32, job: [UInt8], pid: pid_t) {
        self.input = input
        self.output = output
        self.errors = errors
        self.job = job
        self.pid = pid
    }

    /// Reads the worker's `VmHWM` from /proc (its own peak, unlike the kernel's usage).
    mutating func sample() {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
            if let kilobytes = digits.flatMap({ Int($0) }) {
                peakResidentBytes = max(peakResidentBytes, kilobytes * 1024)
            }
        }
    }

    /// Moves bytes until the worker has closed its output and error streams (it exited or
    /// was killed); closes every descriptor. True when the answer passed `maxAnswerBytes`.
    mutating func pump(maxAnswerBytes: Int) -> Bool {
        var written = 0
        var inputOpen = true
        var outputOpen = true
        var errorsOpen = true
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        defer {
            if inputOpen { close(input) }
            if outputOpen { close(output) }
            if errorsOpen { close(errors) }
        }
        if job.isEmpty {
            close(input)
            inputOpen = false
        }
        while outputOpen || errorsOpen {
            var descriptors: [pollfd] = []
            if inputOpen { descriptors.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            if outputOpen { descriptors.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
            if errorsOpen { descriptors.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), 200)
            sample()
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            for descriptor in descriptors where descriptor.revents != 0 {
                if descriptor.fd == input {
                    let count = job[written...].withUnsafeBytes {
                        write(input, $0.baseAddress, min($0.count, 1 << 16))
                    }
                    if count > 0 { written += count }
                    // Done, or the worker closed its input (it died or refused the job).
                    if written == job.count || (count < 0 && errno != EAGAIN && errno != EINTR) {
                        close(input)
                        inputOpen = false
                    }
                } else {
                    let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                    if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                    if count <= 0 {
                        close(descriptor.fd)
                        if descriptor.fd == output { outputOpen = false } else { errorsOpen = false }
                        continue
                    }
                    if descriptor.fd == output {
                        guard answer.count + count <= maxAnswerBytes else { return true }
                        answer.append(contentsOf: chunk[0..<count])
                    } else {
                        let room = WorkerProcess.keptErrorBytes - errorHead.count
                        if room > 0 { errorHead.append(contentsOf: chunk[0..<min(count, room)]) }
                    }
                }
            }
        }
        return false
    }
}
