import BenchmarkKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

exit(DispatchBench.main(Array(CommandLine.arguments.dropFirst())))
