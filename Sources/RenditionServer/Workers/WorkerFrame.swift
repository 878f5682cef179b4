import Foundation

/// How requests and responses cross the pipes between the server and a worker:
/// `RDNW`, a 32-bit big-endian header length, the header's JSON, a 32-bit count of blobs,
/// a 64-bit big-endian length per blob, then the blobs. Every length is checked against the
/// bytes that are there; nothing is trusted.
enum WorkerFrame {
    static let magic: [UInt8] = Array("RDNW".utf8)

    /// The frame of `header` and `blobs`.
    static func encode<Header: Encodable>(_ header: Header, blobs: [[UInt8]]) throws(ServerError) -> [UInt8] {
        let json: [UInt8]
        do { json = Array(try JSONEncoder().encode(header)) } catch {
            throw .internalError("a worker message could not be written: \(error)")
        }
        var bytes = magic
        bytes.reserveCapacity(64 + json.count + blobs.reduce(0) { $0 + $1.count + 8 })
        append(UInt64(json.count), width: 4, to: &bytes)
        bytes += json
        append(UInt64(blobs.count), width: 4, to: &bytes)
        for blob in blobs { append(UInt64(blob.count), width: 8, to: &bytes) }
        for blob in blobs { bytes += blob }
        return bytes
    }

    /// The header and blobs of a frame.
    static func decode<Header: Decodable>(_ bytes: [UInt8], as type: Header.Type) throws(ServerError) -> (
        Header, [[UInt8]]
    ) {
        var offset = 0
        func take(_ count: Int) throws(ServerError) -> ArraySlice<UInt8> {
            guard count >= 0, count <= bytes.count - offset else {
                throw .internalError("a worker message ended early (\(bytes.count) bytes)")
            }
            defer { offset += count }
            return bytes[offset..<(offset + count)]
        }
        func number(_ width: Int) throws(ServerError) -> Int {
            let value = try take(width).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard value <= UInt64(Int.max) else { throw .internalError("a worker message has a length out of range") }
            return Int(value)
        }
        guard Array(try take(4)) == magic else { throw .internalError("a worker message has no RDNW signature") }
        let json = try take(try number(4))
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: Data(json)) } catch {
            throw .internalError("a worker message could not be read: \(error)")
        }
        let count = try number(4)
        guard count <= (bytes.count - offset) / 8 else { throw .internalError("a worker message ended early") }
        var lengths: [Int] = []
        for _ in 0..<count { lengths.append(try number(8)) }
        var blobs: [[UInt8]] = []
        for length in lengths { blobs.append(Array(try take(length))) }
        guard offset == bytes.count else { throw .internalError("a worker message has bytes past its end") }
        return (header, blobs)
    }

    private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
