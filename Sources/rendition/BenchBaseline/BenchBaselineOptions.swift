import ArgumentParser

/// `--save-baseline`, `--compare`, `--tolerance` and `--gate`, shared by every `bench` subcommand.
struct BenchBaselineOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write each benchmark's percentiles and this machine to FILE (JSON), for --compare later.",
            valueName: "file"))
    var saveBaseline: String?

    @Option(
        help: ArgumentHelp(
            "Compare with the baseline in FILE: a table of changes, and exit status 3 when a benchmark is slower than --tolerance allows. Benchmarks are matched by subcommand, options and the content of their input (SHA-256), so the same file by another path is the same benchmark.",
            valueName: "file"))
    var compare: String?

    @Option(
        help: ArgumentHelp(
            "With --compare: how much slower than the baseline still passes, in percent, e.g. 15% (default 10%).",
            valueName: "percent"))
    var tolerance: BenchTolerance?

    @Option(
        help: ArgumentHelp(
            "With --compare: the statistic held to the tolerance (default p50).", valueName: "statistic"))
    var gate: BenchPercentile?

    func validate() throws {
        guard compare == nil else { return }
        if tolerance != nil { throw ValidationError("--tolerance needs --compare FILE") }
        if gate != nil { throw ValidationError("--gate needs --compare FILE") }
    }
}
