import Foundation
import RenditionCodecs
import RenditionCore
import Testing

/// librendition installed by Scripts/install-c-library into a temporary prefix, and the C
/// example compiled against it: made once per test run.
struct Installation: Sendable {
    /// The prefix the script installed into.
    let prefix: String
    /// The C example, compiled with cc -g through pkg-config.
    let example: String
    /// Where the examples write renditions.
    let outputs: String

    /// PKG_CONFIG_PATH for the prefix.
    var environment: [String: String] { ["PKG_CONFIG_PATH": "\(prefix)/lib/pkgconfig"] }

    /// The arguments both examples take: sticker, animation, input folder, output folder.
    func exampleArguments(output: String) -> [String] {
        [
            "\(Repository.root)/Fixtures/\(CFixtures.sticker)", "\(Repository.root)/Fixtures/\(CFixtures.animation)",
            "\(Repository.root)/Fixtures/stickers/derived", output,
        ]
    }

    /// A fresh output folder under `outputs`.
    func outputFolder(_ name: String) throws -> String {
        let path = "\(outputs)/\(name)"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let shared: Result<Installation, InstallationError> = make()

    private static func make() -> Result<Installation, InstallationError> {
        do {
            // One fixed folder, replaced by each run, so runs leave no copies behind.
            let root = "\(Repository.root)/.build/test-install-c-library"
            try? FileManager.default.removeItem(atPath: root)
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let prefix = root + "/prefix"
            // The script builds where Scripts/install does (.build), so under Scripts/test (whose
            // tests run from .build-test) the library is a link of the tool's compile. A plain
            // `swift test` holds the lock on .build itself: the script then gets a folder of its own.
            var installArguments = ["--prefix", prefix]
            if Bundle.main.bundleURL.path.hasPrefix("\(Repository.root)/.build/") {
                installArguments += ["--scratch-path", "\(Repository.root)/.build/c-library"]
            }
            let install = try run("\(Repository.root)/Scripts/install-c-library", installArguments)
            guard install.status == 0 else {
                return .failure(InstallationError(step: "install-c-library", output: install.stderr + install.stdout))
            }
            let flags = try run(
                "/usr/bin/pkg-config", ["--cflags", "--libs", "rendition"],
                environment: ["PKG_CONFIG_PATH": "\(prefix)/lib/pkgconfig"])
            guard flags.status == 0 else {
                return .failure(InstallationError(step: "pkg-config", output: flags.stderr))
            }
            let example = root + "/render"
            let compileArguments =
                [
                    "-g", "-O1", "-std=c11", "-Wall", "-Wextra", "-Werror", "-o", example,
                    "\(Repository.root)/Examples/c/render.c",
                ]
                + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
                + ["-Wl,-rpath,\(prefix)/lib", "-lpthread"]
            let compile = try run("/usr/bin/cc", compileArguments)
            guard compile.status == 0 else {
                return .failure(
                    InstallationError(step: "cc " + compileArguments.joined(separator: " "), output: compile.stderr))
            }
            return .success(Installation(prefix: prefix, example: example, outputs: root + "/outputs"))
        } catch {
            return .failure(InstallationError(step: "running a tool", output: "\(error)"))
        }
    }
}

/// A step of the installation that failed, with its output.
struct InstallationError: Error, CustomStringConvertible {
    let step: String
    let output: String
    var description: String { "\(step) failed:\n\(output)" }
}

/// The function names rendition.h declares (identifiers followed by `(` outside comments).
func headerFunctions() throws -> Set<String> {
    let header = try String(
        contentsOfFile: "\(Repository.root)/Sources/CRendition/include/rendition.h", encoding: .utf8)
    var names = Set<String>()
    for line in header.split(separator: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") { continue }
        for match in trimmed.matches(of: /\b(rdn_[a-z0-9_]+)\(/) { names.insert(String(match.output.1)) }
    }
    return names
}

@Suite("C interface: installed library, C and Python examples, valgrind", .serialized)
struct InstalledLibraryTests {
    @Test(
        "install-c-library installs rendition.h, librendition.so.MAJOR.MINOR.PATCH of RenditionVersion (SONAME librendition.so.MAJOR) with its links and rendition.pc; no Swift runtime needed; only the header's functions exported"
    )
    func installedFiles() throws {
        let installation = try Installation.shared.get()
        let lib = installation.prefix + "/lib"
        let (version, soname) = (RenditionVersion.string, "librendition.so.\(RenditionVersion.major)")
        let files = FileManager.default
        #expect(
            files.contentsEqual(
                atPath: "\(installation.prefix)/include/rendition.h",
                andPath: "\(Repository.root)/Sources/CRendition/include/rendition.h"))
        #expect(try files.destinationOfSymbolicLink(atPath: "\(lib)/librendition.so") == soname)
        #expect(try files.destinationOfSymbolicLink(atPath: "\(lib)/\(soname)") == "librendition.so.\(version)")
        let dynamic = try run("/usr/bin/readelf", ["-d", "\(lib)/librendition.so.\(version)"]).stdout
        #expect(dynamic.contains("Library soname: [\(soname)]"))
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(
            !needed.isEmpty
                && !needed.contains { $0.contains("swift") || $0.contains("Foundation") || $0.contains("dispatch") },
            "\(needed.joined(separator: "\n"))")
        let symbols = try run(
            "/usr/bin/nm", ["-D", "--defined-only", "--extern-only", "\(lib)/librendition.so.\(version)"]
        ).stdout
        let exported = Set(symbols.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
        #expect(exported == (try headerFunctions()))
        #expect(try headerFunctions().count == 27)
        let modversion = try run(
            "/usr/bin/pkg-config", ["--modversion", "rendition"], environment: installation.environment)
        #expect(modversion.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == version)
    }

    @Test(
        "the C example, compiled by cc against the installed header and library, creates its output folder, renders the sticker and passes every check"
    )
    func cExample() throws {
        let installation = try Installation.shared.get()
        let output = try installation.outputFolder("c") + "/not-yet-there"
        let result = try run(installation.example, installation.exampleArguments(output: output))
        #expect(
            result.status == 0,
            "\(result.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") })\n\(result.stderr)")
        #expect(result.stdout.hasSuffix("all checks passed\n"))
        #expect(!result.stdout.contains("FAIL"))
        // What it wrote decodes to the rendition sizes.
        let twoX = try ImageDecoder.decode(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: output + "/sticker@2x.png"))))
        let oneX = try ImageDecoder.decode(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: output + "/sticker@1x.png"))))
        #expect(twoX.width == 412 && twoX.height == 412 && oneX.width == 206 && oneX.height == 206)
        #expect(FileManager.default.fileExists(atPath: output + "/batch/1F601-300@1x.png"))
    }

    @Test("the C example runs clean under valgrind: no definite or indirect leaks, no invalid reads or writes")
    func cExampleUnderValgrind() throws {
        let installation = try Installation.shared.get()
        let output = try installation.outputFolder("valgrind")
        let result = try run(
            "/usr/bin/valgrind",
            [
                "--leak-check=full", "--errors-for-leak-kinds=definite,indirect", "--error-exitcode=1",
            ] + [installation.example] + installation.exampleArguments(output: output))
        #expect(result.status == 0, "\(result.stderr.suffix(4000))")
        #expect(result.stdout.hasSuffix("all checks passed\n"))
        #expect(result.stderr.contains("ERROR SUMMARY: 0 errors"))
        #expect(result.stderr.contains("definitely lost: 0 bytes") || result.stderr.contains("no leaks are possible"))
        #expect(result.stderr.contains("indirectly lost: 0 bytes") || result.stderr.contains("no leaks are possible"))
        #expect(!result.stderr.contains("Invalid read") && !result.stderr.contains("Invalid write"))
        // No suppression file: nothing is hidden.
        #expect(result.stderr.contains("(suppressed: 0 from 0)"), "\(result.stderr.suffix(2000))")
    }

    @Test(
        "the installed library is at most 20 MB and links no Foundation or ICU: only FoundationEssentials of the Swift runtime's Foundation"
    )
    func librarySize() throws {
        let installation = try Installation.shared.get()
        let path = "\(installation.prefix)/lib/librendition.so.\(RenditionVersion.string)"
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(bytes <= 20_000_000, "\(bytes) bytes")
        // ICU's data and Foundation's locale tables would be tens of MB of read-only data;
        // their identifying strings must not be in the file.
        let contents = try Data(contentsOf: URL(fileURLWithPath: path))
        for marker in ["icudt", "NSLocale", "NSCalendar"] {
            #expect(contents.range(of: Data(marker.utf8)) == nil, "\(marker) found in \(path)")
        }
    }

    @Test(
        "the Python example, using the rendition package on the installed library, renders the sticker and passes every check"
    )
    func pythonExample() throws {
        let installation = try Installation.shared.get()
        let output = try installation.outputFolder("python") + "/not-yet-there"
        let environment = installation.environment.merging([
            "PYTHONPATH": "\(Repository.root)/python/src",
            "RENDITION_LIBRARY": "\(installation.prefix)/lib/librendition.so",
        ]) { $1 }
        let result = try run(
            "/usr/bin/env",
            ["python3", "\(Repository.root)/Examples/python/render_sticker.py"]
                + installation.exampleArguments(output: output), environment: environment)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.hasSuffix("all checks passed\n"))
        let twoX = try ImageDecoder.decode(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: output + "/sticker-py@2x.png"))))
        #expect(twoX.width == 412)
    }

    @Test("the Python example says how to find a library it cannot load, without a traceback")
    func pythonExampleWithoutLibrary() throws {
        let result = try run(
            "/usr/bin/env",
            [
                "python3", "\(Repository.root)/Examples/python/render_sticker.py", "a.png", "b.png", "in",
                NSTemporaryDirectory() + "/rendition-" + UUID().uuidString,
            ],
            environment: [
                "PYTHONPATH": "\(Repository.root)/python/src", "RENDITION_LIBRARY": "/nonexistent/librendition.so",
                "PKG_CONFIG_PATH": "", "PATH": "/usr/bin:/bin",
            ])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                "error: librendition.so could not be loaded ($RENDITION_LIBRARY: /nonexistent/librendition.so"),
            "\(result.stderr)")
        #expect(result.stderr.contains("PKG_CONFIG_PATH") && !result.stderr.contains("Traceback"), "\(result.stderr)")
    }

    @Test(
        "rdn_render_pack, called from C under strace twice into one folder, opens pack-report.json for writing only: its report comes from the build, not the file"
    )
    func packReportNotReadBack() throws {
        let installation = try Installation.shared.get()
        let strace = "/usr/bin/strace"
        try #require(
            FileManager.default.isExecutableFile(atPath: strace), "strace is installed by Scripts/install-dependencies")
        let folder = try installation.outputFolder("pack-trace")
        let program = folder + "/pack"
        try Self.packProgram.write(toFile: program + ".c", atomically: true, encoding: .utf8)
        let flags = try run(
            "/usr/bin/pkg-config", ["--cflags", "--libs", "rendition"], environment: installation.environment)
        let compile = try run(
            "/usr/bin/cc",
            ["-std=c11", "-Wall", "-Wextra", "-Werror", "-o", program, program + ".c"]
                + flags.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
                + ["-Wl,-rpath,\(installation.prefix)/lib"])
        try #require(compile.status == 0, "\(compile.stderr)")
        let output = folder + "/out", trace = folder + "/trace.txt"
        let result = try run(
            strace,
            [
                "-f", "-e", "trace=open,openat,openat2,creat", "-o", trace, program,
                "\(Repository.root)/Fixtures/stickers/derived", output,
            ])
        try #require(result.status == 0, "\(result.stderr)")
        // The second call's report, as the library returned it, is the file it left.
        let written = try Data(contentsOf: URL(fileURLWithPath: output + "/pack-report.json"))
        #expect(Data(result.stdout.utf8) == written)
        let opens = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter {
            $0.contains("open") || $0.contains("creat(")
        }
        // The trace follows the worker threads: they open the masters.
        #expect(opens.contains { $0.contains("/derived/1F601-300.png\"") }, "the trace holds the workers' opens")
        let reportOpens = opens.filter { $0.contains("/pack-report.json\"") }
        let reads = reportOpens.filter { !$0.contains("O_WRONLY") && !$0.contains("O_RDWR") && !$0.contains("creat(") }
        #expect(reads.isEmpty, "\(reads.joined(separator: "\n"))")
    }

    /// A C program that packs argv[1] into argv[2] twice through rdn_render_pack and prints
    /// the second call's report.
    static let packProgram = """
        #include <rendition.h>
        #include <stdio.h>

        int main(int argc, char **argv) {
            if (argc != 3) return 2;
            rdn_render_options options;
            rdn_render_options_init(&options);
            options.threads = 2;
            for (int call = 0; call < 2; call++) {
                char *report = NULL;
                rdn_error *error = NULL;
                if (rdn_render_pack(argv[1], argv[2], &options, &report, &error) != RDN_OK) {
                    fprintf(stderr, "%s\\n", rdn_error_message(error));
                    rdn_error_free(error);
                    return 1;
                }
                if (call == 1) fputs(report, stdout);
                rdn_string_free(report);
            }
            return 0;
        }
        """

    @Test("the C example calls every function rendition.h declares; the Python package's binding declares every one")
    func examplesCoverTheHeader() throws {
        let functions = try headerFunctions()
        let c = try String(contentsOfFile: "\(Repository.root)/Examples/c/render.c", encoding: .utf8)
        let python = try String(contentsOfFile: "\(Repository.root)/python/src/rendition/_native.py", encoding: .utf8)
        #expect(functions.filter { !c.contains("\($0)(") }.sorted() == [])
        #expect(functions.filter { !python.contains("\"\($0)\"") }.sorted() == [])
    }
}
