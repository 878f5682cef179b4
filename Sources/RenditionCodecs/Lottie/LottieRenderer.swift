import CRenditionLottieShim

#if canImport(Glibc)
    import Glibc
#endif

/// The rlottie library that draws Lottie and TGS animations, found and opened at run time.
///
/// Rendition links no rlottie: the first one found, in this order, is opened once per process
/// (through its C API, the same in every version):
///
/// 1. ``environmentVariable`` (`RENDITION_RLOTTIE`): the path of a `librlottie.so` to use. When
///    it is set and cannot be opened, drawing fails with that reason rather than falling back.
/// 2. Current rlottie, the renderer Telegram's apps are built on, from the installed
///    `rlottie-python` wheel (`pip install rlottie-python`): its
///    `rlottie_python/librlottie.so.0` in the active virtual environment, the user's
///    site-packages, then the system's (``wheelFolders(environment:pythonFolders:)``).
/// 3. The system's rlottie 0.1 (Debian's `librlottie0-1`), a fallback that leaves track-matted
///    layers undrawn (docs/LOTTIE-FIDELITY.md): an animation it draws blank is refused with an
///    error that names it.
///
/// ``description`` says which one it is, and `rendition --version` prints it.
public final class LottieRenderer: @unchecked Sendable, CustomStringConvertible {
    /// Where the library was found.
    public enum Source: String, Sendable, CaseIterable {
        /// ``LottieRenderer/environmentVariable`` named it.
        case setting
        /// The `rlottie-python` wheel's copy of current rlottie.
        case wheel
        /// The system's shared library (Debian's rlottie 0.1).
        case system
    }

    /// The environment variable that names the rlottie library to use.
    public static let environmentVariable = "RENDITION_RLOTTIE"

    /// The path (or, for the system's, the file name) the library was opened from.
    public let path: String
    /// Where it was found.
    public let source: Source
    /// Whether it is current rlottie (it has the model-cache control that came after 0.1).
    /// Rlottie 0.1 leaves track-matted layers undrawn, so a blank drawing is refused.
    public let isCurrent: Bool
    /// The opened library. Its record is freed with the renderer (compositions keep their
    /// renderer alive); the library itself stays loaded, as rlottie may keep state for the process.
    let library: OpaquePointer

    private init(path: String, source: Source, library: OpaquePointer) {
        self.path = path
        self.source = source
        self.library = library
        isCurrent = rdn_lottie_library_is_current(library) != 0
    }

    deinit { rdn_lottie_library_free(library) }

    /// "current rlottie (rlottie-python's, PATH)", "rlottie 0.1 (the system's, librlottie.so.0-1)" and the like.
    public var description: String {
        let version = isCurrent ? "current rlottie" : "rlottie 0.1"
        let origin: String
        switch source {
        case .setting: origin = "\(Self.environmentVariable)"
        case .wheel: origin = "rlottie-python's"
        case .system: origin = "the system's"
        }
        return "\(version) (\(origin), \(path))"
    }

    /// The renderer of this process: found and opened on first use, then kept.
    public static let shared: Result<LottieRenderer, CodecError> = locate(
        environment: environment(), exists: { access($0, R_OK) == 0 }, open: open)

