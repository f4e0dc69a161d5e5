import CMeasurementSupport

/// SIGINT and SIGTERM as a request to stop: the run finishes its current
/// sample, writes what it completed, and exits with status 130. A second
/// signal exits at once.
enum Interrupts {
  static func install() {
    dbms_install_interrupt_handlers()
  }

  static var requested: Bool { dbms_interrupt_signal() != 0 }
}
