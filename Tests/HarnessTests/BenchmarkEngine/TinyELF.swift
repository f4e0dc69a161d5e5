/// A minimal x86-64 ELF file made in memory, for `CodeSize`'s tests: one
/// `.text` section holding each function's code, one after another from
/// address 0x1000, and a symbol table naming each as a sized function.
enum TinyELF {
  /// The address of the first function's first byte.
  static let textAddress = 0x1000

  static func file(functions: [(name: String, code: [UInt8])]) -> [UInt8] {
    func little(_ value: Int, _ count: Int) -> [UInt8] {
      (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    let text = functions.flatMap(\.code)
    var strings: [UInt8] = [0]
    var symbols = [UInt8](repeating: 0, count: 24)  // the null symbol
    var address = textAddress
    for function in functions {
      // st_name, st_info (global function), st_other, st_shndx (.text), st_value, st_size.
      symbols +=
        little(strings.count, 4) + [0x12, 0] + little(1, 2) + little(address, 8) + little(function.code.count, 8)
      strings += Array(function.name.utf8) + [0]
      address += function.code.count
    }
    let textOffset = 64
    let stringsOffset = textOffset + text.count
    let symbolsOffset = stringsOffset + strings.count
    let sectionsOffset = symbolsOffset + symbols.count
    // sh_name, sh_type, sh_flags, sh_addr, sh_offset, sh_size, sh_link, sh_info, sh_addralign, sh_entsize.
    func section(type: Int, address: Int = 0, offset: Int, size: Int, link: Int = 0) -> [UInt8] {
      little(0, 4) + little(type, 4) + little(0, 8) + little(address, 8) + little(offset, 8) + little(size, 8)
        + little(link, 4) + little(0, 4) + little(0, 8) + little(0, 8)
    }
    var header: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1] + [UInt8](repeating: 0, count: 9)
    header += little(3, 2) + little(62, 2) + little(1, 4) + little(0, 8) + little(0, 8) + little(sectionsOffset, 8)
    header += little(0, 4) + little(64, 2) + little(0, 2) + little(0, 2) + little(64, 2) + little(4, 2) + little(0, 2)
    return header + text + strings + symbols + [UInt8](repeating: 0, count: 64)
      + section(type: 1, address: textAddress, offset: textOffset, size: text.count)
      + section(type: 2, offset: symbolsOffset, size: symbols.count, link: 3)
      + section(type: 3, offset: stringsOffset, size: strings.count)
  }
}
