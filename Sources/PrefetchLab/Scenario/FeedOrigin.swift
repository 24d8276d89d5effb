/// Where a feed opens and which way it grows (`feed.opens_at`).
///
/// `.end` is a chat: it opens on its newest message at the bottom, and "load older" prepends
/// pages above. The engine simulates it mirrored, which is how React Native's inverted `FlatList`
/// draws one: item 0 is the newest message, pages are older messages, and every position the
/// engine reports (offsets, content edge, the timeline) is measured up from the bottom of the
/// content; a scroll script's forward motion ("down", positive velocities) moves towards older
/// messages, up the screen. Prepending with the scroll position anchored (`feed.anchor_prepends`,
/// what `maintainVisibleContentPosition` or a contentOffset fix-up gives) is then exactly an
/// append; without the anchor every prepended page pushes the viewport by its height towards the
/// older messages, so a user at the top sees the new page's top and can chain loads back to the
/// first message.
public enum FeedOrigin: String, Sendable, Equatable, CaseIterable {
  /// A feed: opens at its first item, grows downwards (the default).
  case start
  /// A chat: opens at its newest item, older pages load towards the top.
  case end
}
