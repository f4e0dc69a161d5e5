import AppModeRegistry
import BenchmarkEngine
import DispatchBenchCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

AppModeWorkloads.install(AppModeRegistry.workloads, null: AppModeRegistry.null)
exit(DispatchBench.main(Array(CommandLine.arguments.dropFirst())))
