import Foundation
import PrefetchLabCLI

#if canImport(Glibc)
  import Glibc

  // A run allocates and frees the same arrays session after session. glibc's defaults hand freed
  // memory back to the kernel (and serve large arrays from fresh mappings), so every session
  // faulted in and zeroed its pages again: about 2 700 page faults and a tenth of the CPU time
  // of 24 Sabre-comparison sessions. Keeping freed memory in the process trades that for a
  // heap that stays at its high-water mark until exit. `mallopt` is not in Swift's Glibc module:
  // it is looked up (malloc.h: M_TRIM_THRESHOLD -1, M_TOP_PAD -2, M_MMAP_THRESHOLD -3).
  if let symbol = dlsym(nil, "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-1, 256 << 20)
    _ = mallopt(-2, 16 << 20)
    _ = mallopt(-3, 32 << 20)
  }
#endif

exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
