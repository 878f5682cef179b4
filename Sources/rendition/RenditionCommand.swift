import ArgumentParser
import RenditionCodecs
import RenditionCore
import RenditionPipeline

@main
struct RenditionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rendition",
        abstract: "Sticker rendition: @2x and @1x stickers from @3x masters, fast and exact.",
        discussion: """
            Rendition decodes each @3x master (\(FormatRegistry.names(joinedBy: "or"))), \
            resamples it with Lanczos-3 on premultiplied alpha (vector art is drawn at each size) and \
            writes the renditions in the input's container or the one asked for (PNG, APNG, GIF, WebP, \
            WebM); it also builds packs for each platform, lints, previews and serves them over HTTP.
            """,
        version: RenditionVersion.string,
        subcommands: [
            RenderCommand.self, PackCommand.self, LintCommand.self, PreviewCommand.self, ServeCommand.self,
            BenchCommand.self,
            ServeWorkerCommand.self,
        ]
    )
}
