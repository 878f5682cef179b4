import Foundation
import RenditionServer
import Testing

@Suite("Server: multipart parser and ZIP writer")
struct MultipartAndZipTests {
    static let type = "multipart/form-data; boundary=XyZ"

    @Test("Server: a form's parts come back with names, file names and exact bytes")
    func parsesParts() throws {
        let binary: [UInt8] = [0, 13, 10, 45, 45, 88, 255, 13, 10]
        var body = Array("preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nhello\r\n".utf8)
        body += Array("--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x;y \\\"z\\\".png\"\r\n".utf8)
        body += Array("Content-Type: image/png\r\n\r\n".utf8) + binary + Array("\r\n--XyZ--\r\nepilogue".utf8)
        let parts = try MultipartForm().parse(body, contentType: Self.type)
        #expect(parts.count == 2)
        #expect(parts[0] == MultipartPart(name: "a", filename: nil, contentType: nil, bytes: Array("hello".utf8)))
        #expect(parts[1].filename == "x;y \"z\".png")
        #expect(parts[1].contentType == "image/png")
        #expect(parts[1].bytes == binary)
    }

    @Test("Server: boundaries come from the content type, quoted or not")
    func boundaries() {
        #expect(MultipartForm.boundary(contentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(MultipartForm.boundary(contentType: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"") == "a b")
        #expect(MultipartForm.boundary(contentType: "application/json") == nil)
        #expect(MultipartForm.boundary(contentType: "multipart/form-data") == nil)
        #expect(
            MultipartForm.boundary(contentType: "multipart/form-data; boundary=" + String(repeating: "x", count: 71))
                == nil)
    }

    @Test(
        "Server: malformed forms are errors, not crashes",
        arguments: [
            "", "--XyZ", "--XyZ\r\n", "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end",
            "--XyZ\r\nno-colon\r\n\r\nx\r\n--XyZ--", "--XyZ\r\nContent-Type: text/plain\r\n\r\nx\r\n--XyZ--",
            "--XyZjunk", "nothing here",
        ])
    func malformed(_ text: String) {
        #expect(throws: ServerError.self) { try MultipartForm().parse(Array(text.utf8), contentType: Self.type) }
    }

    @Test("Server: too many parts or too long headers are refused")
    func bounds() {
        var form = MultipartForm()
        form.maxParts = 2
        let part = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n"
        #expect(throws: ServerError.self) {
            try form.parse(Array((part + part + part + "--XyZ--").utf8), contentType: Self.type)
        }
        form.maxHeaderBytes = 16
        #expect(throws: ServerError.self) { try form.parse(Array((part + "--XyZ--").utf8), contentType: Self.type) }
    }

    @Test("Server: the ZIP writer's archives open with Python's zipfile, names and bytes intact")
    func zipOpens() throws {
        var archive = ZipArchive()
        let files: [String: [UInt8]] = [
            "a.txt": Array("hello".utf8), "folder/b.bin": (0..<1000).map { UInt8($0 % 251) }, "empty": [],
            "ü.txt": [1, 2, 3],
        ]
        for name in files.keys.sorted() { try archive.add(name, files[name]!) }
        let zip = try archive.finished()
        #expect(try ZipReader.entries(zip) == files)
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python), "zipfile is the independent check")
        let path = NSTemporaryDirectory() + "rendition-zip-\(UUID().uuidString).zip"
        try Data(zip).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            "-c",
            "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(sorted(z.namelist()))",
            path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed.contains("folder/b.bin") && printed.contains("ü.txt"))
    }
}
