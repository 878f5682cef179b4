import Foundation
import RenditionTestSupport
import Testing

/// The progress bar as a user sees it in a terminal: the CLI runs under a pseudo-terminal
/// (python3's `pty` module), so standard output and standard error are both a terminal.
@Suite("progress bar in a terminal")
struct ProgressBarTests {
    /// Runs `rendition` under a pseudo-terminal and returns everything it wrote.
    static func runInTerminal(_ arguments: [String]) throws -> (status: Int32, screen: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", "-c",
                """
                import os, pty, subprocess, sys
                master, slave = pty.openpty()
                child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=slave, stderr=slave)
                os.close(slave)
                screen = b""
                while True:
                    try:
                        chunk = os.read(master, 65536)
                    except OSError:
                        break
                    if not chunk:
                        break
                    screen += chunk
                sys.stdout.buffer.write(screen)
                sys.exit(child.wait())
                """, CommandLineTests.executable.path,
            ] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("render redraws the bar after every sticker line, so it stays on screen")
    func barAfterEveryLine() throws {
        let output = NSTemporaryDirectory() + "rendition-bar-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }
        let inputs = try Fixtures.files(in: "stickers/openmoji-618", extension: "png").prefix(12).map {
            Fixtures.path("stickers/openmoji-618/" + $0)
        }
        let result = try Self.runInTerminal(["render"] + inputs + ["-o", output, "--threads", "2"])
        #expect(result.status == 0, "\(result.screen)")
        // Each sticker line ends with a newline; what follows it up to the next line must
        // contain the bar, drawn again after the line cleared it.
        // The terminal ends lines with CR LF (one Character in Swift).
        let lines = result.screen.components(separatedBy: "\r\n")
        let stickerLines = lines.indices.filter { lines[$0].contains(" -> @2x ") }
        #expect(stickerLines.count == inputs.count, "\(result.screen.debugDescription)")
        for index in stickerLines {
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            #expect(
                next.contains("stickers/s"),
                "no bar after line \(index): \(lines[index]) / next: \(next.debugDescription)")
        }
    }

    @Test("every sticker line and the summary start at column 0 of a row the bar was cleared from")
    func linesOnRowsOfTheirOwn() throws {
        let output = NSTemporaryDirectory() + "rendition-rows-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }
        let names = try Fixtures.files(in: "stickers/openmoji-618", extension: "png").prefix(8)
        let inputs = names.map { Fixtures.path("stickers/openmoji-618/" + $0) }
        let result = try Self.runInTerminal(
            ["render"] + inputs + ["-o", output, "--threads", "2", "--progress", "--log", "human"])
        #expect(result.status == 0, "\(result.screen)")
        let rows = TerminalRows.rows(result.screen)
        let stems = names.map { String($0.dropLast(".png".count)) }
        let stickerRows = rows.filter { $0.contains(" -> ") }
        #expect(stickerRows.count == inputs.count, "\(result.screen.debugDescription)")
        for row in stickerRows {
            // Bar text left on the row would come before the sticker's name.
            #expect(stems.contains { row.hasPrefix($0 + "  ") }, "\(row.debugDescription)")
            #expect(!row.contains("ETA"), "\(row.debugDescription)")
        }
        let summary = try #require(
            rows.first { $0.contains("stickers rendered into") }, "\(result.screen.debugDescription)")
        #expect(
            summary.hasPrefix("\(inputs.count) of \(inputs.count) stickers rendered"), "\(summary.debugDescription)")
        // The bar was drawn, so the clearing was needed.
        #expect(result.screen.contains("stickers/s  ETA"), "\(result.screen.debugDescription)")
    }

    @Test("the terminal emulation shows text printed on the bar's row after the bar")
    func emulation() {
        let garbled = "\r[=====] 1/2  ETA 0:00a  1x1 -> b\r\n\r\u{1B}[2K\r[===] 2/2"
        #expect(TerminalRows.rows(garbled) == ["[=====] 1/2  ETA 0:00a  1x1 -> b", "[===] 2/2"])
        let clean = "\r[=====] 1/2  ETA 0:00\r\u{1B}[2Ka  1x1 -> b\r\n\r[===] 2/2\rxy\u{1B}[K"
        #expect(TerminalRows.rows(clean) == ["a  1x1 -> b", "xy"])
    }

    @Test("pack's closing messages clear the bar first, so none runs on from it")
    func packMessagesOnTheirOwnLines() throws {
        let source = NSTemporaryDirectory() + "rendition-bar-src-" + UUID().uuidString
        let output = NSTemporaryDirectory() + "rendition-bar-pack-" + UUID().uuidString
        defer { for path in [source, output] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for name in ["1F41D-300.png", "1F601-300.png"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("stickers/derived/" + name), toPath: "\(source)/\(name)")
        }
        // Two stills are too few for a WhatsApp pack: an error message follows the stickers.
        let result = try Self.runInTerminal(["pack", source, "-o", output, "--platform", "whatsapp"])
        #expect(result.status == 1, "\(result.screen)")
        let lines = result.screen.components(separatedBy: "\r\n")
        let error = try #require(
            lines.first { $0.contains("error: whatsapp: 2 still sticker(s)") }, "\(result.screen.debugDescription)")
        // What the terminal shows of that line is what follows its last carriage return.
        let shown = error.components(separatedBy: "\r").last ?? ""
        #expect(shown.hasPrefix("\u{1B}[2Kerror: whatsapp:"), "\(error.debugDescription)")
    }
}
