/// The starting scenarios `prefetchlab init` writes: complete, commented (`$comment`), and valid.
enum InitTemplates {
  struct Template {
    let name: String
    let summary: String
    let text: String
  }

  static let all = [feedOnLTE, photoGridOn3G, chat, android, carousels]

  static let feedOnLTE = Template(
    name: "feed-lte", summary: "A social feed with images, a skimming user, on LTE (the default).",
    text: """
      {
        "$comment": "A starting scenario written by 'prefetchlab init'. Every key is described in docs/scenario-format.md; 'prefetchlab validate' checks the file.",
        "name": "my-feed-lte",
        "description": "A social feed with images, read by a skimming user on LTE",
        "duration_s": 120,
        "seed": 1,
        "seeds": 10,
        "feed": {
          "$comment": "Pages of 20 items; about two thirds of the rows carry an image.",
          "total_items": 1000,
          "page_size": 20,
          "item_height_pt": { "lognormal": { "median": 300, "sigma": 0.4 } },
          "page_bytes": 24000,
          "media_bytes": { "lognormal": { "median": 60000, "sigma": 0.8 } },
          "media_fraction": 0.7
        },
        "network": {
          "$comment": "Network Link Conditioner's LTE preset, with a jittery round trip.",
          "profile": "lte",
          "rtt_ms": { "lognormal": { "median": 115, "sigma": 0.3 } },
          "timeout_ms": 15000
        },
        "scroll": {
          "$comment": "A synthetic user drawn from the run's seed; try reader, flinger, searcher, jumper or mixed.",
          "physics": "ios",
          "model": "skimmer"
        },
        "strategies": [
          "infinite_scroll",
          { "name": "fixed_threshold", "ratio": 0.7 },
          "directional_ranges"
        ]
      }

      """)

  static let photoGridOn3G = Template(
    name: "photo-grid-3g",
    summary: "A photo grid (rows of thumbnails) flung through on a slow 3G link with an image cache.",
    text: """
      {
        "$comment": "A starting scenario written by 'prefetchlab init'. Every key is described in docs/scenario-format.md; 'prefetchlab validate' checks the file.",
        "name": "my-photo-grid-3g",
        "description": "A grid of photos, three to a row, flung through on 3G",
        "duration_s": 90,
        "seed": 1,
        "seeds": 10,
        "viewport": { "height_pt": 852, "frame_rate_hz": 60 },
        "feed": {
          "$comment": "Each row is one line of three 130 pt thumbnails; its media is the three images together.",
          "total_items": 3000,
          "page_size": 30,
          "initial_page_size": 60,
          "item_height_pt": 130,
          "page_bytes": 18000,
          "media_bytes": { "lognormal": { "median": 45000, "sigma": 0.5 } }
        },
        "network": {
          "$comment": "Network Link Conditioner's 3G preset: 780 kbit/s, 200 ms round trips.",
          "profile": "3g",
          "max_concurrent_requests": 6,
          "timeout_ms": 15000,
          "retry": { "max_attempts": 3 }
        },
        "cache": { "$comment": "AFNetworking's defaults: 100 MiB in memory, 150 MiB on disk.", "memory_bytes": 104857600 },
        "scroll": {
          "physics": "ios",
          "model": "flinger"
        },
        "strategies": [
          "infinite_scroll",
          "target_range",
          "directional_ranges"
        ]
      }

      """)

