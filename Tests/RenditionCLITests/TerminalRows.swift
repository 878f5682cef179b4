/// A small emulation of what a terminal shows of captured output, row by row: enough of a
/// terminal to tell whether a line printed while a progress bar is shown starts on a row of
/// its own.
enum TerminalRows {
    /// The rows `screen` leaves on a terminal: the text is split on line feeds, and within a
    /// row a carriage return moves the cursor to column 0, `ESC [ 2 K` blanks the row,
    /// `ESC [ K` (or `ESC [ 0 K`) blanks it from the cursor on, and every other character is
    /// written over the cell at the cursor. Trailing blanks are dropped.
    static func rows(_ screen: String) -> [String] {
        // Split by scalars: "\r\n" is one Character, which a split on "\n" would not cut.
        screen.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var cells: [Character] = []
            var cursor = 0
            var scalars = Array(line)[...]
            while let scalar = scalars.popFirst() {
                switch scalar {
                case "\r":
                    cursor = 0
                case "\u{1B}" where scalars.first == "[":
                    scalars.removeFirst()
                    var parameter = ""
                    while let next = scalars.first, next.properties.numericType != nil || next == ";" {
                        parameter.unicodeScalars.append(scalars.removeFirst())
                    }
                    guard let command = scalars.popFirst(), command == "K" else { break }
                    if parameter == "2" {
                        cells = Array(repeating: " ", count: cells.count)
                    } else if parameter.isEmpty || parameter == "0", cursor < cells.count {
                        cells.replaceSubrange(cursor..., with: Array(repeating: " ", count: cells.count - cursor))
                    }
                default:
                    while cells.count <= cursor { cells.append(" ") }
                    cells[cursor] = Character(scalar)
                    cursor += 1
                }
            }
            var row = String(cells)
            while row.last == " " { row.removeLast() }
            return row
        }
    }
}
