import CLibCrypto

/// SHA-256 (FIPS 180-4) through the system's libcrypto (OpenSSL 3's EVP digest, which uses the
/// processor's SHA instructions where it has them), used to fingerprint inputs and options in
/// the batch manifest and the server's master identities. A value: a copy goes on from where
/// the original was.
package struct SHA256: Sendable {
    private var context: DigestContext

    /// Starts a new digest.
    package init() { context = DigestContext() }

    /// The digest of `bytes` as 64 lower-case hex digits.
    package static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var hasher = SHA256()
        if bytes.withContiguousStorageIfAvailable({ hasher.context.update($0) }) == nil {
            hasher.context.update(Array(bytes))
        }
        return hasher.finalizeHex()
    }

    /// Feeds bytes.
    package mutating func update(_ bytes: [UInt8]) {
        unshare()
        context.update(bytes)
    }

    /// Feeds a string's UTF-8 bytes.
    package mutating func update(_ text: String) { update(Array(text.utf8)) }

    /// Finishes and returns the 32-byte digest; the hasher starts again afterwards.
    package mutating func finalize() -> [UInt8] {
        unshare()
        return context.finish()
    }

    /// Finishes and returns the digest as hex.
    package mutating func finalizeHex() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in finalize() {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Gives this value a context of its own before it changes one another copy shares.
    private mutating func unshare() {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
    }
}

/// An `EVP_MD_CTX` running SHA-256, owned and freed here. Only `SHA256` touches it, copying
/// it before a change whenever it is shared, so no two threads change one context.
private final class DigestContext: @unchecked Sendable {
    private let context: OpaquePointer

    /// A context started on SHA-256.
    init() {
        guard let context = EVP_MD_CTX_new() else { fatalError("libcrypto could not allocate a digest context") }
        self.context = context
        start()
    }

    private init(copying other: DigestContext) {
        guard let context = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(context, other.context) == 1 else {
            fatalError("libcrypto could not copy a digest context")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// A context in the same state.
    func copy() -> DigestContext { DigestContext(copying: self) }

    /// Feeds `bytes`.
    func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// Feeds `bytes`.
    func update(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { update($0) } }

    /// The digest of everything fed; the context starts again.
    func finish() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        start()
        return Array(digest.prefix(Int(length)))
    }

    private func start() { EVP_DigestInit_ex(context, EVP_sha256(), nil) }
}
