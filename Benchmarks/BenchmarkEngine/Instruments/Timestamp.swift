#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A moment in UTC, written for a file name and for a record.
package struct Timestamp {
  package var year, month, day, hour, minute, second: Int

  package static func now() -> Timestamp {
    var seconds = time(nil)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return Timestamp(
      year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
      hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
  }

  private var date: String { "\(year)-\(String(twoDigits: month))-\(String(twoDigits: day))" }

  /// `2026-11-22T13:04:05Z`
  package var iso8601: String {
    "\(date)T\(String(twoDigits: hour)):\(String(twoDigits: minute)):\(String(twoDigits: second))Z"
  }

  /// `2026-11-22T13-04-05Z`: no colons, which some file systems refuse.
  package var fileName: String {
    "\(date)T\(String(twoDigits: hour))-\(String(twoDigits: minute))-\(String(twoDigits: second))Z"
  }
}
