import CRenditionCodecShims

/// Runs a shim call with a message buffer and maps its status to a `CodecError`;
/// `RDN_SHIM_LIMIT` is `limit`, the caller's limit the call was given.
func callShim(
    format: ImageFormat, limit: ExceededLimit? = nil, _ body: (UnsafeMutablePointer<CChar>, Int) -> Int32
) throws(CodecError) {
    let capacity = 256
    var message = [CChar](repeating: 0, count: capacity)
    let status = message.withUnsafeMutableBufferPointer { body($0.baseAddress!, capacity) }
    guard status != Int32(RDN_SHIM_OK) else { return }
    let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    let reason = text.isEmpty ? "decoder reported an error" : text
    switch status {
    case Int32(RDN_SHIM_OUT_OF_MEMORY):
        throw .limitExceeded(format: format, limit: .outOfMemory("out of memory while decoding"))
    case Int32(RDN_SHIM_LIMIT) where limit != nil:
        throw .limitExceeded(format: format, limit: limit!)
    default:
        throw .corrupt(format: format, reason: reason)
    }
}
