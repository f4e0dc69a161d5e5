/// A value made on first use and kept.
final class _Lazy<Value> {
  private var stored: Value?

  func value(_ make: () -> Value) -> Value {
    if let stored { return stored }
    let made = make()
    stored = made
    return made
  }
}