    /// The variables the search reads, from this process's environment.
    private static func environment() -> [String: String] {
        var values: [String: String] = [:]
        for name in [environmentVariable, "VIRTUAL_ENV", "HOME"] {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    /// The renderer for a vector master in `format`, or the reason there is none.
    static func forDrawing(_ format: ImageFormat) throws(CodecError) -> LottieRenderer {
        switch shared {
        case .success(let renderer): return renderer
        case .failure(let error):
            switch error {
            case .unsupported(_, let reason): throw .unsupported(format: format, reason: reason)
            default: throw error
            }
        }
    }

    /// The system library names tried last: Debian's rlottie 0.1 by its SONAME, then any `librlottie.so`.
    public static let systemLibraryNames = ["librlottie.so.0-1", "librlottie.so.0", "librlottie.so"]

    /// The folders that may hold an installed `rlottie-python` wheel's package folder, in the
    /// order they are searched: the virtual environment's (`VIRTUAL_ENV`), the user's
    /// (`~/.local`), then the system's (`/usr/local`, `/usr`) site- and dist-packages.
    /// `pythonFolders` lists the `python3.N` folders of a `lib` folder (by default, what is
    /// on disk).
    public static func wheelFolders(
        environment: [String: String], pythonFolders: (String) -> [String] = { pythonFolders(in: $0) }
    ) -> [String] {
        var prefixes: [String] = []
        if let venv = environment["VIRTUAL_ENV"], !venv.isEmpty { prefixes.append(venv + "/lib") }
        if let home = environment["HOME"], !home.isEmpty { prefixes.append(home + "/.local/lib") }
        prefixes += ["/usr/local/lib", "/usr/lib"]
        var folders: [String] = []
        for prefix in prefixes {
            for python in pythonFolders(prefix) {
                folders.append("\(prefix)/\(python)/site-packages/rlottie_python")
                folders.append("\(prefix)/\(python)/dist-packages/rlottie_python")
            }
        }
        folders.append("/usr/lib/python3/dist-packages/rlottie_python")
        return folders
    }

    /// The library file names looked for in a wheel folder.
    public static let wheelLibraryNames = ["librlottie.so.0", "librlottie.so"]

    /// The renderer chosen by the documented order, given the environment and ways to check
    /// and open files (the tests' seams).
    static func locate(
        environment: [String: String], exists: (String) -> Bool,
        open: (String) -> Result<OpaquePointer, OpenFailure>,
        pythonFolders: (String) -> [String] = { pythonFolders(in: $0) }
    ) -> Result<LottieRenderer, CodecError> {
        if let setting = environment[environmentVariable], !setting.isEmpty {
            switch open(setting) {
            case .success(let library):
                return .success(LottieRenderer(path: setting, source: .setting, library: library))
            case .failure(let failure):
                return .failure(
                    .unsupported(
                        format: .tgs,
                        reason: "\(environmentVariable) names \(setting), which cannot be opened: \(failure.reason)"))
            }
        }
        var tried: [String] = []
        for folder in wheelFolders(environment: environment, pythonFolders: pythonFolders) {
            for name in wheelLibraryNames {
                let path = folder + "/" + name
                guard exists(path) else { continue }
                switch open(path) {
                case .success(let library):
                    return .success(LottieRenderer(path: path, source: .wheel, library: library))
                case .failure(let failure): tried.append(failure.reason)
                }
            }
        }
        for name in systemLibraryNames {
            switch open(name) {
            case .success(let library): return .success(LottieRenderer(path: name, source: .system, library: library))
            case .failure(let failure): tried.append(failure.reason)
            }
        }
        return .failure(
            .unsupported(
                format: .tgs,
                reason:
                    "drawing Lottie and TGS needs rlottie, and none was found (pip install rlottie-python for current rlottie, or set \(environmentVariable) to a librlottie.so; tried: \(tried.suffix(3).joined(separator: "; ")))"
            ))
    }

    /// Why a library could not be opened as rlottie: dlopen's message, or the missing function.
    struct OpenFailure: Error {
        let reason: String
    }

    /// Opens the library at `path` (dlopen), or says why it cannot be.
    static func open(_ path: String) -> Result<OpaquePointer, OpenFailure> {
        var error = [CChar](repeating: 0, count: 512)
        guard let library = rdn_lottie_library_open(path, &error, error.count) else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(OpenFailure(reason: reason.isEmpty ? "\(path) could not be opened" : reason))
        }
        return .success(library)
    }

    /// The `python3.N` folders in `prefix` on disk, newest first.
    public static func pythonFolders(in prefix: String) -> [String] {
        guard let folder = opendir(prefix) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("python3.") { names.append(name) }
        }
        return names.sorted { minorVersion($0) > minorVersion($1) }
    }

    private static func minorVersion(_ folder: String) -> Int { Int(folder.dropFirst("python3.".count)) ?? 0 }
}
