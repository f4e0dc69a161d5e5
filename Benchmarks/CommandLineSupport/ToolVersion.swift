/// The version of `dispatch-bench`, as `--version` prints it and an export
/// records it.
package enum ToolVersion {
  package static let current = "0.3.0"
}
