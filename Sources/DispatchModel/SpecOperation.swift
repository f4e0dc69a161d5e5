/// The two halves of the SPEC: sharing models, and showing a feed.
public enum Domain: String, CaseIterable, Hashable, Sendable {
  case share, feed
}

/// Every operation of SPEC §1 and §2, named as on the command line and in CSV.
public enum SpecOperation: String, CaseIterable, Hashable, Sendable {
  case shareFacebook = "share.facebook"
  case shareLine = "share.line"
  case shareInstagram = "share.instagram"
  case shareWechat = "share.wechat"
  case shareMixed = "share.mixed"
  case feedIdentifier = "feed.identifier"
  case feedHeight = "feed.height"
  case feedConfigure = "feed.configure"
  case feedColor = "feed.color"
  case feedApplyBackground = "feed.apply-background"
  case feedRender = "feed.render"

  public var domain: Domain {
    switch self {
    case .shareFacebook, .shareLine, .shareInstagram, .shareWechat, .shareMixed: .share
    case .feedIdentifier, .feedHeight, .feedConfigure, .feedColor, .feedApplyBackground,
      .feedRender:
      .feed
    }
  }

  /// The one platform a fixed-platform share operation uses for the whole feed.
  public var platform: Platform? {
    switch self {
    case .shareFacebook: .facebook
    case .shareLine: .line
    case .shareInstagram: .instagram
    case .shareWechat: .wechat
    default: nil
    }
  }

  /// Whether `dump` prints a line for this operation (SPEC §3): not for
  /// `share.mixed`, a benchmark pairing, nor `feed.apply-background`, whose
  /// effect `feed.render` shows.
  public var isDumped: Bool {
    self != .shareMixed && self != .feedApplyBackground
  }
}
