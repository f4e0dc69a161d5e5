/// The sections of an x86-64 ELF file, by name, as its section header table
/// and section name string table (`e_shstrndx`) give them: enough to tell an
/// object compiled with function sections (every function in a
/// `.text.<mangled name>` of its own, the plain `.text` empty) from one
/// compiled without (`Relink` refuses those).
package enum ELFSections {
  package struct Section: Equatable {
    package var name: String
    package var size: UInt64
  }

  /// Every section of `bytes`, in the order of the section header table, or
  /// `nil` unless they are a 64-bit little-endian x86-64 ELF file whose
  /// tables lie within it.
  package static func read(_ bytes: [UInt8]) -> [Section]? {
    guard bytes.count > 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,
      bytes[4] == 2, bytes[5] == 1, ELFFunctions.integer(bytes, 18, 2) == 62
    else { return nil }
    let table = Int(ELFFunctions.integer(bytes, 40, 8))
    let entrySize = Int(ELFFunctions.integer(bytes, 58, 2))
    let count = Int(ELFFunctions.integer(bytes, 60, 2))
    let namesIndex = Int(ELFFunctions.integer(bytes, 62, 2))
    guard entrySize >= 64, namesIndex < count, table + entrySize * count <= bytes.count else { return nil }
    let names = Int(ELFFunctions.integer(bytes, table + namesIndex * entrySize + 24, 8))
    return (0..<count).map { index in
      let base = table + index * entrySize
      var end = names + Int(ELFFunctions.integer(bytes, base, 4))
      let start = min(end, bytes.count)
      while end < bytes.count && bytes[end] != 0 { end += 1 }
      return Section(
        name: String(decoding: bytes[start..<max(start, end)], as: UTF8.self),
        size: ELFFunctions.integer(bytes, base + 32, 8))
    }
  }

  /// Whether the sections are a Swift object's compiled with function
  /// sections: a `.text.$s…` section (a Swift function of its own) and no
  /// code in the plain `.text`. Without the flag a few functions still get
  /// sections of their own (those the compiler marks retained), but the
  /// rest share `.text`, so the first test alone would not tell.
  package static func haveFunctionSections(_ sections: [Section]) -> Bool {
    sections.contains { $0.name.hasPrefix(".text.$s") }
      && sections.allSatisfy { $0.name != ".text" || $0.size == 0 }
  }
}
