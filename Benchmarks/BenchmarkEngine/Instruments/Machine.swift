#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import BenchmarkResults
import CAllocationCounter

extension Machine {
  /// This process's machine and build.
  public static func current() -> Machine {
    Machine(
      swiftVersion: compilerVersion, buildConfiguration: isDebugBuild ? "debug" : "release",
      buildFlags: currentBuildFlags, operatingSystem: operatingSystemDescription(),
      cpuModel: cpuModelName(), cores: processorCount())
  }

  /// Whether this binary was built without optimisation.
  public static var isDebugBuild: Bool {
    #if DEBUG
    return true
    #else
    return false
    #endif
  }

  /// The sanitizer this binary is instrumented with (`swift build
  /// --sanitize=address` gives "address"), or `nil`. Swift code cannot ask
  /// the compiler, but SwiftPM passes the same flag to the C support, which
  /// can.
  public static let sanitizer: String? = dbac_sanitizer().map { String(cString: $0) }

  package static var currentBuildFlags: String {
    // A sanitizer's checks are in every timing: the flags say so, and
    // compare names the difference.
    let sanitize = sanitizer.map { " -sanitize=\($0)" } ?? ""
    return
      "\(optimization)\(sanitize) "
      + "model+strategies:\(crossModule)\(evolution)\(exclusivity) registry:-disable-llvm-merge-functions-pass"
  }

  /// SwiftPM builds debug with -Onone and release with -O; the build matrix
  /// (Benchmarks/Scripts/build-matrix.sh) overrides a release build's with
  /// `-Xswiftc -Osize` or `-Xswiftc -Onone`, and says so with a define.
  private static var optimization: String {
    #if DISPATCH_BENCH_OSIZE
    return "-Osize"
    #elseif DISPATCH_BENCH_ONONE
    return "-Onone"
    #else
    return isDebugBuild ? "-Onone" : "-O"
    #endif
  }

  /// The build matrix's library-evolution builds (Package.swift): the
  /// `evolution-frozen` one compiles the attributes of
  /// Benchmarks/Scripts/frozen-attributes.txt too.
  private static var evolution: String {
    #if DISPATCH_BENCH_LIBRARY_EVOLUTION && DISPATCH_BENCH_FROZEN
    return ",-enable-library-evolution,frozen+inlinable"
    #elseif DISPATCH_BENCH_LIBRARY_EVOLUTION
    return ",-enable-library-evolution"
    #else
    return ""
    #endif
  }

  /// The model's and strategies' cross-module optimisation: off, but in the
  /// build matrix's `package` build, where SwiftPM's default for a package
  /// dependency stands (Package.swift, DISPATCH_BENCH_PACKAGE).
  private static var crossModule: String {
    #if DISPATCH_BENCH_PACKAGE
    return "default-cmo"
    #else
    return "-disable-cmo"
    #endif
  }

  /// The build matrix's `exclusivity-unchecked` build (Package.swift).
  private static var exclusivity: String {
    #if DISPATCH_BENCH_EXCLUSIVITY_UNCHECKED
    return ",-enforce-exclusivity=unchecked"
    #else
    return ""
    #endif
  }

  /// The compiler version this binary was built with, read from `#if
  /// compiler` checks at build time.
  package static let compilerVersion: String = {
    #if compiler(>=7.0)
    return ">=7.0"
    #elseif compiler(>=6.3.2)
    return ">=6.3.2"
    #elseif compiler(>=6.3.1)
    return "6.3.1"
    #elseif compiler(>=6.3)
    return "6.3"
    #elseif compiler(>=6.2.1)
    return "6.2.x"
    #elseif compiler(>=6.2)
    return "6.2"
    #elseif compiler(>=6.1)
    return "6.1.x"
    #elseif compiler(>=6.0)
    return "6.0.x"
    #else
    return "<6.0"
    #endif
  }()

  package static func operatingSystemDescription() -> String {
    var name = "unknown OS"
    if let release = try? readText("/etc/os-release") {
      for line in release.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
        name = String(line.dropFirst("PRETTY_NAME=".count)).trimming("\"")
      }
    }
    var system = utsname()
    uname(&system)
    /// A fixed-size C character array, up to its terminating zero.
    func text<T>(_ field: T) -> String {
      withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    return "\(name), kernel \(text(system.release)), \(text(system.machine))"
  }

  /// The first processor's model name, with its family, model and stepping
  /// (`AMD EPYC (family 25, model 17, stepping 1)`): a virtual machine may
  /// name only the vendor's line, and two generations of one line predict
  /// branches differently, which moves the cheap rows' ratios.
  package static func cpuModelName() -> String {
    guard let info = try? readText("/proc/cpuinfo") else { return "unknown CPU" }
    var fields: [String: String] = [:]
    for line in info.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty && !fields.isEmpty { break }
      guard let colon = line.firstIndex(of: ":") else { continue }
      let key = String(line[..<colon]).trimming(" \t")
      if fields[key] == nil { fields[key] = String(line[line.index(after: colon)...]).trimming(" \t") }
    }
    guard let name = fields["model name"] else { return "unknown CPU" }
    let details = [("family", "cpu family"), ("model", "model"), ("stepping", "stepping")].compactMap { label, key in
      fields[key].map { "\(label) \($0)" }
    }
    return details.isEmpty ? name : "\(name) (\(details.joined(separator: ", ")))"
  }

  package static func processorCount() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  /// Bytes of physical memory, or `nil` where it cannot be read.
  package static func physicalMemory() -> Int? {
    let pages = sysconf(Int32(_SC_PHYS_PAGES))
    let pageSize = sysconf(Int32(_SC_PAGESIZE))
    guard pages > 0, pageSize > 0 else { return nil }
    return pages * pageSize
  }
}
