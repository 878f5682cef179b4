import RenditionCore
import RenditionLint

/// Colours, sizes and short labels of preview sheets.
enum PreviewStyle {
    static let sheetBackground = RGBColor(232, 233, 238)
    static let card = RGBColor(255, 255, 255)
    static let cardBorder = RGBColor(206, 208, 216)
    static let ink = RGBColor(32, 33, 36)
    static let mutedInk = RGBColor(110, 113, 122)
    static let checkerLight = RGBColor(255, 255, 255)
    static let checkerDark = RGBColor(214, 216, 222)
    static let paperOnTag = RGBColor(255, 255, 255)

    /// Outer margin of the sheet and inner padding of a card.
    static let margin = 24
    /// Gap between tiles.
    static let gap = 12
    /// Width of the row-label column.
    static let labelColumn = 116
    /// Thickness of a finding's frame around a tile.
    static let markWidth = 4

    /// The colour of a severity.
    static func color(_ severity: LintSeverity) -> RGBColor {
        switch severity {
        case .error: RGBColor(217, 48, 37)
        case .warning: RGBColor(227, 134, 0)
        case .info: RGBColor(26, 115, 232)
        }
    }

    /// A short label for tags on tiles, worded and spelled as the code is (`hidden-color` is
    /// HIDDEN COLOR), so a tile's tag and the card's badge name the same thing.
    static func tag(_ code: LintCode) -> String {
        switch code {
        case .invisibleOnBackground: "INVISIBLE"
        case .outlineBlends: "OUTLINE BLENDS"
        case .ringingClamped: "RINGING"
        case .contentTouchesEdge: "TOUCHES EDGE"
        case .matteHalo: "HALO"
        case .aliasedEdge: "ALIASED"
        case .hiddenColor: "HIDDEN COLOR"
        case .contentSmall: "SMALL ART"
        default: code.rawValue.uppercased()
        }
    }

    /// A card's badge for `finding`: its code, the background it is about, its frame, and for
    /// an unreadable file why (`UNREADABLE: TRUNCATED PNG`).
    static func badge(_ finding: LintFinding) -> String {
        var text = finding.code.rawValue.uppercased()
        if finding.code == .unreadable, case .text(let reason)? = finding.values["reason"] {
            text += ": " + reason.uppercased()
        }
        if let background = finding.background { text += " " + background.uppercased() }
        if let frame = finding.frame { text += " F\(frame + 1)" }
        return text
    }

    /// Padding around a rendition inside its tile.
    static func tilePadding(side: Int) -> Int { max(8, side / 16) }
}
