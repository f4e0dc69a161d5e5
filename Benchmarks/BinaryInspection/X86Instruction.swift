/// One x86-64 instruction's length and, for a direct call or jump, its
/// target: enough to walk a function's code an instruction at a time, as a
/// disassembler does, rather than byte by byte (where a byte inside another
/// instruction's immediate or displacement can read as a call).
///
/// The decoder knows the encodings a compiler emits for 64-bit code: legacy
/// prefixes and REX, the one-byte map, the 0F, 0F38 and 0F3A maps, VEX (C4,
/// C5) and EVEX (62), ModRM, SIB, displacements and immediates (3DNow!'s
/// and SSE4a's too). It does not know AMD's XOP, nor APX's REX2 and EVEX
/// map 4 (emitted only with -mapxf); it reads a 66-prefixed near branch as
/// Intel does (rel32); it reads lengths, it does not check validity.
/// `X86InstructionTests` checks it against objdump on the whole release
/// binary.
package struct X86Instruction: Equatable {
  /// Its bytes' count, 1 to 15.
  package var length: Int
  /// What a direct branch's target is, for `call rel32`, `jmp rel32`,
  /// `jmp rel8`, `jcc rel8` and `jcc rel32`.
  package var branch: Branch?

  package enum Branch: Equatable {
    /// `call rel32` (E8).
    case call(displacement: Int64)
    /// `jmp rel32` or `jmp rel8` (E9, EB): a tail call where it leaves the function.
    case jump(displacement: Int64)
    /// `jcc rel8` or `jcc rel32` (7x, 0F 8x): a conditional tail call where
    /// it leaves the function.
    case conditionalJump(displacement: Int64)

    /// The signed distance from the instruction's end to its target.
    package var displacement: Int64 {
      switch self {
      case .call(let value), .jump(let value), .conditionalJump(let value): value
      }
    }
  }

  /// The instruction at `offset` in `bytes`, or `nil` where its encoding
  /// runs past `end` (the function's last byte, exclusive).
  package init?(_ bytes: [UInt8], at offset: Int, end: Int) {
    var cursor = Cursor(bytes: bytes, start: offset, end: end)
    guard let (map, opcode, form, vector) = cursor.opcode(), let immediate = cursor.operands(form) else {
      return nil
    }
    let immediateStart = cursor.position
    cursor.position += immediate
    guard cursor.position <= end, cursor.position - offset <= 15 else { return nil }
    length = cursor.position - offset
    func signed() -> Int64 {
      immediate == 1
        ? Int64(Int8(bitPattern: bytes[immediateStart]))
        : Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: ELFFunctions.integer(bytes, immediateStart, 4))))
    }
    // A VEX or EVEX opcode of the same value is no branch (and has no
    // displacement to read).
    guard !vector, immediate > 0 else {
      branch = nil
      return
    }
    switch (map, opcode) {
    case (0, 0xE8) where immediate == 4: branch = .call(displacement: signed())
    case (0, 0xE9), (0, 0xEB): branch = .jump(displacement: signed())
    case (0, 0x70...0x7F), (1, 0x80...0x8F): branch = .conditionalJump(displacement: signed())
    default: branch = nil
    }
  }

  /// Reads an instruction's bytes in order, never past the function's end
  /// or an instruction's 15 bytes.
  private struct Cursor {
    let bytes: [UInt8]
    let start: Int
    let end: Int
    var position: Int

    init(bytes: [UInt8], start: Int, end: Int) {
      (self.bytes, self.start, self.end, position) = (bytes, start, end, start)
    }

    mutating func next() -> UInt8? {
      guard position < end, position - start < 15 else { return nil }
      defer { position += 1 }
      return bytes[position]
    }

    /// The prefixes, the opcode (its map: 0 for one byte, 1 for 0F, 2 for
    /// 0F38, 3 for 0F3A) and what follows it.
    mutating func opcode() -> (map: Int, opcode: UInt8, form: Form, vector: Bool)? {
      var operandSize16 = false, addressSize32 = false, repne = false, rexW = false
      var opcode: UInt8
      // Legacy prefixes, in any order, then at most one REX prefix.
      repeat {
        guard let byte = next() else { return nil }
        opcode = byte
        if byte == 0x66 { operandSize16 = true }
        if byte == 0x67 { addressSize32 = true }
        if byte == 0xF2 { repne = true }
      } while X86Instruction.legacyPrefixes.contains(opcode)
      if opcode & 0xF0 == 0x40 {
        rexW = opcode & 0x08 != 0
        guard let byte = next() else { return nil }
        opcode = byte
      }
      // REX.W wins over 66: a 32-bit immediate.
      let wide = operandSize16 && !rexW ? 2 : 4
      switch opcode {
      case 0xC4, 0xC5, 0x62:
        // VEX (3 or 2 bytes) or EVEX (4 bytes): the map is in the payload,
        // the opcode follows it; VEX.W does not change a length.
        guard let first = next() else { return nil }
        let map = opcode == 0xC5 ? 1 : Int(first & (opcode == 0x62 ? 0x07 : 0x1F))
        for _ in 0..<(opcode == 0xC5 ? 0 : opcode == 0xC4 ? 1 : 2) where next() == nil { return nil }
        guard let vectorOpcode = next() else { return nil }
        // vzeroupper and vzeroall (VEX 0F 77) alone have no ModRM.
        let form = map == 1 && vectorOpcode == 0x77 ? Form.none : X86Instruction.vectorForm(map: map, vectorOpcode)
        return (map, vectorOpcode, form, true)
      case 0x0F:
        guard let second = next() else { return nil }
        guard second == 0x38 || second == 0x3A else {
          return (1, second, X86Instruction.twoByteForm(second, sse4a: operandSize16 || repne), false)
        }
        guard let third = next() else { return nil }
        return second == 0x38 ? (2, third, .modRM(immediate: 0), false) : (3, third, .modRM(immediate: 1), false)
      default:
        return (
          0, opcode, X86Instruction.oneByteForm(opcode, wide: wide, rexW: rexW, addressSize32: addressSize32), false
        )
      }
    }

    /// Steps over ModRM, SIB and displacement where `form` has them.
    /// - Returns: the immediate's byte count, or `nil` past the end.
    mutating func operands(_ form: Form) -> Int? {
      var immediate = 0
      switch form {
      case .none: return 0
      case .immediate(let count): return count
      case .modRM(let count): immediate = count
      case .modRMTest(let count):
        // F6 and F7: only /0 and /1 (test) carry an immediate.
        guard position < end else { return nil }
        immediate = (bytes[position] >> 3) & 7 < 2 ? count : 0
      }
      guard let modRM = next() else { return nil }
      let mode = modRM >> 6, memory = modRM & 7
      guard mode != 3 else { return immediate }
      var displacement = mode == 1 ? 1 : mode == 2 ? 4 : 0
      if memory == 4 {
        guard let sib = next() else { return nil }
        if mode == 0 && sib & 7 == 5 { displacement = 4 }
      } else if mode == 0 && memory == 5 {
        displacement = 4  // RIP-relative
      }
      position += displacement
      return immediate
    }
  }

  /// What follows an opcode: an immediate alone, or a ModRM byte (with its
  /// SIB and displacement) and then an immediate.
  private enum Form {
    case none
    case immediate(Int)
    case modRM(immediate: Int)
    /// F6, F7: ModRM, and the immediate only for /0 and /1.
    case modRMTest(immediate: Int)
  }

  private static let legacyPrefixes: Set<UInt8> = [0xF0, 0xF2, 0xF3, 0x2E, 0x36, 0x3E, 0x26, 0x64, 0x65, 0x66, 0x67]

  /// The one-byte map in 64-bit mode (Intel SDM volume 2, table A-2).
  private static func oneByteForm(_ opcode: UInt8, wide: Int, rexW: Bool, addressSize32: Bool) -> Form {
    switch opcode {
    case 0x00...0x3F:
      // The eight ALU groups: r/m forms, then AL, imm8 and eAX, imm.
      switch opcode & 7 {
      case 0...3: return .modRM(immediate: 0)
      case 4: return .immediate(1)
      case 5: return .immediate(wide)
      default: return .none  // the 64-bit mode's invalid pushes, pops and BCD
      }
    case 0x63, 0x84...0x8F, 0xD0...0xD3, 0xD8...0xDF, 0xFE, 0xFF: return .modRM(immediate: 0)
    case 0x68: return .immediate(wide)
    case 0x69, 0x81, 0xC7: return .modRM(immediate: wide)
    case 0x6A, 0x70...0x7F, 0xA8, 0xB0...0xB7, 0xCD, 0xD4, 0xD5, 0xE0...0xE7, 0xEB: return .immediate(1)
    case 0x6B, 0x80, 0x82, 0x83, 0xC0, 0xC1, 0xC6: return .modRM(immediate: 1)
    case 0xA0...0xA3: return .immediate(addressSize32 ? 4 : 8)  // moffs
    case 0xA9: return .immediate(wide)
    case 0xB8...0xBF: return .immediate(rexW ? 8 : wide)
    case 0xC2, 0xCA: return .immediate(2)
    case 0xC8: return .immediate(3)
    case 0xE8, 0xE9: return .immediate(4)
    case 0xF6: return .modRMTest(immediate: 1)
    case 0xF7: return .modRMTest(immediate: wide)
    default: return .none
    }
  }

  /// The 0F map (Intel SDM volume 2, table A-3); with 66 or F2, 0F 78 is
  /// SSE4a's EXTRQ or INSERTQ, with two imm8s (without, VMREAD).
  private static func twoByteForm(_ opcode: UInt8, sse4a: Bool) -> Form {
    switch opcode {
    case 0x78 where sse4a: return .modRM(immediate: 2)
    case 0x05...0x09, 0x0B, 0x0E, 0x30...0x37, 0x77, 0xA0...0xA2, 0xA8, 0xA9, 0xAA, 0xC8...0xCF: return .none
    case 0x80...0x8F: return .immediate(4)
    case 0x0F, 0x70...0x73, 0xA4, 0xAC, 0xBA, 0xC2, 0xC4...0xC6: return .modRM(immediate: 1)
    default: return .modRM(immediate: 0)
    }
  }

  /// VEX and EVEX instructions: every one has ModRM; the 0F3A map and, in
  /// the 0F map, the shuffles, shifts by immediate, compares and word
  /// inserts and extracts have an imm8.
  private static func vectorForm(map: Int, _ opcode: UInt8) -> Form {
    switch (map, opcode) {
    case (3, _), (1, 0x70...0x73), (1, 0xC2), (1, 0xC4...0xC6): .modRM(immediate: 1)
    default: .modRM(immediate: 0)
    }
  }
}
