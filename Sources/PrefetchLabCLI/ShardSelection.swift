import PrefetchLab

/// `--shard K/N` or `--shard auto`: which slice of the runs this process simulates.
///
/// `auto` reads the slice from the environment a batch system gives each task, the first of
/// these that is set (each index converted to K = 1…N):
/// | variables | set by |
/// |---|---|
/// | `PREFETCHLAB_SHARD=K/N` | you: any scheduler, e.g. a GitHub Actions matrix (`${{ matrix.shard }}/4`) |
/// | `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_COUNT` (and `SLURM_ARRAY_TASK_MIN`, `SLURM_ARRAY_TASK_STEP`) | a Slurm job array (`sbatch --array=0-3` or `1-4`, any start and step) |
/// | `JOB_COMPLETION_INDEX` (0-based) with `PREFETCHLAB_SHARD_COUNT` | a Kubernetes Indexed Job (Kubernetes does not pass the completion count: set it to `.spec.completions`) |
/// | `CI_NODE_INDEX` (1-based), `CI_NODE_TOTAL` | GitLab CI `parallel: N` |
/// | `CIRCLE_NODE_INDEX` (0-based), `CIRCLE_NODE_TOTAL` | CircleCI `parallelism: N` |
enum ShardSelection {
  /// The variables `auto` reads, for messages.
  static let autoVariables =
    "PREFETCHLAB_SHARD, SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT, JOB_COMPLETION_INDEX with "
    + "PREFETCHLAB_SHARD_COUNT, CI_NODE_INDEX/CI_NODE_TOTAL or CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL"

  /// The slice `text` asks for, and where it came from (`--shard`, or the variables used).
  static func resolve(_ text: String, environment: [String: String]) throws(ValidationError) -> (
    shard: Shard, source: String
  ) {
    if text != "auto" {
      guard let shard = Shard(parsing: text) else {
        throw .invalidValue(
          text, for: "shard", reason: "expected K/N with 1 ≤ K ≤ N (e.g. 2/4), or auto")
      }
      return (shard, "--shard")
    }
    func number(_ name: String) throws(ValidationError) -> Int? {
      guard let value = environment[name], !value.isEmpty else { return nil }
      guard let number = Int(value) else {
        throw .invalidValue(text, for: "shard", reason: "\(name) is '\(value)', not a whole number")
      }
      return number
    }
    func make(_ index: Int, _ count: Int, _ source: String) throws(ValidationError) -> (Shard, String) {
      guard let shard = Shard(index: index, count: count), count <= Shard.maximumCount else {
        throw .invalidValue(
          text, for: "shard", reason: "\(source) gives slice \(index) of \(count), which does not exist")
      }
      return (shard, source)
    }
    if let given = environment["PREFETCHLAB_SHARD"], !given.isEmpty {
      guard let shard = Shard(parsing: given) else {
        throw .invalidValue(text, for: "shard", reason: "PREFETCHLAB_SHARD is '\(given)', expected K/N")
      }
      return (shard, "PREFETCHLAB_SHARD")
    }
    if let id = try number("SLURM_ARRAY_TASK_ID") {
      guard let count = try number("SLURM_ARRAY_TASK_COUNT") else {
        throw .invalidValue(
          text, for: "shard", reason: "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")
      }
      let minimum = try number("SLURM_ARRAY_TASK_MIN") ?? 0
      let step = max(try number("SLURM_ARRAY_TASK_STEP") ?? 1, 1)
      guard (id - minimum) % step == 0 else {
        throw .invalidValue(
          text, for: "shard", reason: "SLURM_ARRAY_TASK_ID \(id) is not on the array's step")
      }
      return try make((id - minimum) / step + 1, count, "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT")
    }
    if let index = try number("JOB_COMPLETION_INDEX") {
      guard let count = try number("PREFETCHLAB_SHARD_COUNT") else {
        throw .invalidValue(
          text, for: "shard",
          reason:
            "JOB_COMPLETION_INDEX is set but PREFETCHLAB_SHARD_COUNT is not (set it to the Job's completions)"
        )
      }
      return try make(index + 1, count, "JOB_COMPLETION_INDEX/PREFETCHLAB_SHARD_COUNT")
    }
    if let index = try number("CI_NODE_INDEX"), let count = try number("CI_NODE_TOTAL") {
      return try make(index, count, "CI_NODE_INDEX/CI_NODE_TOTAL")
    }
    if let index = try number("CIRCLE_NODE_INDEX"), let count = try number("CIRCLE_NODE_TOTAL") {
      return try make(index + 1, count, "CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL")
    }
    throw .invalidValue(
      text, for: "shard", reason: "no shard in the environment: set one of \(autoVariables)")
  }
}
