import Foundation

/// Groups fitted sessions into population segments, deterministically.
///
/// Each session is described by six features of its own fit: ln of the dwell, stroke and drag
/// velocity medians, the fling, reversal and jump fractions (a feature the session could not
/// fit is left out of its distances). Two ways to group:
/// - `named`: each session joins the nearest of the single models (reader, skimmer, flinger,
///   searcher, jumper), by Euclidean distance on features standardised by their standard
///   deviation across those five models' defaults;
/// - `clusters(k)`: k-means on the features standardised across the sessions (z-scores; a
///   missing feature counts as the sessions' mean), k-means++ seeding from a fixed `SplitMix64`
///   seed, 10 restarts, the restart with the least within-cluster sum of squares kept. Each
///   cluster is then named after a distinct model (the assignment of clusters to models that
///   minimises the summed model distances of the cluster means, so k ≤ 5): population segments
///   are named `SCENARIO+MODEL`, and two segments of one scenario need two names.
public enum SessionGrouping: Sendable, Equatable {
  case named
  case clusters(Int)

  /// The single models sessions are named after.
  public static let models: [UserModelName] = UserModelName.behaviours

  /// Per group, in model order: the model that names it and the indexes of its sessions. Empty
  /// groups are left out. Clusters need k ≤ min(5, sessions).
  public func groups(_ fits: [FittedUser]) -> [(model: UserModelName, sessions: [Int])] {
    let features = fits.map(Self.features)
    switch self {
    case .named:
      var members: [UserModelName: [Int]] = [:]
      for (index, feature) in features.enumerated() {
        members[Self.nearestModel(feature), default: []].append(index)
      }
      return Self.models.compactMap { model in members[model].map { (model, $0) } }
    case .clusters(let k):
      let labels = Self.kMeans(features, k: k)
      var groups: [[Int]] = Array(repeating: [], count: k)
      for (index, label) in labels.enumerated() { groups[label].append(index) }
      groups = groups.filter { !$0.isEmpty }
      let names = Self.distinctModels(for: groups.map { Self.mean(of: $0.map { features[$0] }) })
      return zip(names, groups).map { ($0, $1) }.sorted {
        Self.models.firstIndex(of: $0.0)! < Self.models.firstIndex(of: $1.0)!
      }
    }
  }

  // MARK: Features

  typealias Features = [Double?]

  static func features(_ fit: FittedUser) -> Features {
    [
      fit.dwellMs.map { log($0.median) }, fit.strokeMs.map { log($0.median) },
      fit.dragVelocityPtS.map { log($0.median) }, fit.flingFraction, fit.reversalFraction, fit.jumpFraction,
    ]
  }

  static func features(_ behavior: UserBehavior) -> [Double] {
    [
      log(behavior.dwellMs.quantile(0.5)), log(behavior.strokeMs.quantile(0.5)),
      log(behavior.dragVelocityPtS.quantile(0.5)), behavior.flingFraction, behavior.reversalFraction,
      behavior.jumpFraction,
    ]
  }

  static let modelFeatures: [[Double]] = models.map { features(UserBehavior.defaults(for: $0)) }

  /// Standard deviation of each feature across the models' defaults.
  static let modelScales: [Double] = (0..<6).map { column in
    let values = modelFeatures.map { $0[column] }
    let mean = values.reduce(0, +) / Double(values.count)
    let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
    return variance > 0 ? variance.squareRoot() : 1
  }

  /// Squared standardised distance from a session's features to a model's, over the features
  /// the session has.
  static func modelDistance(_ feature: Features, _ model: Int) -> Double {
    var sum = 0.0
    for column in feature.indices {
      guard let value = feature[column] else { continue }
      let z = (value - modelFeatures[model][column]) / modelScales[column]
      sum += z * z
    }
    return sum
  }

  static func nearestModel(_ feature: Features) -> UserModelName {
    let distances = models.indices.map { modelDistance(feature, $0) }
    return models[distances.indices.min { distances[$0] < distances[$1] }!]
  }

  static func mean(of features: [Features]) -> Features {
    (0..<6).map { column in
      let values = features.compactMap { $0[column] }
      return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
  }

  /// The models naming clusters: the injective assignment with the least summed distance
  /// (every ordering of the five models tried: 120 at most).
  static func distinctModels(for centres: [Features]) -> [UserModelName] {
    var best: (cost: Double, choice: [Int])? = nil
    func search(_ chosen: [Int], _ cost: Double) {
      if let best, cost >= best.cost { return }
      if chosen.count == centres.count {
        best = (cost, chosen)
        return
      }
      for model in models.indices where !chosen.contains(model) {
        search(chosen + [model], cost + modelDistance(centres[chosen.count], model))
      }
    }
    search([], 0)
    return best!.choice.map { models[$0] }
  }

  // MARK: k-means

  static func kMeans(_ raw: [Features], k: Int) -> [Int] {
    let points = standardised(raw)
    var random = SplitMix64(seed: 0x5EED_F17)
    var best: (cost: Double, labels: [Int])? = nil
    for _ in 0..<10 {
      var centres = [points[min(points.count - 1, Int(random.nextUnit() * Double(points.count)))]]
      while centres.count < k {
        let weights = points.map { point in centres.map { squared(point, $0) }.min()! }
        let total = weights.reduce(0, +)
        var target = random.nextUnit() * total
        var pick = points.count - 1
        for (index, weight) in weights.enumerated() {
          target -= weight
          if target < 0 {
            pick = index
            break
          }
        }
        centres.append(points[pick])
      }
      var labels = [Int](repeating: -1, count: points.count)
      for _ in 0..<100 {
        let next = points.map { point in
          centres.indices.min { squared(point, centres[$0]) < squared(point, centres[$1]) }!
        }
        if next == labels { break }
        labels = next
        for centre in centres.indices {
          let members = points.indices.filter { labels[$0] == centre }.map { points[$0] }
          guard !members.isEmpty else { continue }
          centres[centre] = members[0].indices.map { c in
            members.reduce(0) { $0 + $1[c] } / Double(members.count)
          }
        }
      }
      let cost = points.indices.reduce(0) { $0 + squared(points[$1], centres[labels[$1]]) }
      if best == nil || cost < best!.cost { best = (cost, labels) }
    }
    return best!.labels
  }

  static func standardised(_ raw: [Features]) -> [[Double]] {
    let columns = (0..<6).map { column -> (mean: Double, scale: Double) in
      let values = raw.compactMap { $0[column] }
      guard !values.isEmpty else { return (0, 0) }
      let mean = values.reduce(0, +) / Double(values.count)
      let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
      return (mean, variance.squareRoot())
    }
    return raw.map { feature in
      columns.indices.map { column in
        let (mean, scale) = columns[column]
        guard scale > 0, let value = feature[column] else { return 0 }
        return (value - mean) / scale
      }
    }
  }

  static func squared(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
  }
}