  static let chat = Template(
    name: "chat",
    summary:
      "A chat that opens on its newest message and loads older pages towards the top as the user reads back.",
    text: """
      {
        "$comment": "A starting scenario written by 'prefetchlab init'. Every key is described in docs/scenario-format.md; 'prefetchlab validate' checks the file.",
        "name": "my-chat",
        "description": "A chat opened on its newest message, read back towards older messages on LTE",
        "duration_s": 90,
        "seed": 1,
        "seeds": 10,
        "feed": {
          "$comment": "opens_at end: item 0 is the newest message and pages are older ones, loaded towards the top; positions are measured up from the newest message. anchor_prepends keeps the viewport still when a page is prepended (maintainVisibleContentPosition); set it to false to see the jumps and chained loads of a list that does not.",
          "total_items": 600,
          "page_size": 30,
          "opens_at": "end",
          "anchor_prepends": true,
          "item_height_pt": { "uniform": { "min": 44, "max": 160 } },
          "page_bytes": 15000
        },
        "network": {
          "$comment": "Network Link Conditioner's LTE preset, with a jittery round trip.",
          "profile": "lte",
          "rtt_ms": { "lognormal": { "median": 115, "sigma": 0.3 } },
          "timeout_ms": 15000
        },
        "scroll": {
          "$comment": "Forward motion (positive velocities) reads older messages, up the screen: slow reading drags, then flings back through the history.",
          "physics": "ios",
          "script": [
            { "repeat": { "count": 6, "script": [
              { "drag": { "velocity_pt_s": 700, "duration_ms": 600 } },
              { "wait": { "duration_ms": 3000 } }
            ] } },
            { "repeat": { "count": 12, "script": [
              { "drag": { "velocity_pt_s": 1500, "duration_ms": 150 } },
              { "fling": { "velocity_pt_s": 3000 } },
              { "wait": { "duration_ms": 800 } }
            ] } }
          ]
        },
        "strategies": [
          "flatlist",
          "paging3",
          "infinite_scroll"
        ]
      }

      """)

  /// Android defaults: a 360 × 780 dp phone, Android's fling, OkHttp's connection limit and
  /// timeouts (square/okhttp `Dispatcher.kt` `maxRequestsPerHost = 5`; `OkHttpClient.kt`
  /// connect, read and write timeouts of 10 s each), Paging 3 with `PagingConfig`'s defaults, and
  /// images from a CDN of their own (`network.media`).
  static let android = Template(
    name: "android",
    summary:
      "An Android feed: Paging 3 with its defaults, 360 x 780 dp, Android fling, OkHttp's limits, images from a CDN.",
    text: """
      {
        "$comment": "A starting scenario written by 'prefetchlab init'. Every key is described in docs/scenario-format.md; 'prefetchlab validate' checks the file. Sizes are in pt, which is dp on Android (and CSS px on the web).",
        "name": "my-android-feed",
        "description": "An Android feed (Paging 3, pages of 30) read by a skimming user on LTE, images from a CDN",
        "duration_s": 120,
        "seed": 1,
        "seeds": 10,
        "viewport": {
          "$comment": "A 360 x 780 dp phone (a common Android size; a judgement). 60 Hz: many Android phones run at 90 or 120 Hz, set frame_rate_hz to match yours.",
          "height_pt": 780,
          "frame_rate_hz": 60
        },
        "feed": {
          "$comment": "Pages of 30 cards of about 300 dp, each with one image of about 80 KB. Paging 3's first load asks for 3 pages (PagingConfig's initialLoadSize), set on the strategy.",
          "total_items": 1500,
          "page_size": 30,
          "item_height_pt": { "lognormal": { "median": 300, "sigma": 0.2 } },
          "page_bytes": 36000,
          "media_bytes": { "lognormal": { "median": 80000, "sigma": 0.5 } },
          "media_fraction": 1
        },
        "network": {
          "$comment": "The API on LTE with a long tail (p50 180 ms, p95 600 ms). OkHttp's Dispatcher runs at most 5 requests per host (maxRequestsPerHost) and times out after 10 s (connect, read and write timeouts; the model has one timeout per attempt). Replace these with 'prefetchlab import har' on your own traffic.",
          "profile": "lte",
          "rtt_ms": { "lognormal": { "p50": 180, "p95": 600 } },
          "max_concurrent_requests": 5,
          "timeout_ms": 10000,
          "media": {
            "$comment": "Images come from a CDN: their own round trip, link and 5 connections (OkHttp's per-host limit again). Set shared_link to true when one host serves both.",
            "rtt_ms": { "lognormal": { "p50": 40, "p95": 120 } },
            "max_concurrent_requests": 5,
            "timeout_ms": 10000
          }
        },
        "scroll": {
          "$comment": "A synthetic user drawn from the run's seed, with Android's OverScroller fling; try reader, flinger, searcher, jumper or mixed.",
          "physics": "android",
          "model": "skimmer"
        },
        "strategies": [
          { "$comment": "PagingConfig's defaults: prefetchDistance = pageSize, initialLoadSize = 3 pages, placeholders on, maxSize unbounded.", "name": "paging3" },
          { "name": "paging3", "prefetch_distance": 60 },
          "recyclerview",
          "infinite_scroll"
        ]
      }

      """)

