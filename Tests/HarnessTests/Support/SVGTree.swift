import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document read back with `XMLParser`: `nil` when it is not well-formed XML.
final class SVGTree: NSObject, XMLParserDelegate {
  final class Node {
    let name: String
    let attributes: [String: String]
    var children: [Node] = []
    /// The text directly inside this element.
    var text = ""

    init(name: String, attributes: [String: String]) {
      self.name = name
      self.attributes = attributes
    }

    var descendants: [Node] { children.flatMap { [$0] + $0.descendants } }

    /// All text inside this element and its descendants.
    var allText: String { text + children.map(\.allText).joined() }

    func hasClass(_ name: String) -> Bool {
      (attributes["class"] ?? "").split(separator: " ").contains { $0 == name }
    }

    /// Descendants with the element name (any if `nil`) and class given.
    func all(_ name: String?, class className: String? = nil) -> [Node] {
      descendants.filter { node in
        (name == nil || node.name == name) && (className.map(node.hasClass) ?? true)
      }
    }
  }

  private var stack: [Node] = []
  private var root: Node?

  static func parse(_ svg: String) -> Node? {
    let tree = SVGTree()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = tree
    guard parser.parse() else { return nil }
    return tree.root
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
  ) {
    let node = Node(name: elementName, attributes: attributeDict)
    if let parent = stack.last { parent.children.append(node) } else { root = node }
    stack.append(node)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
  ) {
    stack.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    stack.last?.text += string
  }
}
