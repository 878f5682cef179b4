import Foundation
import RenditionCodecs
import RenditionTestSupport
import Synchronization
import Testing

@testable import RenditionServer

@Suite("Server: a cost for every job, from headers alone")
struct JobCostTests {
    let estimator = JobEstimator(configuration: ServerConfiguration())

    @Test("Headers give canvas and frames: APNG acTL, GIF descriptors, WebP, JPEG, TGS")
    func headers() throws {
        let apng = try SourceHeader(try Fixtures.bytes("apng/wuffs/animated-red-blue.apng"))
        #expect(apng.format == .png)
        #expect(apng.width == 64 && apng.height == 48 && apng.frameCount == 4)
        let gif = try SourceHeader(try Fixtures.bytes("gif/pillow/dispose_prev.gif"))
        #expect(gif.width == 100 && gif.height == 100 && gif.frameCount == 5)
        let still = try SourceHeader(try Fixtures.bytes(ServerTest.stillMaster))
        #expect(still.frameCount == 1 && still.width == 618)
        let webm = try SourceHeader(try Fixtures.bytes("webm/vp9-alpha-512x512-30fps-3s.webm"))
        #expect(webm.format == .webm && webm.width == 512 && webm.frameCount == 90)
        let webp = try SourceHeader(try Fixtures.bytes("webp/image-webp/animated/random_lossless.webp"))
        #expect(webp.format == .webp && webp.frameCount > 1)
        let bomb = try SourceHeader(HostileInputs.tgsBomb(frames: 1000, side: 512))
        #expect(bomb.format == .tgs && bomb.frameCount == 1000 && bomb.width == 512)
    }

    @Test("A 251-byte TGS of 1,000 frames at 512 px is over max-frames before any drawing")
    func tgsBomb() throws {
        let bytes = HostileInputs.tgsBomb(frames: 1000, side: 512)
        #expect(bytes.count < 400)
        let header = try SourceHeader(bytes)
        do {
            _ = try estimator.cost(of: header, work: .packSticker(platforms: 2))
            Issue.record("the bomb was admitted")
        } catch {
            #expect(error.type == "limit-exceeded")
            #expect(error.limit?.name == "max-frames")
            #expect(error.limit?.value == 1000)
            #expect(error.message.contains("1000 frames"))
        }
    }

