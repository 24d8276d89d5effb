import Foundation
import Testing

@testable import PrefetchLabCLI

/// What `StandardTerminal` hands to stdout and stderr is exactly the text's UTF-8.
@Suite struct StandardTerminalTests {
  @Test(arguments: [
    "", "a", "scenario  strategy\n", "héllo\u{301} 😀\r\n", String(repeating: "x,y\n", count: 5000),
  ])
  func bytesAreTheTextsUTF8(text: String) {
    #expect(StandardTerminal.data(text) == Data(text.utf8))
    #expect(StandardTerminal.data(text).count == text.utf8.count)
  }
}
