import RenditionCodecs

/// A job for a worker process: what to do, under which decoding limits, and the names of its
/// input files (their bytes travel beside it, see `WorkerFrame`).
struct WorkerRequest: Codable, Sendable, Equatable {
    /// The work.
    enum Job: Codable, Sendable, Equatable {
        /// `rendition render --format FORMAT` at `scales` of the one input.
        case render(format: String, scales: [Int])
        /// `rendition lint --json --profile PROFILE` of the one input.
        case lint(profile: String)
        /// `rendition preview` of the one input.
        case preview
        /// `rendition pack --platform ...` of every input, the pack called `name`.
        case pack(platforms: [String], name: String)
    }

    /// The work.
    var job: Job
    /// The decoding limits, as the server derived them from its per-request limits.
    var limits: DecodeLimits
    /// The inputs, in the order of their bytes.
    var files: [WorkerFile]
}

/// One file of a request or a response: a form field's name, the client's file name and its
/// length (the bytes follow the header in the frame).
struct WorkerFile: Codable, Sendable, Equatable {
    var name: String
    var filename: String?
}

/// A worker's answer: files, or the error to answer the request with.
struct WorkerResponse: Codable, Sendable, Equatable {
    /// The error, if the job failed.
    var error: WorkerFailure?
    /// The outputs (renditions are named `SCALE.EXT`), in the order of their bytes.
    var files: [WorkerFile]
}

/// A `ServerError` as it crosses the pipe.
struct WorkerFailure: Codable, Sendable, Equatable {
    var status: Int
    var type: String
    var message: String
    var limit: ServerError.LimitFacts?

    init(_ error: ServerError) {
        status = error.status.code
        type = error.type
        message = error.message
        limit = error.limit
    }

    /// The error again.
    var error: ServerError {
        var error = ServerError(.init(code: status), type: type, message.isEmpty ? "the job failed (\(type))" : message)
        error.limit = limit
        return error
    }
}
