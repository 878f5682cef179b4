import RenditionBatch

#if canImport(Glibc)
    import Glibc
#endif

/// The worker side of `rendition serve`: `rendition serve-worker` reads one job from its
/// standard input, runs it under the address-space and CPU-time limits it was started with,
/// writes the answer to its standard output and exits. The server starts one per job
/// (`WorkerProcess`), so a crash, a runaway allocation or a hang ends that job alone, and all
/// of its memory goes back to the system when it exits.
package enum ServerWorker {
    /// What the worker is started with.
    package struct Limits: Sendable, Equatable {
        /// The address space the process may map, in bytes (`RLIMIT_AS`).
        package var addressSpaceBytes: Int
        /// The CPU time the process may use, in seconds (`RLIMIT_CPU`; the kernel ends it with
        /// SIGXCPU past it).
        package var cpuSeconds: Int
        /// The largest job it reads from its standard input, in bytes.
        package var maxJobBytes: Int

        /// Creates limits.
        package init(addressSpaceBytes: Int, cpuSeconds: Int, maxJobBytes: Int) {
            self.addressSpaceBytes = addressSpaceBytes
            self.cpuSeconds = cpuSeconds
            self.maxJobBytes = maxJobBytes
        }

        /// The command-line arguments after `serve-worker` that give these limits.
        package var arguments: [String] {
            [
                "--address-space", String(addressSpaceBytes), "--cpu-seconds", String(cpuSeconds),
                "--max-job", String(maxJobBytes),
            ]
        }
    }

    /// Applies `limits` to this process, runs the job on standard input and writes its answer
    /// to standard output; returns the exit status (0 once an answer, success or typed error,
    /// is written; 1 when the job could not be read or the answer not written).
    package static func run(limits: Limits) -> Int32 {
        apply(limits)
        guard let input = DescriptorIO.readAll(from: STDIN_FILENO, limit: limits.maxJobBytes) else {
            writeMessage("rendition serve-worker: the job could not be read from standard input\n")
            return 1
        }
        let response: [UInt8]
        do throws(ServerError) {
            let (request, inputs) = try WorkerFrame.decode(input, as: WorkerRequest.self)
            let (answer, outputs) = WorkerJobRunner.run(request, inputs: inputs)
            response = try WorkerFrame.encode(answer, blobs: outputs)
        } catch {
            guard
                let failure = try? WorkerFrame.encode(WorkerResponse(error: WorkerFailure(error), files: []), blobs: [])
            else { return 1 }
            response = failure
        }
        return DescriptorIO.writeAll(response, to: STDOUT_FILENO) == nil ? 0 : 1
    }

    /// Sets the process's limits: no core files, the address space and the CPU time. A build
    /// with a sanitizer maps terabytes of shadow memory, so there the address space is left
    /// alone and the sanitizer's own RSS limit, which the server sets, bounds the memory.
    static func apply(_ limits: Limits) {
        setLimit(RLIMIT_CORE, soft: 0, hard: 0)
        if !isSanitized {
            setLimit(RLIMIT_AS, soft: limits.addressSpaceBytes, hard: limits.addressSpaceBytes)
        }
        // SIGXCPU at the soft limit; the hard limit a second later is SIGKILL.
        setLimit(RLIMIT_CPU, soft: limits.cpuSeconds, hard: limits.cpuSeconds + 1)
    }

    /// Whether this process runs under AddressSanitizer or ThreadSanitizer.
    static var isSanitized: Bool {
        dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil
    }

    private static func setLimit(_ resource: __rlimit_resource, soft: Int, hard: Int) {
        var value = rlimit(rlim_cur: rlim_t(max(0, soft)), rlim_max: rlim_t(max(0, hard)))
        _ = setrlimit(__rlimit_resource_t(resource.rawValue), &value)
    }

    private static func writeMessage(_ text: String) {
        _ = DescriptorIO.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }
}
