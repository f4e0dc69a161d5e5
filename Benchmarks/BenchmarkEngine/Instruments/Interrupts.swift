import CMeasurementSupport

/// SIGINT and SIGTERM as a request to stop: the run finishes its current
/// sample, writes what it completed, and exits with status 130. A second
/// signal exits at once.
package enum Interrupts {
  package static func install() {
    dbms_install_interrupt_handlers()
  }

  package static var requested: Bool { dbms_interrupt_signal() != 0 }
}
