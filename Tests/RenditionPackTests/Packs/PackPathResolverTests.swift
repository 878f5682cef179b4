import Foundation
import RenditionPack
import RenditionTestSupport
import Testing

/// `PackPathResolver`: a configured path is accepted exactly when the place it leads to, every
/// symbolic link resolved, is the source folder or inside it.
@Suite("Pack configuration paths")
struct PackPathResolverTests {
    /// A folder holding a pack's source folder `src` (reached also through the link `src-link`)
    /// and a folder `outside` beside it, with links inside `src` pointing in and out:
    ///
    /// ```
    /// outside/o.png, outside/odir/
    /// src/b.png, src/a/b.png
    /// src/a/up -> ..                 src/a/top -> ../..
    /// src/in.png -> b.png            src/out.png -> ../outside/o.png
    /// src/abs-in -> ROOT/src/a       src/abs-out -> ROOT/outside
    /// src/dangling-in.png -> missing.png
    /// src/dangling-out.png -> ../outside/missing.png
    /// src-link -> src
    /// ```
    static func tree() throws -> String {
        let root = try TemporaryFolder.make("rendition-pack-paths")
        let files = FileManager.default
        for folder in ["outside/odir", "src/a"] {
            try files.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        for file in ["outside/o.png", "src/b.png", "src/a/b.png"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: "\(root)/\(file)"))
        }
        for (link, target) in [
            ("src/a/up", ".."), ("src/a/top", "../.."), ("src/in.png", "b.png"), ("src/out.png", "../outside/o.png"),
            ("src/abs-in", "\(root)/src/a"), ("src/abs-out", "\(root)/outside"), ("src/dangling-in.png", "missing.png"),
            ("src/dangling-out.png", "../outside/missing.png"), ("src-link", "src"),
        ] {
            try files.createSymbolicLink(atPath: "\(root)/\(link)", withDestinationPath: target)
        }
        return root
    }

    static let segments = [
        "..", ".", "", "a", "b.png", "up", "top", "in.png", "out.png", "abs-in", "abs-out", "dangling-in.png",
        "dangling-out.png", "missing", "o.png", "odir", "src", "outside",
    ]

    /// A random path of 1 to 6 segments, absolute one time in twelve.
    static func randomPath(_ random: inout SplitMix64) -> String {
        let count = Int.random(in: 1...6, using: &random)
        let path = (0..<count).map { _ in segments.randomElement(using: &random)! }.joined(separator: "/")
        return Int.random(in: 0..<12, using: &random) == 0 ? "/" + path : path
    }

    /// For each relative path, whether Python's `os.path.realpath` (which resolves every link
    /// it can and takes the rest as written) puts `source/path` inside `source`'s real path,
    /// and whether `os.path.normpath` (names only) does.
    static func pythonOracle(source: String, paths: [String]) throws -> [(real: Bool, lexical: Bool)] {
        let script = """
            import json, os, sys
            source = sys.argv[1]
            root = os.path.realpath(source)
            def within(path):
                return path == root or path.startswith(root.rstrip("/") + "/")
            for line in sys.stdin:
                value = json.loads(line)
                real = os.path.realpath(os.path.join(source, value))
                lexical = os.path.normpath(os.path.join(root, value))
                print(int(within(real)), int(within(lexical)))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, source]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let lines = try paths.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) + "\n" }
        input.fileHandleForWriting.write(Data(lines.joined().utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 failed")
        let answers = text.split(separator: "\n").map { $0.split(separator: " ").map { $0 == "1" } }
        try #require(answers.count == paths.count, "python3 answered \(answers.count) of \(paths.count)")
        return answers.map { ($0[0], $0[1]) }
    }

    /// `realpath(3)` of `path`, or `nil` when some part of it does not exist.
    static func systemRealPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    @Test(
        "a path is accepted exactly when its real path is inside the source folder",
        arguments: ["src", "src-link"])
    func property(sourceName: String) throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = "\(root)/\(sourceName)"
        var random = SplitMix64(seed: 0x5EED_0FA7_4500_0001)
        let paths = (0..<3_000).map { _ in Self.randomPath(&random) }
        let relative = paths.filter { !$0.hasPrefix("/") }
        let oracle = Dictionary(
            zip(relative, try Self.pythonOracle(source: source, paths: relative)), uniquingKeysWith: { a, _ in a })
        let resolver = PackPathResolver(source: source, configurationFile: "\(source)/pack.json")
        let realRoot = try #require(Self.systemRealPath(source))
        var counts: [PackPathResolver.Placement: Int] = [:]
        for path in paths {
            let placement = resolver.placement(of: path)
            counts[placement, default: 0] += 1
            if path.hasPrefix("/") {
                #expect(placement == .absolute, "\(path)")
                continue
            }
            let expected = try #require(oracle[path])
            #expect((placement == .inside) == expected.real, "\(path): \(placement)")
            if placement != .inside {
                #expect(placement == (expected.lexical ? .outsideThroughLink : .outside), "\(path): \(placement)")
            }
            // Where every part exists, the C library's realpath agrees too.
            if let real = Self.systemRealPath("\(source)/\(path)") {
                #expect((placement == .inside) == (real == realRoot || real.hasPrefix(realRoot + "/")), "\(path)")
            }
            // Accepted paths are read from the source folder; refused ones throw, naming the key.
            do {
                let resolved = try resolver.path(of: path, key: "stickers[7].file")
                #expect(placement == .inside && resolved == "\(source)/\(path)", "\(path)")
            } catch {
                #expect(placement != .inside, "\(path): \(error)")
                guard case .invalidConfiguration(let file, let reason) = error else {
                    Issue.record("\(path): \(error)")
                    continue
                }
                #expect(file == "\(source)/pack.json" && reason.hasPrefix("stickers[7].file \"\(path)\" "), "\(reason)")
            }
        }
        // Every kind of answer was met often enough for the property to mean something.
        for placement in [PackPathResolver.Placement.inside, .outside, .outsideThroughLink, .absolute] {
            #expect(counts[placement, default: 0] >= 100, "\(counts)")
        }
    }

    @Test("with paths outside allowed, every path is taken: relative ones from the folder, absolute ones as they are")
    func allowed() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = "\(root)/src"
        let resolver = PackPathResolver(
            source: source, configurationFile: "\(source)/pack.json", allowsPathsOutsideSource: true)
        #expect(try resolver.path(of: "../outside/o.png", key: "icon") == "\(source)/../outside/o.png")
        #expect(try resolver.path(of: "out.png", key: "icon") == "\(source)/out.png")
        #expect(try resolver.path(of: "\(root)/outside/o.png", key: "tray") == "\(root)/outside/o.png")
    }

    @Test("a loop of links and a NUL character are refused, even with paths outside allowed")
    func unusable() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = "\(root)/src"
        try FileManager.default.createSymbolicLink(atPath: "\(source)/loop1", withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: "\(source)/loop2", withDestinationPath: "loop1")
        let resolver = PackPathResolver(source: source, configurationFile: "\(source)/pack.json")
        #expect(resolver.placement(of: "loop1/x.png") == .linkLoop)
        #expect(throws: PackError.self) { try resolver.path(of: "loop1/x.png", key: "icon") }
        do {
            _ = try resolver.path(of: "loop1", key: "icon")
            Issue.record("a loop of links was accepted")
        } catch {
            #expect(
                error.description
                    == "\(source)/pack.json: icon \"loop1\" goes through more than 40 symbolic links (a loop)")
        }
        // Inside as written, but the system would cut it at the NUL and open `../outside/o.png`.
        let cut = "../outside/o.png\u{0}/../../src/b.png"
        for allowing in [false, true] {
            let resolver = PackPathResolver(
                source: source, configurationFile: "\(source)/pack.json", allowsPathsOutsideSource: allowing)
            #expect(resolver.placement(of: cut) == .containsNUL)
            do {
                _ = try resolver.path(of: cut, key: "tray")
                Issue.record("a path with a NUL character was accepted")
            } catch {
                #expect(error.description == "\(source)/pack.json: tray contains a NUL character")
            }
        }
    }
}
