import ArgumentParser
import RenditionCore
import RenditionPipeline

@main
struct RenditionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rendition",
        abstract: "Sticker rendition: @2x and @1x stickers from @3x masters, fast and exact.",
        discussion: """
            Rendition decodes each @3x master (PNG, APNG, GIF, JPEG or WebP), resamples it with Lanczos-3 on \
            premultiplied alpha and writes the renditions as small PNGs.
            """,
        version: RenditionVersion.string,
        subcommands: [
            RenderCommand.self, PackCommand.self, LintCommand.self, PreviewCommand.self, ServeCommand.self, BenchCommand.self,
        ]
    )
}
