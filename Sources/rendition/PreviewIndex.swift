import Foundation
import RenditionPipeline

/// The HTML page that shows a preview sheet's pages in order, for sheets of several pages.
enum PreviewIndex {
    /// The index of `pages` (paths, sizes and the stickers on each), out of `total` stickers.
    static func html(pages: [(path: String, width: Int, height: Int, stickers: Range<Int>)], total: Int) -> String {
        var text = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>Rendition preview, \(total) stickers</title>
            <style>body{background:#e8e9ee;font-family:sans-serif;margin:24px}img{max-width:100%;display:block;margin:8px 0 32px}</style>
            </head><body>
            <h1>Rendition preview, \(total) stickers, \(pages.count) pages</h1>
            <ul>

            """
        for page in pages {
            let name = escape(String(page.path.split(separator: "/").last ?? Substring(page.path)))
            text +=
                "<li><a href=\"#page-\(name)\">\(name)</a>: stickers \(page.stickers.lowerBound + 1)-\(page.stickers.upperBound)</li>\n"
        }
        text += "</ul>\n"
        for page in pages {
            let file = String(page.path.split(separator: "/").last ?? Substring(page.path))
            let name = escape(file)
            let link = escape(file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file)
            text += "<h2 id=\"page-\(name)\"><a href=\"\(link)\">\(name)</a></h2>\n"
            text +=
                "<img src=\"\(link)\" width=\"\(page.width)\" height=\"\(page.height)\" loading=\"lazy\" alt=\"\(name)\">\n"
        }
        return text + "</body></html>\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
