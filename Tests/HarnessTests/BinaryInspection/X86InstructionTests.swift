@testable import BinaryInspection
import Foundation
import TestSupport
import Testing

/// `X86Instruction`: each instruction's length and direct branch, against
/// the GNU assembler's encodings (the bytes below are `as` output, the
/// lengths objdump's), and against objdump on the whole release binary.
@Suite struct X86InstructionTests {
  /// Encodings of every form the decoder reads: prefixes, REX, the one-byte
  /// map's immediates (16-, 32- and 64-bit, moffs, F6/F7's test forms),
  /// ModRM with SIB, displacements and RIP, the 0F, 0F38 and 0F3A maps,
  /// VEX (2 and 3 bytes, vzeroupper without ModRM) and EVEX.
  static let encodings: [(instruction: String, bytes: [UInt8])] = [
    ("ret", [0xC3]),
    ("push rbp", [0x55]),
    ("mov rbp, rsp", [0x48, 0x89, 0xE5]),
    ("endbr64", [0xF3, 0x0F, 0x1E, 0xFA]),
    ("nopw (%rax,%rax,1)", [0x66, 0x0F, 0x1F, 0x04, 0x00]),
    ("lea 0x0(,%rax,4), %rcx", [0x48, 0x8D, 0x0C, 0x85, 0, 0, 0, 0]),
    ("mov 0x0(%r13), %eax", [0x41, 0x8B, 0x45, 0x00]),
    ("mov 0x12345678, %eax", [0x8B, 0x04, 0x25, 0x78, 0x56, 0x34, 0x12]),
    ("mov %fs:0x28, %rax", [0x64, 0x48, 0x8B, 0x04, 0x25, 0x28, 0, 0, 0]),
    ("mov $0x1234, %ax", [0x66, 0xB8, 0x34, 0x12]),
    ("movabs $imm64, %rax", [0x48, 0xB8, 0xF0, 0xDE, 0xBC, 0x9A, 0x78, 0x56, 0x34, 0x12]),
    ("movabs moffs64, %al", [0xA0, 0xF0, 0xDE, 0xBC, 0x9A, 0x78, 0x56, 0x34, 0x12]),
    ("addw $0x1234, (%rax)", [0x66, 0x81, 0x00, 0x34, 0x12]),
    ("testw $0x1234, (%rax)", [0x66, 0xF7, 0x00, 0x34, 0x12]),
    ("notq (%rax)", [0x48, 0xF7, 0x10]),
    ("testl $imm32, 0x10(%rsp,%rcx,4)", [0xF7, 0x44, 0x8C, 0x10, 0x78, 0x56, 0x34, 0x12]),
    ("imul $0x1234, %eax, %ebx", [0x69, 0xD8, 0x34, 0x12, 0, 0]),
    ("imul $12, %eax, %ebx", [0x6B, 0xD8, 0x0C]),
    ("lock cmpxchg16b (%rdi)", [0xF0, 0x48, 0x0F, 0xC7, 0x0F]),
    ("enter $16, $0", [0xC8, 0x10, 0, 0]),
    ("ret $8", [0xC2, 0x08, 0]),
    ("bt $3, %eax", [0x0F, 0xBA, 0xE0, 0x03]),
    ("crc32 %rax, %rbx", [0xF2, 0x48, 0x0F, 0x38, 0xF1, 0xD8]),
    ("palignr $4, %xmm1, %xmm2", [0x66, 0x0F, 0x3A, 0x0F, 0xD1, 0x04]),
    ("vzeroupper", [0xC5, 0xF8, 0x77]),
    ("vpshufd $0x1b, 0x40(%rax,%rbx,8), %ymm2", [0xC5, 0xFD, 0x70, 0x54, 0xD8, 0x40, 0x1B]),
    ("vpermq $0x4e, %ymm1, %ymm2", [0xC4, 0xE3, 0xFD, 0x00, 0xD1, 0x4E]),
    ("vfmadd231ps (%rax), %ymm1, %ymm2", [0xC4, 0xE2, 0x75, 0xB8, 0x10]),
    ("vpternlogd $0xff, %zmm1, %zmm2, %zmm3", [0x62, 0xF3, 0x6D, 0x48, 0x25, 0xD9, 0xFF]),
    ("vpaddd 0x100(%rip), %zmm1, %zmm2", [0x62, 0xF1, 0x75, 0x48, 0xFE, 0x15, 0x00, 0x01, 0, 0]),
    ("testb $0x12, (%rax)", [0xF6, 0x00, 0x12]),
    ("addr32 mov 0x12345678, %al", [0x67, 0xA0, 0x78, 0x56, 0x34, 0x12]),
    ("push $0x12345678", [0x68, 0x78, 0x56, 0x34, 0x12]),
    ("pushw $0x1234", [0x66, 0x68, 0x34, 0x12]),
    ("pfadd %mm1, %mm0 (3DNow!)", [0x0F, 0x0F, 0xC1, 0x9E]),
    ("extrq $1, $2, %xmm0 (SSE4a)", [0x66, 0x0F, 0x78, 0xC0, 0x02, 0x01]),
    ("insertq $1, $2, %xmm1, %xmm0 (SSE4a)", [0xF2, 0x0F, 0x78, 0xC1, 0x02, 0x01]),
    ("vmread %rax, %rbx", [0x0F, 0x78, 0xC3]),
    ("data16 add $0x12345678, %rax (REX.W wins over 66)", [0x66, 0x48, 0x81, 0xC0, 0x78, 0x56, 0x34, 0x12]),
  ]

