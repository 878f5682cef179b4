/// The frame size a VP8 key frame states (RFC 6386, section 9.1), read without decoding.
enum VP8FrameHeader {
    /// The key frame's size, or `nil` for an inter frame (which keeps the size) or a key frame
    /// too short to state one (libvpx allocates nothing for it); a key frame without the start
    /// code is `corrupt`.
    static func keyFrameSize(_ data: UnsafeBufferPointer<UInt8>) throws(CodecError) -> (width: Int, height: Int)? {
        // libvpx reads the size only from key frames of at least 10 bytes.
        guard data.count >= 10, data[0] & 1 == 0 else { return nil }
        guard data[3] == 0x9D, data[4] == 0x01, data[5] == 0x2A else {
            throw .corrupt(format: .webm, reason: "a VP8 key frame without its start code")
        }
        let width = (Int(data[6]) | Int(data[7]) << 8) & 0x3FFF
        let height = (Int(data[8]) | Int(data[9]) << 8) & 0x3FFF
        return (width, height)
    }
}
