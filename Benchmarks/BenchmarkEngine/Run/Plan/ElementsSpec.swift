import BenchmarkResults
import DispatchModel

/// One feed a run builds and times operations on: a domain's elements at a
/// size, laid out by a distribution over a number of kinds.
public struct ElementsSpec: Hashable, Sendable {
  public var domain: Domain
  public var size: Int
  /// `uniform`, `clustered`, `skewed`, `single`, or `file` for a tiled file.
  public var distribution: String
  /// How many kinds the feed holds.
  public var kinds: Int
  public var seed: UInt64
  /// `generated`, or the path of the tiled feed file.
  public var source: String
  package var elementSource: ElementSource

  /// The feed as result files name it.
  package var id: FeedID {
    FeedID(domain: domain.rawValue, size: size, distribution: distribution, kinds: kinds, source: source)
  }

  /// The row of `strategy` on `operation` over this feed.
  package func key(_ operation: String, _ strategy: StrategyID) -> ResultKey {
    ResultKey(BenchmarkCase(feed: id, operation: operation), strategy)
  }

  package var title: String { id.title }
}

/// A feed as a child's plan holds it: its fields, and for a generated feed
/// the kinds in play (`kinds` counts those present); a tiled feed's file is
/// named by `source` and loaded again, once per file (`FeedFiles`).
extension ElementsSpec: Codable {
  private enum CodingKeys: String, CodingKey {
    case domain, size, distribution, kinds, seed, source, kindsInPlay
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(domain.rawValue, forKey: .domain)
    try container.encode(size, forKey: .size)
    try container.encode(distribution, forKey: .distribution)
    try container.encode(kinds, forKey: .kinds)
    try container.encode(seed, forKey: .seed)
    try container.encode(source, forKey: .source)
    if case .generated(_, _, let inPlay) = elementSource { try container.encode(inPlay, forKey: .kindsInPlay) }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let domainName = try container.decode(String.self, forKey: .domain)
    guard let domain = Domain(rawValue: domainName) else {
      throw DecodingError.dataCorruptedError(
        forKey: .domain, in: container, debugDescription: "no domain \(domainName)")
    }
    self.domain = domain
    size = try container.decode(Int.self, forKey: .size)
    distribution = try container.decode(String.self, forKey: .distribution)
    kinds = try container.decode(Int.self, forKey: .kinds)
    seed = try container.decode(UInt64.self, forKey: .seed)
    source = try container.decode(String.self, forKey: .source)
    if let inPlay = try container.decodeIfPresent(Int.self, forKey: .kindsInPlay) {
      guard let layout = KindDistribution(rawValue: distribution) else {
        throw DecodingError.dataCorruptedError(
          forKey: .distribution, in: container, debugDescription: "no distribution \(distribution)")
      }
      elementSource = .generated(seed: seed, distribution: layout, kinds: inPlay)
    } else {
      let files = decoder.userInfo[PlanCoding.context] as? FeedFiles ?? FeedFiles()
      elementSource = .tiled(try files.load(source), seed: seed)
    }
  }
}

/// The feed files a plan being read names, each loaded once however many
/// of its feeds tile it.
package final class FeedFiles {
  private var loaded: [String: FeedFile] = [:]

  package func load(_ path: String) throws(FeedFileError) -> FeedFile {
    if let file = loaded[path] { return file }
    let file = try FeedFile.load(path: path)
    loaded[path] = file
    return file
  }
}
