import CRendition
import RenditionBatch

/// `rdn_list_stickers`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_list_stickers(
    _ inputs: UnsafePointer<UnsafePointer<CChar>?>?, _ inputCount: Int, _ flags: UInt32,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outJSON?.pointee = nil
    return reportingErrors(error) { () throws(CFailure) in
        let outJSON = try required(outJSON, "out_json")
        guard flags & ~UInt32(RDN_LIST_SEARCH) == 0 else {
            throw .invalidArgument("flags \(flags) has bits this version does not know; RDN_LIST_SEARCH is 1")
        }
        var paths = try CPath.readArray(inputs, count: inputCount, "inputs")
        if flags & UInt32(RDN_LIST_SEARCH) != 0 {
            do throws(FileError) { paths = try StickerInputs.expand(paths) } catch { throw CFailure(error) }
        }
        let earlier = StickerInputs.earlierInputsWithSameName(paths)
        let stickers = paths.enumerated().map { index, path in
            JSONText.object([
                ("input", JSONText.string(path)),
                ("name", JSONText.string(StickerInputs.stickerName(for: path))),
                ("image", StickerInputs.isStickerFile(path) ? "true" : "false"),
                ("same_name_as", earlier[index].map(JSONText.string) ?? "null"),
            ])
        }
        outJSON.pointee = try CStrings.report(JSONText.object([("stickers", JSONText.array(stickers))]))
    }
}
