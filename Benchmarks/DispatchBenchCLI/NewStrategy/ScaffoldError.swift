import BenchmarkResults

/// Why a strategy could not be scaffolded. The command line maps each kind
/// to an exit status; the scaffold knows nothing of them.
package struct ScaffoldError: Error, Equatable, CustomStringConvertible {
  package enum Kind: Equatable, Sendable {
    /// The name, the template or the package path: the user's to change.
    case badInput
    /// A file of the package is not as the scaffold expects it (edited by
    /// hand past recognition), or cannot be read.
    case badPackage
    /// A file or directory cannot be written.
    case cannotWrite
    /// The synthetic generator failed or could not be started.
    case generatorFailed
  }

  package var kind: Kind
  package var message: String

  package var description: String { message }

  package static func badInput(_ message: String) -> ScaffoldError {
    ScaffoldError(kind: .badInput, message: message)
  }

  /// A file whose text lacks what an edit needs: names the file and says
  /// what to add by hand.
  package static func badPackage(_ file: String, _ problem: String) -> ScaffoldError {
    ScaffoldError(kind: .badPackage, message: "\(file): \(problem)")
  }

  package static func cannotRead(_ error: FileError) -> ScaffoldError {
    ScaffoldError(kind: .badPackage, message: "cannot read \(error)")
  }

  package static func cannotWrite(_ error: FileError) -> ScaffoldError {
    ScaffoldError(kind: .cannotWrite, message: "cannot write \(error)")
  }
}
