#if RENDITION_FUZZING
    import Foundation

    /// The target chosen by `RENDITION_FUZZ_TARGET` when libFuzzer starts.
    nonisolated(unsafe) private var selectedTarget: FuzzTarget = .png

    /// libFuzzer's start-up hook: reads `RENDITION_FUZZ_TARGET`.
    @_cdecl("LLVMFuzzerInitialize")
    public func fuzzInitialize(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
    ) -> CInt {
        let name = ProcessInfo.processInfo.environment["RENDITION_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("RENDITION_FUZZ_TARGET must be one of: \(names)\n".utf8))
            exit(2)
        }
        selectedTarget = target
        return 0
    }

    /// libFuzzer's driver (in the fuzzer runtime that `-sanitize=fuzzer` links).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The program's entry point: SwiftPM links executables with `main` aliased to
    /// `<module>_main`, so this hands control to libFuzzer's driver.
    @_cdecl("RenditionFuzz_main")
    public func fuzzMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> CInt {
        var argc = argc
        var argv = argv
        return runFuzzerDriver(&argc, &argv, fuzzOneInput)
    }

    /// libFuzzer's entry point: runs the selected target on one input.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { [UInt8](UnsafeBufferPointer(start: $0, count: size)) } ?? []
        selectedTarget.run(bytes)
        return 0
    }
#else
    import Foundation
    import RenditionBatch

    /// Without libFuzzer (a normal build): `RenditionFuzz TARGET FILE...` runs the target once
    /// on each file, to replay a corpus or a crashing input under a debugger.
    @main
    enum FuzzReplay {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
                FileHandle.standardError.write(Data("usage: RenditionFuzz \(names) FILE...\n".utf8))
                exit(2)
            }
            // With RENDITION_FUZZ_WRITE_BUILT=1, a structured target's built file is written next
            // to its input (INPUT.built) before it runs: the file to keep as a regression.
            let writeBuilt = ProcessInfo.processInfo.environment["RENDITION_FUZZ_WRITE_BUILT"] == "1"
            for path in arguments.dropFirst() {
                let data: [UInt8]
                do { data = try FileSystem.read(path) } catch {
                    FileHandle.standardError.write(Data("\(error)\n".utf8))
                    exit(1)
                }
                if writeBuilt, let built = target.builtInput(data) {
                    _ = FileManager.default.createFile(atPath: path + ".built", contents: Data(built))
                }
                target.run(data)
                print("\(path): ok")
            }
        }
    }
#endif
