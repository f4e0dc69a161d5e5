/// The function symbols of an executable: each one's name, address, size
/// and place in the file, read from the symbol table of a 64-bit
/// little-endian x86-64 ELF file (`CodeSize` reads its code from them).
package enum ELFFunctions {
  package struct Function {
    package var name: String
    package var address: UInt64
    package var size: UInt64
    /// The offset of its first byte in the file.
    package var offset: Int
  }

  /// Every sized function symbol of `bytes`, or `nil` unless they are an
  /// x86-64 ELF file with a symbol table.
  package static func read(_ bytes: [UInt8]) -> [Function]? {
    guard bytes.count > 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,
      bytes[4] == 2, bytes[5] == 1, integer(bytes, 18, 2) == 62
    else { return nil }
    let sectionTable = Int(integer(bytes, 40, 8))
    let sectionSize = Int(integer(bytes, 58, 2))
    let sectionCount = Int(integer(bytes, 60, 2))
    guard sectionTable + sectionSize * sectionCount <= bytes.count else { return nil }
    struct Section {
      var type: UInt64
      var address: UInt64
      var offset: Int
      var size: Int
      var link: Int
    }
    let sections = (0..<sectionCount).map { index in
      let base = sectionTable + index * sectionSize
      return Section(
        type: integer(bytes, base + 4, 4), address: integer(bytes, base + 16, 8),
        offset: Int(integer(bytes, base + 24, 8)), size: Int(integer(bytes, base + 32, 8)),
        link: Int(integer(bytes, base + 40, 4)))
    }
    // SHT_SYMTAB = 2; its strings are in the section it links to.
    guard let symbols = sections.first(where: { $0.type == 2 }), symbols.link < sections.count else { return nil }
    let strings = sections[symbols.link]
    var functions: [Function] = []
    for base in stride(from: symbols.offset, to: symbols.offset + symbols.size, by: 24) {
      // STT_FUNC = 2, with a size and a section.
      let info = bytes[base + 4]
      let section = Int(integer(bytes, base + 6, 2))
      let address = integer(bytes, base + 8, 8)
      let size = integer(bytes, base + 16, 8)
      guard info & 0xF == 2, size > 0, section > 0, section < sections.count else { continue }
      let home = sections[section]
      let offset = home.offset + Int(address - home.address)
      guard address >= home.address, offset + Int(size) <= bytes.count else { continue }
      var end = strings.offset + Int(integer(bytes, base, 4))
      let start = end
      while end < bytes.count && bytes[end] != 0 { end += 1 }
      functions.append(
        Function(
          name: String(decoding: bytes[start..<end], as: UTF8.self), address: address, size: size, offset: offset))
    }
    return functions
  }

  /// The little-endian integer of `count` bytes at `offset`.
  package static func integer(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in (0..<count).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
    return value
  }
}
