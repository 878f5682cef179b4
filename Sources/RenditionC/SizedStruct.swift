/// Reads an options struct whose first field is `uint32_t struct_size`, as rendition.h's
/// option structs are: NULL means the defaults, a caller's struct is accepted only when it is
/// at least as large as this library's, so no field is read past what the caller allocated.
enum SizedStruct {
    /// The struct at `pointer`, or the one `initialise` fills in when `pointer` is NULL.
    /// `name` is the argument's name in rendition.h (`options`), `described` what messages
    /// call it ("batch options"), `type` the C type's name and `initialiser` the function that
    /// sets it up.
    static func read<Options>(
        _ pointer: UnsafePointer<Options>?, name: String, described: String, type: String, initialiser: String,
        initialise: (inout Options) -> Void, empty: Options
    ) throws(CFailure) -> Options {
        var options = empty
        initialise(&options)
        guard let pointer else { return options }
        // Only the struct_size field is certain to exist before it is checked.
        let size = UnsafeRawPointer(pointer).load(as: UInt32.self)
        guard size >= MemoryLayout<Options>.size else {
            throw .invalidArgument(
                "\(name)->struct_size is \(size), not sizeof(\(type)) = \(MemoryLayout<Options>.size): set \(described) up with \(initialiser)"
            )
        }
        return pointer.pointee
    }
}