    @Test("A decoding limit's facts reach the JSON body by their --limit key, with no value when only 'more' is known")
    func decodingLimitFacts() throws {
        let frames = ServerError(
            CodecError.limitExceeded(format: .gif, limit: ExceededLimit(.frames, found: 1200, maximum: 1000)))
        #expect(frames.type == "limit-exceeded" && frames.status == .unprocessableContent)
        #expect(frames.limit == ServerError.LimitFacts(name: "frames", maximum: 1000, value: 1200))
        let body = try #require(try JSONSerialization.jsonObject(with: Data(frames.body)) as? [String: Any])
        #expect(
            body["limit"] as? String == "frames" && body["maximum"] as? Int == 1000 && body["value"] as? Int == 1200)
        #expect(
            body["error"] as? String
                == "GIF image exceeds a decoding limit: 1200 frames is over the frames limit of 1000")
        let scans = ServerError(
            CodecError.limitExceeded(format: .jpeg, limit: ExceededLimit(.scans, found: nil, maximum: 100)))
        let scanBody = try #require(try JSONSerialization.jsonObject(with: Data(scans.body)) as? [String: Any])
        #expect(
            scanBody["limit"] as? String == "scans" && scanBody["maximum"] as? Int == 100 && scanBody["value"] == nil)
        // Memory that could not be had names no limit.
        let memory = ServerError(
            CodecError.limitExceeded(format: .webp, limit: .outOfMemory("libwebp ran out of memory")))
        #expect(memory.limit == nil && memory.type == "limit-exceeded")
    }

    @Test("Pixels summed over frames are limited apart from frames and the size of one frame")
    func animationPixels() throws {
        let header = SourceHeader(format: .webm, width: 1024, height: 1024, frameCount: 200)
        do {
            _ = try estimator.cost(of: header, work: .render(scales: [2, 1]))
            Issue.record("admitted")
        } catch {
            #expect(error.limit?.name == "max-animation-pixels")
            #expect(error.limit?.maximum == ServerConfiguration().maxAnimationPixels)
        }
        let photo = SourceHeader(format: .webp, width: 8000, height: 4000, frameCount: 1)
        #expect(throws: ServerError.self) { try estimator.cost(of: photo, work: .render(scales: [2, 1])) }
    }

    @Test("A sticker costs little; a 24 MP photo is admitted within the job memory limit")
    func stillCosts() throws {
        let sticker = try estimator.cost(
            of: SourceHeader(format: .png, width: 618, height: 618, frameCount: 1), work: .render(scales: [2, 1]))
        #expect(sticker.memoryBytes < 100_000_000)
        let photo = try estimator.cost(
            of: SourceHeader(format: .webp, width: 6000, height: 4000, frameCount: 1), work: .render(scales: [2, 1]))
        #expect(photo.memoryBytes > sticker.memoryBytes * 4)
        try estimator.checkAdmission(photo, timeout: ServerConfiguration().requestTimeout)
        #expect(photo.memoryBytes <= ServerConfiguration().maxJobMemory)
    }

    @Test("The largest animation the limits admit renders within one job's memory")
    func largestAnimation() throws {
        let configuration = ServerConfiguration()
        let frames = configuration.maxAnimationPixels / (618 * 618)
        let header = SourceHeader(
            format: .png, width: 618, height: 618, frameCount: min(frames, configuration.maxFrames))
        for work in [JobWork.render(scales: [2, 1]), .lint, .preview] {
            let cost = try estimator.cost(of: header, work: work)
            try estimator.checkAdmission(cost, timeout: configuration.requestTimeout)
        }
    }

    @Test("Decoding limits agree with the per-request limits")
    func decodeLimits() {
        let limits = estimator.decodeLimits()
        let configuration = ServerConfiguration()
        #expect(limits.maxFrames == configuration.maxFrames)
        #expect(limits.maxPixels == configuration.maxSourcePixels)
        #expect(limits.maxDecodedBytes == 4 * configuration.maxAnimationPixels)
        #expect(limits.maxInputBytes == configuration.maxUploadBytes)
    }

    @Test("The largest pack the defaults admit (200 stickers of 618 px, 8 MB) fits one job's memory and its timeout")
    func largestPack() throws {
        let configuration = ServerConfiguration()
        let headers = Array(
            repeating: SourceHeader(format: .png, width: 618, height: 618, frameCount: 1),
            count: configuration.maxPackFiles)
        let cost = try estimator.packCost(of: headers, platforms: 4, inputBytes: configuration.maxUploadBytes)
        try estimator.checkAdmission(cost, timeout: configuration.packTimeout)
        // Four times the estimated time (the worker's CPU limit) within the pack's timeout.
        #expect(cost.cpuSeconds * 4 < Double(configuration.packTimeout.components.seconds))
    }

    @Test("A job whose estimated time is over its timeout is refused, naming job-seconds")
    func tooSlow() throws {
        let headers = Array(
            repeating: SourceHeader(format: .webm, width: 512, height: 512, frameCount: 90), count: 200)
        let cost = try estimator.packCost(of: headers, platforms: 4, inputBytes: 8_000_000)
        do {
            try estimator.checkAdmission(cost, timeout: ServerConfiguration().packTimeout)
            Issue.record("admitted \(cost)")
        } catch {
            #expect(error.limit?.name == "job-seconds")
            #expect(error.limit?.maximum == 160)
        }
    }

    @Test("The pack timeout leaves each sticker the limits admit its share")
    func packTimeout() {
        let configuration = ServerConfiguration()
        #expect(configuration.packTimeout == .seconds(160))
        #expect(configuration.maxJobMemory <= configuration.memoryBudget)
    }
}

@Suite("Server: the memory budget admits jobs by their estimates")
struct MemoryBudgetTests {
    /// How many jobs run at once, and the most that did.
    final class Gauge: Sendable {
        private let state = Mutex((now: 0, most: 0))

        func enter() {
            state.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
        }
        func leave() { state.withLock { $0.now -= 1 } }
        var now: Int { state.withLock { $0.now } }
        var most: Int { state.withLock { $0.most } }
    }

    /// Runs `count` jobs of `memory` bytes on `queue` at once, each staying until a second
    /// job runs beside it (or `peerWait` seconds have passed: a short wait where none may come, a
    /// long one where one must); the most that ran together.
    static func runTogether(_ queue: WorkQueue, count: Int, memory: Int, peerWait: Double) async throws -> Int {
        let gauge = Gauge()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask {
                    try await queue.run(memory: memory) {
                        gauge.enter()
                        let until = Date().addingTimeInterval(peerWait)
                        while gauge.now < 2 && Date() < until { Thread.sleep(forTimeInterval: 0.005) }
                        Thread.sleep(forTimeInterval: 0.01)
                        gauge.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        return gauge.most
    }

    @Test("Jobs whose estimates pass the budget together run one after the other")
    func budget() async throws {
        let queue = WorkQueue(workers: 4, queueLength: 8, memoryBudget: 1000)
        #expect(try await Self.runTogether(queue, count: 4, memory: 600, peerWait: 0.3) == 1)
        #expect(queue.memoryInUse == 0)
        #expect(queue.running == 0)
    }

    @Test("Small jobs share the budget up to the number of workers")
    func shared() async throws {
        let queue = WorkQueue(workers: 2, queueLength: 8, memoryBudget: 1000)
        #expect(try await Self.runTogether(queue, count: 6, memory: 100, peerWait: 10) == 2)
    }
}
