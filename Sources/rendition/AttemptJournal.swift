/// What `BatchSupervisor` has read so far from the journal of one attempt (`BatchAttempt`
/// describes the records): the inputs started and finished, and, applied to the plan of the
/// next attempt, the inputs printed and those rendered before a death.
struct AttemptJournal {
    /// Inputs the attempt started.
    private(set) var started = Set<Int>()
    /// Inputs whose result the attempt made.
    private(set) var finished = Set<Int>()
    /// Bytes of a record not complete yet.
    private var pending: [UInt8] = []
    /// Text of `t` records, held until the `r` or `o` record they go with.
    private var held: [(stream: Int, bytes: [UInt8])] = []

    /// Inputs started and not finished: in flight.
    var inFlight: [Int] { started.subtracting(finished).sorted() }

    /// Reads `bytes` of the journal; complete records update `plan`, and the console text they
    /// carry goes to `emit` (standard output, standard error) in the order it was written: a
    /// call per `t` record (with the other stream empty) once its `r` or `o` record has come,
    /// then one with the text of that record.
    mutating func read(
        _ bytes: some Collection<UInt8>, plan: inout BatchAttempt,
        emit: (_ standard: ArraySlice<UInt8>, _ error: ArraySlice<UInt8>) -> Void
    ) {
        pending += bytes
        var start = pending.startIndex
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            let fields = pending[start..<newline].split(separator: UInt8(ascii: " ")).map {
                String(decoding: $0, as: UTF8.self)
            }
            var next = newline + 1
            switch fields.first {
            case "s" where fields.count == 2:
                if let index = Int(fields[1]) { started.insert(index) }
            case "e" where fields.count == 3:
                guard let index = Int(fields[1]) else { break }
                finished.insert(index)
                if fields[2] == "1" && !plan.renderedEarlier.contains(index) { plan.renderedEarlier.append(index) }
            case "t" where fields.count == 3:
                guard let stream = Int(fields[1]), let length = Int(fields[2]), length >= 0 else { break }
                guard next + length <= pending.endIndex else {
                    pending.removeSubrange(pending.startIndex..<start)
                    return
                }
                held.append((stream, Array(pending[next..<next + length])))
                next += length
            case "r" where fields.count == 5, "o" where fields.count == 3:
                let lengths = fields.suffix(2).compactMap { Int($0) }
                guard lengths.count == 2 else { break }
                let end = next + lengths[0] + lengths[1]
                guard end <= pending.endIndex else {
                    // The text has not all arrived: read the record again with more bytes.
                    pending.removeSubrange(pending.startIndex..<start)
                    return
                }
                for (stream, bytes) in held {
                    if stream == 1 { emit(bytes[...], []) } else { emit([], bytes[...]) }
                }
                held = []
                emit(pending[next..<next + lengths[0]], pending[next + lengths[0]..<end])
                next = end
                if fields[0] == "r", let index = Int(fields[1]), index == plan.reported {
                    plan.reported += 1
                    if fields[2] == "f" { plan.reportedFailed += 1 }
                    if fields[2] == "u" { plan.reportedSkipped += 1 }
                }
            default: break
            }
            start = next
        }
        pending.removeSubrange(pending.startIndex..<start)
    }
}
