import Testing

@testable import PrefetchLab

/// Each radio preset's energy on one fixed transfer pattern, computed by hand from the preset's
/// figures: requests hold a connection over 0–1 s, 3–4 s and 15–16 s, 1 000 000 bytes
/// (8 Mbit) are received in all, and the run ends at 16 s (the last tail is counted in full).
/// The gaps exercise every path: 2 s (inside every first tail stage), 11 s (past LTE's 10.12 s ARO
/// tail and 3G's 8.91 s Huang tails, inside Huang LTE's 11.576 s tail and ARO 3G's FACH stage).
@Suite struct RadioPresetTests {
  static func energyJoules(_ model: RadioPowerModel) -> Double {
    var radio = RadioStateMachine(model: model)
    for (start, end) in [(0, 1), (3, 4), (15, 16)] as [(Int64, Int64)] {
      radio.setBusy(true, atUs: start * 1_000_000)
      radio.setBusy(false, atUs: end * 1_000_000)
    }
    radio.finish(atUs: 16_000_000)
    return radio.energyJoules(downloadedBytes: 1_000_000)
  }

  /// Huang LTE (mJ): promotion 0.2601 × 1210.7 = 314.903; connected 0.7399 × 1288.04 = 953.021;
  /// tail 2 × 1060 = 2120; connected 1288.04; 11 s of tail (within 11.576) 11 660; connected
  /// 1288.04; full tail 11.576 × 1060 = 12 270.56; data 8 × 51.97 = 415.76. Total 30.310324 J.
  @Test func huang2012LTE() {
    #expect(abs(Self.energyJoules(.huang2012LTE) - 30.310324) < 1e-6)
  }

  /// ARO LTE (mJ): promotion 0.26 × 1210 = 314.6; connected 0.74 × 1200 = 888; tail 2120;
  /// connected 1200; the 11 s gap outlasts the 10.12 s tail: 10.12 × 1060 = 10 727.2, then a second
  /// promotion 314.6 and 0.74 s connected 888; full tail 10 727.2; data 415.76. Total 27.59536 J.
  @Test func aroLTE() {
    #expect(abs(Self.energyJoules(.aroLTE) - 27.59536) < 1e-6)
  }

  /// Huang 3G (mJ): promotion 0.5821 × 659.4 = 383.837; connected 0.4179 × 817.88 = 341.792; DCH
  /// tail 2 × 803.9 = 1607.8; connected 817.88; the 11 s gap outlasts both tails (8.9124 s):
  /// 8.0882 × 803.9 + 0.8242 × 601.3 = 6997.695, then promotion 383.837 and 341.792 connected;
  /// both tails again 6997.695; data 8 × 122.12 = 976.96. Total 18.849288 J.
  @Test func huang2012ThreeG() {
    #expect(abs(Self.energyJoules(.huang2012ThreeG) - 18.849288) < 1e-6)
  }

  /// ARO 3G (mJ): the 2 s promotion at 0.53 W (1060) outlasts the first request, so the DCH tail
  /// starts at 2 s and the second request finds it 1 s in (700); connected 700; 11 s of tail is
  /// 5 s of DCH (3500) and 6 s of FACH (2100), so the third request pays the FACH → DCH promotion,
  /// 1.5 s at 0.55 W (825), which outlasts it too; then both tails in full from 16.5 s,
  /// 5 × 700 + 12 × 350 = 7700; no data term. Total 16.585 J.
  @Test func aroThreeG() {
    #expect(abs(Self.energyJoules(.aroThreeG) - 16.585) < 1e-9)
  }

  /// `radio.profile` picks the measurement; the model picks the technology.
  @Test func profilesSelectThePresets() throws {
    #expect(RadioSpec().power == .huang2012LTE)
    #expect(RadioSpec(model: .threeG).power == .huang2012ThreeG)
    #expect(RadioSpec(model: .lte, profile: .aro).power == .aroLTE)
    #expect(RadioSpec(model: .threeG, profile: .aro).power == .aroThreeG)
    #expect(RadioSpec(model: .none, profile: .aro).power == nil)
    let loaded = try ScenarioFixture.load(
      ScenarioFixture.text([("radio", #"{"model": "3g", "profile": "aro"}"#)]))
    #expect(loaded.radio == RadioSpec(model: .threeG, profile: .aro))
    let error = ScenarioFixture.error(ScenarioFixture.text([("radio", #"{"profile": "att"}"#)]))
    #expect(error?.contains("radio.profile") == true)
    #expect(error?.contains("huang2012") == true)
  }
}
