import CommandLineSupport
import Testing

/// Expects `body` to throw a `CommandError` with exit status `status` (a
/// usage error unless told) whose message begins with `message`, or holds it
/// anywhere when `anywhere`; with `usageOf`, one that prints that command's
/// usage. A failure shows the error thrown.
func expectCommandError<Value>(
  _ message: String, anywhere: Bool = false, status: Int32 = ExitStatus.usage, usageOf command: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Value
) {
  do {
    _ = try body()
    Issue.record("no error, where one saying \"\(message)\" was expected", sourceLocation: sourceLocation)
  } catch let error as CommandError {
    let matches = anywhere ? error.message.contains(message) : error.message.hasPrefix(message)
    #expect(matches, "\(error.message)", sourceLocation: sourceLocation)
    #expect(error.exitStatus == status, "\(error.message)", sourceLocation: sourceLocation)
    if let command {
      #expect(error.usageOf == command, "\(error.message)", sourceLocation: sourceLocation)
    }
  } catch {
    Issue.record("\(error), where a CommandError was expected", sourceLocation: sourceLocation)
  }
}