  @Test(arguments: encodings)
  func readsTheLengthTheAssemblerWrote(instruction: String, bytes: [UInt8]) throws {
    // Followed by other bytes, as in a function, which must not be read.
    let code = bytes + [0xE8, 0, 0, 0, 0]
    let decoded = try #require(X86Instruction(code, at: 0, end: code.count), "\(instruction)")
    #expect(decoded.length == bytes.count, "\(instruction)")
    #expect(decoded.branch == nil, "\(instruction)")
  }

  @Test func readsDirectBranchesAndTheirDisplacements() {
    typealias Branch = X86Instruction.Branch
    func read(_ bytes: [UInt8]) -> (length: Int, branch: Branch?)? {
      X86Instruction(bytes, at: 0, end: bytes.count).map { ($0.length, $0.branch) }
    }
    let cases: [(bytes: [UInt8], length: Int, branch: Branch?)] = [
      ([0xE8, 0x0B, 0, 0, 0], 5, .call(displacement: 11)),
      ([0xE9, 0xF3, 0xFF, 0xFF, 0xFF], 5, .jump(displacement: -13)),
      ([0xEB, 0x09], 2, .jump(displacement: 9)),
      ([0x75, 0xAE], 2, .conditionalJump(displacement: -82)),
      ([0x0F, 0x85, 0x10, 0, 0, 0], 6, .conditionalJump(displacement: 16)),
      // The general-dynamic TLS call (data16 data16 rex.W call) and lld's
      // relaxed call (addr32 call): calls.
      ([0x66, 0x66, 0x48, 0xE8, 0x10, 0, 0, 0], 8, .call(displacement: 16)),
      ([0x67, 0xE8, 0x10, 0, 0, 0], 6, .call(displacement: 16)),
      // An indirect call (through a register) has no target to read, nor a
      // VEX opcode of a conditional jump's value.
      ([0xFF, 0xD0], 2, nil),
      ([0xC4, 0xE1, 0x78, 0x85, 0xC0], 5, nil),
    ]
    for expected in cases {
      let decoded = read(expected.bytes)
      #expect(decoded?.length == expected.length, "\(expected.bytes)")
      #expect(decoded?.branch == expected.branch, "\(expected.bytes)")
    }
  }

  @Test func anInstructionRunningPastTheEndIsNotRead() {
    #expect(X86Instruction([0xE8, 0, 0], at: 0, end: 3) == nil)
    #expect(X86Instruction([0x48, 0xB8, 1, 2, 3, 4, 5, 6, 7, 8], at: 0, end: 9) == nil)
    #expect(X86Instruction([0x66, 0x66], at: 0, end: 2) == nil)
    #expect(X86Instruction([], at: 0, end: 0) == nil)
  }

  static func hexDigit(_ byte: UInt8) -> UInt64? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
    default: nil
    }
  }

  /// Every function of the release binary, read an instruction at a time
  /// from its first byte, starts each instruction where objdump does.
  @Test(
    .enabled(if: BuildUnderTest.hasCurrentRelease, Comment(rawValue: BuildUnderTest.needsRelease)),
    .enabled(if: ExternalTools.hasObjdump, "needs objdump (binutils; CI installs it)"))
  func agreesWithObjdumpOnTheReleaseBinary() throws {
    let binary = BuildUnderTest.releaseExecutable
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: binary)))
    let functions = try #require(ELFFunctions.read(bytes))
    let result = try Subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary], program: "/usr/bin/env")
    try #require(result.status == 0, "\(result.standardError)")
    // Each instruction's line: spaces, its address in hex, a colon. Read as
    // bytes: a million lines split as strings took most of the test's time.
    var theirs = Set<UInt64>()
    var text = result.standardOutput
    text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        var address: UInt64 = 0, digits = 0, position = index
        if bytes[position] == UInt8(ascii: " ") {
          while position < bytes.count && bytes[position] == UInt8(ascii: " ") { position += 1 }
          while position < bytes.count, let digit = Self.hexDigit(bytes[position]) {
            address = address << 4 | digit
            digits += 1
            position += 1
          }
          if digits > 0 && position < bytes.count && bytes[position] == UInt8(ascii: ":") { theirs.insert(address) }
        }
        while position < bytes.count && bytes[position] != UInt8(ascii: "\n") { position += 1 }
        index = position + 1
      }
    }
    // Both ways: each instruction read starts one of objdump's, and a
    // function holds as many of objdump's as were read (an instruction read
    // too long would swallow the next).
    let sorted = theirs.sorted()
    func objdumpCount(from start: UInt64, to end: UInt64) -> Int {
      func firstIndex(atLeast value: UInt64) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
          let middle = (low + high) / 2
          if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
      }
      return firstIndex(atLeast: end) - firstIndex(atLeast: start)
    }
    var read = 0
    var disagreements: [String] = []
    for function in functions {
      var position = function.offset
      let end = function.offset + Int(function.size)
      let readBefore = read
      defer {
        let theirCount = objdumpCount(from: function.address, to: function.address + function.size)
        if read - readBefore != theirCount && disagreements.count < 10 {
          disagreements.append("\(function.name): \(read - readBefore) instructions read, objdump \(theirCount)")
        }
      }
      while position < end {
        let address = function.address + UInt64(position - function.offset)
        if !theirs.contains(address) && disagreements.count < 5 {
          disagreements.append("\(function.name) + \(position - function.offset)")
        }
        guard let instruction = X86Instruction(bytes, at: position, end: end) else {
          disagreements.append("\(function.name) + \(position - function.offset): not read")
          break
        }
        position += instruction.length
        read += 1
      }
    }
    #expect(read > 100_000, "\(read) instructions read")
    #expect(disagreements.isEmpty, "instructions objdump does not start: \(disagreements)")
  }
}