  /// An app-store style feed of shelves: a vertical list whose rows are mostly horizontal
  /// carousels (`feed.carousel`), a skimming user who swipes a shelf at one stop in four, and
  /// the strategies whose nested-list prefetching differs: RecyclerView's
  /// `setInitialPrefetchItemCount` (2 by default in LinearLayoutManager) and Compose's LazyRow.
  static let carousels = Template(
    name: "carousels",
    summary:
      "A feed of horizontal carousels (an app store's shelves) on LTE, a skimmer who swipes, RecyclerView's nested prefetch.",
    text: """
      {
        "$comment": "A starting scenario written by 'prefetchlab init'. Every key is described in docs/scenario-format.md; 'prefetchlab validate' checks the file. Sizes are in pt, which is dp on Android (and CSS px on the web).",
        "name": "my-carousel-feed",
        "description": "A feed of shelves on LTE: about two rows in three are horizontal carousels of 12 cards, the others editorial rows with one image; a skimming user who swipes a shelf at one stop in four",
        "duration_s": 90,
        "seed": 1,
        "seeds": 10,
        "viewport": {
          "$comment": "A phone's screen height in pt (dp); set yours.",
          "height_pt": 780,
          "frame_rate_hz": 60
        },
        "feed": {
          "$comment": "Rows of 200 to 360 pt with one image each; row_fraction of them are carousels instead.",
          "total_items": 1000,
          "page_size": 20,
          "item_height_pt": { "uniform": { "min": 200, "max": 360 } },
          "page_bytes": 24000,
          "media_bytes": { "lognormal": { "median": 60000, "sigma": 0.5 } },
          "carousel": {
            "$comment": "12 cards of 150 pt in a 393 pt wide row: two and a half show, the half card inviting a swipe. Each card has an image of about 40 kB.",
            "row_fraction": 0.65,
            "sub_items": 12,
            "sub_item_width_pt": 150,
            "visible_width_pt": 393,
            "row_height_pt": 230,
            "media_bytes": { "lognormal": { "median": 40000, "sigma": 0.4 } }
          }
        },
        "network": {
          "$comment": "LTE-like round trips (median 70 ms) on a 12 Mbit/s link. Replace these with 'prefetchlab import har' on your own traffic.",
          "rtt_ms": { "lognormal": { "median": 70, "sigma": 0.3 } },
          "bandwidth_kbps": 12000
        },
        "scroll": {
          "$comment": "A synthetic skimmer with Android's fling; at one stop in four (swipe_fraction) the user first swipes the shelf on screen (swipe_distance_pt sets how far).",
          "physics": "android",
          "model": "skimmer",
          "swipe_fraction": 0.25
        },
        "strategies": [
          { "$comment": "RecyclerView with LinearLayoutManager's default nested prefetch: 2 cards of a carousel row it prefetches.", "name": "recyclerview" },
          { "$comment": "The same with 4 cards: less blank on a swipe, more data that may never show. 'prefetchlab recommend' names the cost.", "name": "recyclerview", "initial_prefetch_item_count": 4 },
          "compose_paging",
          "infinite_scroll",
          "oracle"
        ]
      }

      """)
}
