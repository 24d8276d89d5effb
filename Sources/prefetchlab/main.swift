import Foundation
import PrefetchLabCLI

exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
