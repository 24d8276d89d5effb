// prefetchlab-fuzz: a seeded fuzzer for PrefetchLab's inputs. It mutates the bundled scenarios and
// generated trace files (wrong types, extreme numbers, every documented bound and its neighbours,
// truncation, unicode and control characters, missing files, huge arrays), runs each input
// through `validate` and, when accepted, `run` (in-process, through the CLI library), and asserts:
// exit status 0 or 65 only, no crash, no hang (a per-input deadline), no file left behind on 65,
// and invariants on accepted outputs (finite non-negative numbers, ratios in [0, 1], parts no
// larger than their wholes). Inputs run in batches in child processes so a crash or hang is
// isolated and pinned to its input, which is saved under --failures with a replay command.
//
//   prefetchlab-fuzz --count 2000 --seed 1            # what CI runs (.ci/run)
//   prefetchlab-fuzz --count 100000 --seed 7 --jobs 2 # a long session
//   prefetchlab-fuzz --replay 1234 --seed 7           # one input, in this process
//
// Exit status: 0 when every input passed, 1 when any failed, 64 on a bad command line.
import Foundation
import PrefetchLab

#if canImport(Glibc)
  import Glibc
#endif

func value(_ name: String, _ arguments: [String]) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

let arguments = Array(CommandLine.arguments.dropFirst())
let known: Set<String> = [
  "--worker", "--seed", "--count", "--first", "--jobs", "--batch", "--deadline-s", "--corpus", "--failures",
  "--run-limit-s", "--memory-limit-bytes", "--replay", "--help", "--cli",
]
var expectsValue = false
for argument in arguments {
  if expectsValue {
    expectsValue = false
    continue
  }
  guard known.contains(argument) else {
    FileHandle.standardError.write(
      Data("prefetchlab-fuzz: unknown argument '\(argument)'; see --help\n".utf8))
    exit(64)
  }
  expectsValue = !["--worker", "--help"].contains(argument)
}
if arguments.contains("--help") {
  print(
    """
    USAGE: prefetchlab-fuzz [--count N] [--seed S] [--first I] [--jobs J] [--batch B] [--deadline-s D]
                            [--corpus DIR] [--failures DIR] [--run-limit-s T] [--cli PREFETCHLAB]
                            | --replay I [--seed S]
    Defaults: --count 1000 --seed 1 --first 0 --jobs 2 --batch 200 --deadline-s 60 --corpus scenarios
              --failures fuzz-failures --run-limit-s 600 (longer sessions are validated, not run)
    --cli runs that prefetchlab binary in child processes instead of this build's CLI library.
    """)
  exit(0)
}

var options = FuzzCoordinator.Options(
  seed: UInt64(value("--seed", arguments) ?? "1") ?? 1,
  count: Int(value("--count", arguments) ?? "1000") ?? 1000)
options.first = Int(value("--first", arguments) ?? "0") ?? 0
options.jobs = max(1, Int(value("--jobs", arguments) ?? "2") ?? 2)
options.batch = max(1, Int(value("--batch", arguments) ?? "200") ?? 200)
options.deadlineS = Double(value("--deadline-s", arguments) ?? "60") ?? 60
options.corpus = value("--corpus", arguments) ?? "scenarios"
options.failures = value("--failures", arguments) ?? "fuzz-failures"
options.runLimitS = Double(value("--run-limit-s", arguments) ?? "600") ?? 600
options.memoryLimitBytes = UInt64(value("--memory-limit-bytes", arguments) ?? "") ?? options.memoryLimitBytes
options.externalCLI = value("--cli", arguments)

func worker(first: Int, count: Int, options: FuzzCoordinator.Options) -> Int32 {
  var limit = rlimit(rlim_cur: rlim_t(options.memoryLimitBytes), rlim_max: rlim_t(options.memoryLimitBytes))
  _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
  let work = FileManager.default.temporaryDirectory.path + "/prefetchlab-fuzz-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: work) }
  do {
    let corpus = try FuzzCase.Corpus(folder: options.corpus)
    var worker = FuzzWorker(
      seed: options.seed, corpus: corpus, workFolder: work, runLimitS: options.runLimitS)
    worker.externalCLI = options.externalCLI
    worker.run(indexes: first..<(first + count))
    return 0
  } catch {
    FileHandle.standardError.write(Data("prefetchlab-fuzz: \(error)\n".utf8))
    return 1
  }
}

if arguments.contains("--worker") {
  exit(worker(first: options.first, count: options.count, options: options))
}
if let replay = value("--replay", arguments).flatMap(Int.init) {
  exit(worker(first: replay, count: 1, options: options))
}
let coordinator = FuzzCoordinator(options: options)
do {
  try coordinator.run()
} catch {
  FileHandle.standardError.write(Data("prefetchlab-fuzz: \(error)\n".utf8))
  exit(1)
}
exit(coordinator.failures.isEmpty ? 0 : 1)
