/// An array indexed from 0 whose elements all start as `defaultValue`; storage grows to the
/// highest index written. Reads past the end return the default without growing.
struct GrowingArray<Element: Sendable>: Sendable {
  private var storage: [Element] = []
  let defaultValue: Element

  init(default defaultValue: Element) { self.defaultValue = defaultValue }

  subscript(index: Int) -> Element {
    @inline(__always) get { index < storage.count ? storage[index] : defaultValue }
    @inline(__always) set {
      storage.grow(toInclude: index, filling: defaultValue)
      storage[index] = newValue
    }
  }
}
