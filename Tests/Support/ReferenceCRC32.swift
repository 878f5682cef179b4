/// CRC-32 as PNG chunks use it (ISO 3309 / ITU-T V.42: reflected, polynomial 0xEDB88320),
/// written here from the specification so that the test files the suites build do not depend
/// on the codec code (libdeflate's CRC) they test.
public enum ReferenceCRC32 {
    private static let table: [UInt32] = (0..<256).map { (index: UInt32) in
        (0..<8).reduce(index) { crc, _ in crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }

    /// The CRC-32 of `bytes`.
    public static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        ~bytes.reduce(0xFFFF_FFFF) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
