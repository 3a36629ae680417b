//! RULES.md ch. 2: SplitMix64 and the shuffle against the vectors both
//! engines share (`tests/fixtures/rng.json`; `tests/test_rng.py` checks the
//! Python generator against the same file).

use cardavia_core::cards::{ATLASNYE, SCHNAPSEN};
use cardavia_core::rng::{shuffle, SplitMix64};
use serde_json::Value;

#[test]
fn generator_and_shuffle_match_the_shared_fixture() {
    let fixture: Value =
        serde_json::from_str(include_str!("../../../tests/fixtures/rng.json")).unwrap();
    let cases = fixture["seeds"].as_array().unwrap();
    assert!(cases.len() >= 5);
    for case in cases {
        let seed = case["seed"].as_u64().unwrap();
        let outputs: Vec<u64> = case["outputs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect();
        let mut rng = SplitMix64::new(seed);
        let made: Vec<u64> = outputs.iter().map(|_| rng.next()).collect();
        assert_eq!(made, outputs, "seed {seed}");
        for (deck, key) in [(ATLASNYE, "atlasnye"), (SCHNAPSEN, "schnapsen")] {
            let mut order: Vec<u8> = (0..deck.len() as u8).collect();
            shuffle(&mut order, &mut SplitMix64::new(seed));
            let names: Vec<Value> = order
                .iter()
                .map(|&c| Value::from(deck.name_of(c)))
                .collect();
            assert_eq!(Value::from(names), case[key], "seed {seed}, {key}");
        }
    }
}
