import RenditionBatch
import Testing

@Suite("Shards from array-job index variables")
struct ShardSchedulerTests {
    @Test("auto/n reads Kubernetes' and AWS Batch's 0-based indexes; i/n stays 1-based")
    func zeroBasedSchedulers() throws {
        #expect(try Shard.parse("auto/4", environment: ["JOB_COMPLETION_INDEX": "0"]) == Shard(index: 0, count: 4))
        #expect(try Shard.parse("auto/4", environment: ["JOB_COMPLETION_INDEX": "3"]) == Shard(index: 3, count: 4))
        #expect(try Shard.parse("auto/3", environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "2"]) == Shard(index: 2, count: 3))
        #expect(try Shard.parse("2/8", environment: ["JOB_COMPLETION_INDEX": "5"]) == Shard(index: 1, count: 8))
    }

    @Test("auto/n counts Slurm's task id from SLURM_ARRAY_TASK_MIN in steps of SLURM_ARRAY_TASK_STEP")
    func slurm() throws {
        #expect(
            try Shard.parse("auto/4", environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1"])
                == Shard(index: 0, count: 4))
        #expect(
            try Shard.parse("auto/4", environment: ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1"])
                == Shard(index: 3, count: 4))
        #expect(try Shard.parse("auto/4", environment: ["SLURM_ARRAY_TASK_ID": "2"]) == Shard(index: 2, count: 4))
        #expect(
            try Shard.parse(
                "auto/3",
                environment: ["SLURM_ARRAY_TASK_ID": "14", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_STEP": "2"])
                == Shard(index: 2, count: 3))
    }

    @Test("bad values, no variable and an index past the count are refused with a reason")
    func refusals() {
        #expect(throws: ShardSpecError.noSchedulerIndex) { try Shard.parse("auto/4", environment: [:]) }
        #expect(throws: ShardSpecError.indexOutOfRange(variable: "JOB_COMPLETION_INDEX", index: 4, count: 4)) {
            try Shard.parse("auto/4", environment: ["JOB_COMPLETION_INDEX": "4"])
        }
        #expect(throws: ShardSpecError.badVariable("AWS_BATCH_JOB_ARRAY_INDEX", "x")) {
            try Shard.parse("auto/4", environment: ["AWS_BATCH_JOB_ARRAY_INDEX": "x"])
        }
        #expect(throws: ShardSpecError.badVariable("SLURM_ARRAY_TASK_ID", "0")) {
            try Shard.parse("auto/4", environment: ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "1"])
        }
        #expect(throws: ShardSpecError.syntax("auto/0")) {
            try Shard.parse("auto/0", environment: ["JOB_COMPLETION_INDEX": "0"])
        }
        #expect(throws: ShardSpecError.syntax("5/4")) { try Shard.parse("5/4", environment: [:]) }
        #expect(ShardSpecError.noSchedulerIndex.description.contains("SLURM_ARRAY_TASK_ID"))
    }
}
