/// The exit statuses of `dispatch-bench`, after BSD's sysexits where one fits.
public enum ExitStatus {
  public static let success: Int32 = 0
  /// Strategies disagree on an output or a checksum.
  public static let disagreement: Int32 = 1
  /// `compare` found at least one regression.
  public static let regression: Int32 = 2
  /// EX_USAGE: an unknown subcommand or flag, or a bad value.
  public static let usage: Int32 = 64
  /// EX_DATAERR: an input file is unreadable or malformed.
  public static let dataError: Int32 = 65
  /// EX_UNAVAILABLE: a tool the command needs (valgrind) is missing.
  public static let unavailable: Int32 = 69
  /// EX_SOFTWARE: something the command ran failed.
  public static let software: Int32 = 70
  /// EX_CANTCREAT: an output file cannot be written.
  public static let cannotCreate: Int32 = 73
  /// 128 + SIGINT: the run was interrupted.
  public static let interrupted: Int32 = 130
}

/// An error a command reports to the user and exits with.
public struct CommandError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public var exitStatus: Int32
  /// The subcommand whose usage follows the message, for usage errors.
  public var usageOf: String?

  public init(_ message: String, exitStatus: Int32, usageOf: String? = nil) {
    self.message = message
    self.exitStatus = exitStatus
    self.usageOf = usageOf
  }

  public static func usage(_ message: String, command: String) -> CommandError {
    CommandError(message, exitStatus: ExitStatus.usage, usageOf: command)
  }

  public static func dataError(_ message: String) -> CommandError {
    CommandError(message, exitStatus: ExitStatus.dataError)
  }

  public var description: String { message }
}
