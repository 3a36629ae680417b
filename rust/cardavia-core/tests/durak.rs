//! Classic Durak (RULES.md chapters 2 and 3) on explicit decks, mirroring
//! `tests/test_rules_durak.py`; the state dict and its checks; and
//! properties of random games of both Durak variants. The transfer rules of
//! chapter 4 are in `perevodnoy.rs`.
//!
//! End-of-deal positions are reached by real play: the decks and two-bout
//! scripts below are what `tests/helpers.py::durak_endgame` finds, so both
//! test suites start from the same positions.

use cardavia_core::cards::{bit, cards, count, CardSet, ATLASNYE};
use cardavia_core::durak::{Durak, DurakMove, DurakRules};
use cardavia_core::game::{legal_move_names, Game, MoveList, Outcome, Record, State};
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::rng::{shuffle, SplitMix64};
use cardavia_core::session::Session;
use proptest::prelude::*;
use serde_json::{json, Value};

mod common;
use common::{all_cards, durak_deck, fault, illegal, legal, new, play, state, words};

// Trump D (7D turned up). Seat 0 holds the lowest trump 6D and attacks.
const MID_HAND0: &str = "6S 6H 6C 6D 9D TD";
const MID_HAND1: &str = "9S TH JC AS AH AC";
const MID_STOCK: &str = "KS KH KC QS QH QC";

fn mid_game() -> Session<Durak> {
    new(&durak_deck(MID_HAND0, MID_HAND1, "7D", MID_STOCK))
}

/// A position reached by two scripted bouts that empty the stock.
fn endgame<G: State>(deck: &str, script: &str) -> Session<G> {
    let mut game = new(&words(deck));
    play(&mut game, script);
    let s = state(&game);
    assert_eq!(s["stock"], json!([]));
    assert_eq!(s["attacker"], 0);
    game
}

// Final hands 7H 9S 9H 9D TS 6C / 8H JS JD KD AS AH, trump C.
const LIMIT_DECK: &str = "6H 6D 6S 7C 8D 8S JH 7D 7S 8C TD QS 6C QH AD JC KC 9C AC TH QD TC QC \
    KH KS 8H JS JD KD AS AH 7H 9S 9H 9D TS";
const LIMIT_SCRIPT: &str = "attack:6H defend:JH attack:6D defend:7D attack:6S defend:7S \
    attack:7C defend:8C attack:8D defend:TD attack:8S defend:QS stop attack:TH defend:QH \
    attack:QD defend:AD attack:TC defend:JC attack:QC defend:KC attack:KH defend:9C \
    attack:KS defend:AC stop";

// Final hands 6H 7D 8S 9H TD 6C / 7H 8D 9S TH JD 7C, trump C.
const DRAW_DECK: &str = "6D 6S 9C TS JH QD 9D 7S TC JS QH KD 6C KH AS 8C QC JC AC 8H KS AD AH \
    QS KC 7H 8D 9S TH JD 7C 6H 7D 8S 9H TD";
const DRAW_SCRIPT: &str = "attack:6D defend:9D attack:6S defend:7S attack:9C defend:TC \
    attack:TS defend:JS attack:JH defend:QH attack:QD defend:KD stop attack:8H defend:KH \
    attack:KS defend:AS attack:AD defend:8C attack:AH defend:QC attack:QS defend:JC \
    attack:KC defend:AC stop";
const DRAW_LINE: &str = "attack:6H defend:7H attack:7D defend:8D attack:8S defend:9S \
    attack:9H defend:TH attack:TD defend:JD attack:6C defend:7C stop";

fn draw_endgame<G: State>() -> Session<G> {
    endgame(DRAW_DECK, DRAW_SCRIPT)
}

fn first_words(text: &str, n: usize) -> String {
    text.split_whitespace()
        .take(n)
        .collect::<Vec<_>>()
        .join(" ")
}

// Three bouts of beaten attacks that run the stock out (trump C, AC turned up).
const REFILL_HAND0: &str = "6S 7H 8D 9S TH JD";
const REFILL_HAND1: &str = "7S 8H 9D TS JH QD";
const REFILL_STOCK: &str = "9H 7D 8C JS KH TC 6H 6D 7C 8S KS 9C AH AD 6C QS KD AS TD JC QH QC KC";
const REFILL_BOUTS: [&str; 3] = [
    "attack:6S defend:7S attack:7H defend:8H attack:8D defend:9D \
     attack:9S defend:TS attack:TH defend:JH attack:JD defend:QD stop",
    "attack:6H defend:9H attack:6D defend:7D attack:7C defend:8C attack:8S defend:JS stop",
    "attack:KH defend:AH attack:KD defend:AD attack:AS defend:6C stop",
];

fn refill_game<G: State>() -> Session<G> {
    new(&durak_deck(REFILL_HAND0, REFILL_HAND1, "AC", REFILL_STOCK))
}

// ---------------------------------------------------------------- chapter 2

#[test]
fn seeded_deals_match_the_shared_fixture() {
    let fixture: Value =
        serde_json::from_str(include_str!("../../../tests/fixtures/rng.json")).unwrap();
    let cases = fixture["seeds"].as_array().unwrap();
    assert!(!cases.is_empty());
    for case in cases {
        let seed = case["seed"].as_u64().unwrap();
        let deck = &case["atlasnye"];
        for s in [
            state(&Session::<Durak>::new(Some(seed), None).unwrap()),
            state(&Session::<Perevodnoy>::new(Some(seed), None).unwrap()),
        ] {
            assert_eq!(&s["deck"], deck);
            assert_eq!(s["seed"], seed);
            assert_eq!(s["trump_card"], deck[12]);
            let deck = deck.as_array().unwrap();
            let mut stock = deck[13..].to_vec();
            stock.push(deck[12].clone());
            assert_eq!(s["stock"], Value::Array(stock));
        }
    }
}

#[test]
fn explicit_deck_is_dealt_top_first() {
    let mut deck = all_cards();
    deck.reverse();
    let s = state(&new::<Durak>(&deck));
    assert_eq!(s["hands"][0], json!(["9C", "TC", "JC", "QC", "KC", "AC"]));
    assert_eq!(s["hands"][1], json!(["QD", "KD", "AD", "6C", "7C", "8C"]));
    assert_eq!(s["trump_card"], "JD");
    let stock = s["stock"].as_array().unwrap();
    assert_eq!(stock[..3], [json!("TD"), json!("9D"), json!("8D")]);
    assert_eq!(stock[22..], [json!("6S"), json!("JD")]);
    assert_eq!(s["attacker"], 1, "seat 1 holds the only trumps");
}

#[test]
fn moves_only_in_canonical_spelling() {
    let mut game = mid_game();
    for mv in [
        "attack:6s",
        "Attack:6S",
        "attack: 6S",
        "attack:6♠",
        "attack:06S",
        "ATTACK:6S",
        "6S",
        "transfer:6S",
    ] {
        let (_, legal_then) = illegal(&mut game, mv);
        assert_eq!(legal_then, legal(&game));
    }
    play(&mut game, "attack:6S");
}

#[test]
fn move_names_round_trip() {
    for card in 0..36 {
        for mv in [
            DurakMove::Attack(card),
            DurakMove::Defend(card),
            DurakMove::Transfer(card),
        ] {
            assert_eq!(Perevodnoy::parse_move(&Perevodnoy::move_name(mv)), Some(mv));
        }
        // Classic Durak does not even spell a transfer.
        assert_eq!(
            Durak::parse_move(&Durak::move_name(DurakMove::Transfer(card))),
            None
        );
    }
    for mv in [DurakMove::Take, DurakMove::Stop] {
        assert_eq!(Durak::parse_move(&Durak::move_name(mv)), Some(mv));
    }
    assert_eq!(Durak::parse_move("attack:1S"), None);
    assert_eq!(Durak::parse_move("stop "), None);
}

// ------------------------------------------------------------ chapter 3 setup

fn setup_hands_trump_and_stock<G: State>() {
    let deck = durak_deck(MID_HAND0, MID_HAND1, "7D", "KS KH KC QS QH QC 8S");
    let game = new::<G>(&deck);
    let s = state(&game);
    assert_eq!(
        s["hands"],
        json!([
            ["6S", "6H", "6D", "9D", "TD", "6C"],
            ["9S", "AS", "TH", "AH", "JC", "AC"]
        ])
    );
    assert_eq!(s["trump_card"], "7D");
    let mut stock = deck[13..].to_vec();
    stock.push("7D".to_owned());
    assert_eq!(s["stock"], json!(stock));
    assert_eq!(s["table"], json!([]));
    assert_eq!(s["discard"], json!([]));
    assert_eq!(s["known"], json!([[], []]));
    assert_eq!(s["limit"], 6);
    assert_eq!(s["idle_bouts"], 0);
    assert_eq!(s["outcome"], Value::Null);
    for seat in 0..2 {
        let o = game.observation(seat);
        assert_eq!(o["trump"], "D");
        assert_eq!(o["trump_card"], "7D");
        assert_eq!(o["stock_size"], 24);
        assert_eq!(o["hand_sizes"], json!([6, 6]));
    }
}

#[test]
fn setup_hands_trump_and_stock_both() {
    setup_hands_trump_and_stock::<Durak>();
    setup_hands_trump_and_stock::<Perevodnoy>();
}

fn trump_card_public_until_drawn_then_known<G: State>() {
    let mut game = refill_game::<G>();
    for seat in 0..2 {
        assert_eq!(game.observation(seat)["trump_card"], "AC");
    }
    for bout in REFILL_BOUTS {
        play(&mut game, bout);
    }
    let s = state(&game);
    assert_eq!(s["stock"], json!([]));
    assert_eq!(s["known"], json!([[], ["AC"]]));
    assert_eq!(game.observation(0)["known"][1], json!(["AC"]));
}

#[test]
fn trump_card_public_until_drawn_then_known_both() {
    trump_card_public_until_drawn_then_known::<Durak>();
    trump_card_public_until_drawn_then_known::<Perevodnoy>();
}

fn first_attacker<G: State>() {
    let cases = [
        // Trump H: seat 1 holds 6H, the lowest trump.
        ("7H 8S 9S TS JS QS", "6H 8D 9D TD JD QD", "AH", 1),
        // Seat 0 holds 6H below seat 1's 7H.
        ("6H 8S 9S TS JS QS", "7H 8D 9D TD JD QD", "AH", 0),
        // No trump in either hand: seat 0.
        ("6S 7S 8S 9S TS JS", "6D 7D 8D 9D TD JD", "6H", 0),
        // Only seat 1 holds a trump, a high one.
        ("6S 7S 8S 9S TS JS", "KH 7D 8D 9D TD JD", "6H", 1),
        // Trump C: seat 1's 9C is below seat 0's TC and AC.
        ("TC AC 8S 9S TS JS", "9C 7D 8D 9D TD JD", "6C", 1),
    ];
    for (hand0, hand1, trump, first) in cases {
        let game = new::<G>(&durak_deck(hand0, hand1, trump, ""));
        assert_eq!(state(&game)["attacker"], first);
        assert_eq!(game.game.current_player(), Some(first));
        let hand = if first == 0 { hand0 } else { hand1 };
        let mut expected: Vec<String> = words(hand).iter().map(|c| format!("attack:{c}")).collect();
        expected.sort_unstable();
        assert_eq!(legal(&game), expected);
    }
}

#[test]
fn first_attacker_both() {
    first_attacker::<Durak>();
    first_attacker::<Perevodnoy>();
}

// ------------------------------------------------------------------- beating

// Trump H (6H turned up); seat 1 holds 7H, the lowest trump in the hands.
const BEAT_HAND0: &str = "7S TS 8H 9D KC AC";
const BEAT_HAND1: &str = "9S 7H JD QD KD JS";

#[test]
fn beating_a_plain_card() {
    let mut game = new::<Durak>(&durak_deck(BEAT_HAND0, BEAT_HAND1, "6H", ""));
    assert_eq!(game.game.current_player(), Some(1));
    play(&mut game, "attack:9S");
    // TS (same suit, higher) or 8H (a trump); following suit is not required.
    assert_eq!(game.game.current_player(), Some(0));
    assert_eq!(legal(&game), words("defend:8H defend:TS take"));
    play(&mut game, "defend:8H");
    assert_eq!(state(&game)["table"], json!([["9S", "8H"]]));
}

#[test]
fn beating_a_trump() {
    let mut game = new::<Durak>(&durak_deck(BEAT_HAND0, BEAT_HAND1, "6H", ""));
    play(&mut game, "attack:7H");
    // Only the higher trump; TS and AC are higher cards but not trumps.
    assert_eq!(legal(&game), words("defend:8H take"));
    illegal(&mut game, "defend:AC");
}

// --------------------------------------------------------------------- bouts

#[test]
fn attacker_must_open() {
    let mut game = mid_game();
    assert_eq!(game.game.current_player(), Some(0));
    assert_eq!(
        legal(&game),
        words("attack:6C attack:6D attack:6H attack:6S attack:9D attack:TD")
    );
    for mv in ["stop", "take", "defend:9S", "attack:9S", "transfer:6S"] {
        illegal(&mut game, mv);
    }
}

#[test]
fn one_attack_at_a_time() {
    let mut game = mid_game();
    play(&mut game, "attack:6S");
    assert_eq!(game.game.current_player(), Some(1));
    assert_eq!(legal(&game), words("defend:9S defend:AS take"));
    let (_, legal_then) = illegal(&mut game, "attack:6H");
    assert_eq!(legal_then, words("defend:9S defend:AS take"));
}

#[test]
fn additions_match_ranks_on_table() {
    let mut game = mid_game();
    play(&mut game, "attack:6S defend:9S");
    // Ranks on the table: 6 (attack) and 9 (defence); TD matches neither.
    assert_eq!(game.game.current_player(), Some(0));
    assert_eq!(
        legal(&game),
        words("attack:6C attack:6D attack:6H attack:9D stop")
    );
    play(&mut game, "attack:6H defend:TH");
    assert_eq!(
        legal(&game),
        words("attack:6C attack:6D attack:9D attack:TD stop")
    );
}

#[test]
fn limit_fixed_at_bout_start() {
    let mut game = mid_game();
    assert_eq!(state(&game)["limit"], 6);
    play(
        &mut game,
        "attack:6S defend:9S attack:6H defend:TH attack:6C defend:JC",
    );
    let s = state(&game);
    assert_eq!(s["hands"][1], json!(["AS", "AH", "AC"]));
    assert_eq!(s["limit"], 6, "the defender holds 3, but the limit stays");
    assert_eq!(legal(&game), words("attack:6D attack:9D attack:TD stop"));
    play(&mut game, "attack:6D");
    assert_eq!(legal(&game), words("take"), "no trump to beat the trump 6D");
    play(&mut game, "take");
    assert_eq!(legal(&game), words("attack:9D attack:TD stop"));
    play(&mut game, "attack:9D");
    assert_eq!(legal(&game), words("attack:TD stop"));
    play(&mut game, "attack:TD");
    assert_eq!(state(&game)["table"].as_array().unwrap().len(), 6);
    assert_eq!(legal(&game), words("stop"));
    play(&mut game, "stop");
    let s = state(&game);
    assert_eq!(
        s["hands"][1],
        json!(["6S", "9S", "AS", "6H", "TH", "AH", "6D", "9D", "TD", "6C", "JC", "AC"])
    );
    assert_eq!(s["hands"][0], json!(["QS", "KS", "QH", "KH", "QC", "KC"]));
    assert_eq!(s["attacker"], 0);
}

#[test]
fn limit_six_when_defender_holds_more() {
    let mut game = mid_game();
    play(
        &mut game,
        "attack:6S take attack:6H attack:6C attack:6D stop",
    );
    let s = state(&game);
    assert_eq!(s["hands"][1].as_array().unwrap().len(), 10);
    assert_eq!(s["attacker"], 0);
    assert_eq!(s["limit"], 6);
}

#[test]
fn limit_is_min_of_six_and_defender_hand() {
    let mut game = endgame::<Durak>(LIMIT_DECK, LIMIT_SCRIPT);
    assert_eq!(
        legal(&game),
        words("attack:6C attack:7H attack:9D attack:9H attack:9S attack:TS")
    );
    assert_eq!(state(&game)["limit"], 6);
    play(&mut game, "attack:7H");
    assert_eq!(legal(&game), words("defend:8H defend:AH take"));
    play(&mut game, "defend:8H");
    assert_eq!(legal(&game), words("stop"), "no 7 or 8 to add");
    play(&mut game, "stop");
    let s = state(&game);
    assert_eq!(
        (s["attacker"].clone(), s["limit"].clone()),
        (json!(1), json!(5))
    );
    // Seat 1 attacks, seat 0 takes; additions of rank J only.
    play(&mut game, "attack:JS");
    assert_eq!(legal(&game), words("defend:6C take"));
    play(&mut game, "take");
    assert_eq!(game.game.current_player(), Some(1));
    assert_eq!(legal(&game), words("attack:JD stop"));
    play(&mut game, "attack:JD stop");
    let s = state(&game);
    assert_eq!(
        s["hands"][0],
        json!(["9S", "TS", "JS", "9H", "9D", "JD", "6C"])
    );
    assert_eq!(
        s["known"][0],
        json!(["JS", "JD", "6C"]),
        "6C was drawn last"
    );
    assert_eq!(s["attacker"], 1, "after a take the same attacker again");
    assert_eq!(s["idle_bouts"], 1, "a take, and nothing drawn");
    play(&mut game, "attack:KD defend:6C stop");
    let s = state(&game);
    assert_eq!(s["idle_bouts"], 0);
    assert_eq!(s["attacker"], 0);
    assert_eq!(s["hands"][1], json!(["AS", "AH"]));
    assert_eq!(s["limit"], 2);
    // The limit 2 stops seat 0 from adding its third nine.
    play(&mut game, "attack:9S take");
    assert_eq!(legal(&game), words("attack:9D attack:9H stop"));
    play(&mut game, "attack:9H");
    assert_eq!(legal(&game), words("stop"));
    play(&mut game, "stop");
    let s = state(&game);
    assert_eq!(
        s["hands"],
        json!([["TS", "JS", "9D", "JD"], ["9S", "AS", "9H", "AH"]])
    );
    assert_eq!(s["attacker"], 0);
    assert_eq!(s["limit"], 4);
    assert_eq!(s["idle_bouts"], 1);
}

#[test]
fn take_then_additions_then_pickup() {
    let mut game = mid_game();
    play(&mut game, "attack:6S take");
    // The defender plays no more; the attacker adds sixes only.
    assert_eq!(game.game.current_player(), Some(0));
    assert_eq!(legal(&game), words("attack:6C attack:6D attack:6H stop"));
    illegal(&mut game, "defend:9S");
    play(&mut game, "attack:6H");
    assert_eq!(game.game.current_player(), Some(0));
    assert_eq!(state(&game)["taking"], true);
    play(&mut game, "attack:6C");
    assert_eq!(
        state(&game)["table"],
        json!([["6S", null], ["6H", null], ["6C", null]])
    );
    play(&mut game, "stop");
    let s = state(&game);
    assert_eq!(
        s["hands"][1],
        json!(["6S", "9S", "AS", "6H", "TH", "AH", "6C", "JC", "AC"])
    );
    assert_eq!(s["known"][1], json!(["6S", "6H", "6C"]));
    assert_eq!(s["hands"][0], json!(["KS", "KH", "6D", "9D", "TD", "KC"]));
    assert_eq!(s["table"], json!([]));
    assert_eq!(s["discard"], json!([]));
    assert_eq!(s["taking"], false);
    assert_eq!(s["attacker"], 0);
    assert_eq!(s["idle_bouts"], 0, "the attacker drew");
    assert_eq!(s["stock"].as_array().unwrap().len(), 21);
}

#[test]
fn successful_defence_discards() {
    let mut game = mid_game();
    play(&mut game, "attack:6S defend:9S stop");
    let s = state(&game);
    assert_eq!(s["discard"], json!(["6S", "9S"]));
    // Refill: the attacker (seat 0) draws KS first, then the defender KH.
    assert_eq!(s["hands"][0], json!(["KS", "6H", "6D", "9D", "TD", "6C"]));
    assert_eq!(s["hands"][1], json!(["AS", "TH", "KH", "AH", "JC", "AC"]));
    assert_eq!(s["stock"][0], "KC");
    assert_eq!(s["stock"].as_array().unwrap().len(), 22);
    assert_eq!(s["attacker"], 1, "the defender attacks next");
    for seat in 0..2 {
        assert_eq!(game.observation(seat)["discard"], json!(["6S", "9S"]));
    }
}

#[test]
fn single_legal_move_is_still_a_move() {
    let mut game = mid_game();
    play(&mut game, "attack:6D");
    assert_eq!(legal(&game), words("take"));
    assert_eq!(game.game.current_player(), Some(1));
    play(&mut game, "take attack:6S attack:6H attack:6C");
    assert_eq!(legal(&game), words("stop"));
    assert_eq!(game.record.history.len(), 5);
    play(&mut game, "stop");
    assert_eq!(state(&game)["table"], json!([]));
}

#[test]
fn finished_game_has_no_moves() {
    let mut game = draw_endgame::<Durak>();
    play(&mut game, DRAW_LINE);
    assert!(game.game.is_over());
    assert_eq!(game.game.current_player(), None);
    assert!(legal(&game).is_empty());
    for mv in ["stop", "attack:6H", "take"] {
        let (kind, legal_then) = illegal(&mut game, mv);
        assert_eq!(kind, "game_over");
        assert!(legal_then.is_empty());
    }
    for seat in 0..2 {
        let o = game.observation(seat);
        assert_eq!(o["current_player"], Value::Null);
        assert_eq!(o["legal_moves"], json!([]));
    }
    let mut list = MoveList::new();
    game.game.legal_moves(&mut list);
    assert!(list.is_empty());
}

// ---------------------------------------------------------------- after a bout

fn hand_emptying_mid_bout_with_stock_does_not_end<G: State>() {
    let mut game = refill_game::<G>();
    let moves = REFILL_BOUTS[0].split_whitespace().count();
    play(&mut game, &first_words(REFILL_BOUTS[0], moves - 1));
    let s = state(&game);
    assert_eq!(s["hands"], json!([[], []]));
    assert_eq!(s["stock"].as_array().unwrap().len(), 24);
    assert!(!game.game.is_over());
    assert_eq!(legal(&game), words("stop"));
    play(&mut game, "stop");
    assert!(!game.game.is_over());
}

#[test]
fn hand_emptying_mid_bout_with_stock_does_not_end_both() {
    hand_emptying_mid_bout_with_stock_does_not_end::<Durak>();
    hand_emptying_mid_bout_with_stock_does_not_end::<Perevodnoy>();
}

fn refill_attacker_first_and_stock_running_out<G: State>() {
    let mut game = refill_game::<G>();
    play(&mut game, REFILL_BOUTS[0]);
    let s = state(&game);
    assert_eq!(s["hands"][0], json!(["JS", "9H", "KH", "7D", "8C", "TC"]));
    assert_eq!(s["hands"][1], json!(["8S", "KS", "6H", "6D", "7C", "9C"]));
    assert_eq!(s["attacker"], 1);
    play(&mut game, REFILL_BOUTS[1]);
    let s = state(&game);
    assert_eq!(s["hands"][1], json!(["QS", "KS", "AH", "AD", "6C", "9C"]));
    assert_eq!(s["hands"][0], json!(["AS", "KH", "TD", "KD", "TC", "JC"]));
    assert_eq!(s["stock"], json!(["QH", "QC", "KC", "AC"]));
    play(&mut game, REFILL_BOUTS[2]);
    let s = state(&game);
    // Seat 0 (attacker) gets QH QC KC; seat 1 only the trump card, drawn last.
    assert_eq!(s["hands"][0], json!(["QH", "TD", "TC", "JC", "QC", "KC"]));
    assert_eq!(s["hands"][1], json!(["QS", "KS", "9C", "AC"]));
    assert_eq!(s["known"], json!([[], ["AC"]]));
    assert_eq!(s["attacker"], 1);
    assert_eq!(s["limit"], 6);
    assert!(!game.game.is_over());
}

#[test]
fn refill_attacker_first_and_stock_running_out_both() {
    refill_attacker_first_and_stock_running_out::<Durak>();
    refill_attacker_first_and_stock_running_out::<Perevodnoy>();
}

// ---------------------------------------------------------------- end of deal

fn draw_when_both_hands_empty<G: State>() {
    let mut game = draw_endgame::<G>();
    assert_eq!(state(&game)["known"], json!([["6C"], []]));
    play(&mut game, &first_words(DRAW_LINE, 11));
    assert_eq!(state(&game)["hands"][0], json!([]));
    assert!(!game.game.is_over(), "a hand emptied mid-bout");
    play(&mut game, "defend:7C");
    assert_eq!(state(&game)["hands"], json!([[], []]));
    assert_eq!(legal(&game), words("stop"));
    play(&mut game, "stop");
    assert_eq!(
        game.game.outcome_value(),
        json!({"winner": null, "loser": null, "draw": true, "reason": "both_out"})
    );
    assert_eq!(state(&game)["discard"], json!(all_cards()));
}

#[test]
fn draw_when_both_hands_empty_both() {
    draw_when_both_hands_empty::<Durak>();
    draw_when_both_hands_empty::<Perevodnoy>();
}

fn defender_left_holding_cards_is_durak<G: State>() {
    let mut game = draw_endgame::<G>();
    play(&mut game, &first_words(DRAW_LINE, 11));
    play(&mut game, "take");
    assert_eq!(legal(&game), words("stop"));
    play(&mut game, "stop");
    assert_eq!(
        game.game.outcome_value(),
        json!({"winner": 0, "loser": 1, "draw": false, "reason": "last_cards"})
    );
    assert_eq!(game.game.winner(), Some(0));
    assert_eq!(state(&game)["hands"][1].as_array().unwrap().len(), 12);
}

#[test]
fn defender_left_holding_cards_is_durak_both() {
    defender_left_holding_cards_is_durak::<Durak>();
    defender_left_holding_cards_is_durak::<Perevodnoy>();
}

fn attacker_left_holding_cards_is_durak<G: State>() {
    let mut game = draw_endgame::<G>();
    play(&mut game, &first_words(DRAW_LINE, 10));
    play(&mut game, "stop");
    assert!(!game.game.is_over());
    assert_eq!(state(&game)["attacker"], 1);
    play(&mut game, "attack:7C");
    assert_eq!(state(&game)["hands"][1], json!([]));
    assert_eq!(
        legal(&game),
        words("take"),
        "6C cannot beat the higher trump"
    );
    play(&mut game, "take stop");
    assert_eq!(
        game.game.outcome_value(),
        json!({"winner": 1, "loser": 0, "draw": false, "reason": "last_cards"})
    );
}

#[test]
fn attacker_left_holding_cards_is_durak_both() {
    attacker_left_holding_cards_is_durak::<Durak>();
    attacker_left_holding_cards_is_durak::<Perevodnoy>();
}

#[test]
fn idle_bouts_end_classic_durak_too() {
    // Stock empty, 49 idle bouts, seat 0 attacks 6S and seat 1 takes: the
    // fiftieth idle bout draws, as in perevodnoy.
    let mut s = state(&draw_endgame::<Durak>());
    s["idle_bouts"] = json!(49);
    let mut game = Session::<Durak>::from_value(&s).unwrap();
    play(&mut game, "attack:6H take stop");
    assert_eq!(state(&game)["idle_bouts"], 50);
    assert_eq!(
        game.game.outcome_value(),
        json!({"winner": null, "loser": null, "draw": true, "reason": "idle_bouts"})
    );
    assert_eq!(game.game.result(), Some(Outcome::Draw));
}

// ------------------------------------------------------ state and observation

#[test]
fn state_and_observation_have_the_reference_keys() {
    let game = mid_game();
    let keys = |v: Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    let mut expected = words(
        "schema game seed deck trump_card hands stock table discard attacker taking limit \
         idle_bouts known history outcome",
    );
    expected.sort_unstable();
    assert_eq!(keys(state(&game)), expected);
    let mut expected = words(
        "game seat current_player legal_moves hand hand_sizes known trump trump_card \
         stock_size table discard attacker defender taking limit open_attack table_ranks \
         adds_left beating can_transfer idle_bouts history outcome",
    );
    expected.sort_unstable();
    assert_eq!(keys(game.observation(1)), expected);
}

/// The bout's facts of `seat`'s observation: open attack, table ranks,
/// attack cards still to come, its beating cards, whether a transfer is
/// possible.
fn bout<G: State>(game: &Session<G>, seat: usize) -> Value {
    let o = game.observation(seat);
    json!([
        o["open_attack"],
        o["table_ranks"],
        o["adds_left"],
        o["beating"],
        o["can_transfer"]
    ])
}

#[test]
fn the_bouts_facts_are_observation_fields() {
    let mut game = mid_game();
    // Trump D; seat 0 opens: any of its six cards, up to the limit of 6.
    assert_eq!(bout(&game, 0), json!([null, [], 6, [], false]));
    play(&mut game, "attack:6S");
    // The defender beats 6S with a higher spade; the attacker holds three
    // more sixes, which the defender cannot see: it counts the five cards.
    assert_eq!(bout(&game, 1), json!(["6S", ["6"], 5, ["9S", "AS"], false]));
    assert_eq!(bout(&game, 0), json!(["6S", ["6"], 3, [], false]));
    play(
        &mut game,
        "defend:9S attack:6H defend:TH attack:6C defend:JC",
    );
    assert_eq!(
        bout(&game, 0),
        json!([null, ["6", "9", "T", "J"], 3, [], false])
    );
    play(&mut game, "attack:6D");
    // No trump in seat 1's hand: nothing beats the trump 6D.
    assert_eq!(
        bout(&game, 1),
        json!(["6D", ["6", "9", "T", "J"], 2, [], false])
    );
    assert_eq!(legal(&game), words("take"));
    play(&mut game, "take attack:9D attack:TD");
    // Six attacks: the bout is at its limit.
    assert_eq!(
        bout(&game, 0),
        json!(["6D", ["6", "9", "T", "J"], 0, [], false])
    );
    assert_eq!(
        bout(&game, 1),
        json!(["6D", ["6", "9", "T", "J"], 0, [], false])
    );
    assert_eq!(legal(&game), words("stop"));
    play(&mut game, "stop");
    assert_eq!(bout(&game, 0), json!([null, [], 6, [], false]));

    // The attacker's only nine is on the table: it can add nothing, though
    // the defender, who cannot see its hand, counts five cards.
    let mut game = mid_game();
    play(&mut game, "attack:9D take");
    assert_eq!(bout(&game, 0), json!(["9D", ["9"], 0, [], false]));
    assert_eq!(bout(&game, 1), json!(["9D", ["9"], 5, [], false]));
    assert_eq!(legal(&game), words("stop"));
}

#[test]
fn the_outcome_says_how_the_game_was_decided() {
    // Every finished position of the rule tests above names its reason;
    // a reason the position does not bear out is refused.
    let mut game = draw_endgame::<Durak>();
    play(&mut game, DRAW_LINE);
    let s = state(&game);
    assert_eq!(s["outcome"]["reason"], "both_out");
    assert_eq!(game.observation(0)["outcome"], s["outcome"]);
    assert_eq!(bout(&game, 0), json!([null, [], 0, [], false]));
    for wrong in ["last_cards", "idle_bouts"] {
        let mut bad = s.clone();
        bad["outcome"]["reason"] = json!(wrong);
        let error = Session::<Durak>::from_value(&bad).unwrap_err();
        assert_eq!(
            fault(&error),
            "does_not_follow at outcome.reason",
            "{wrong}"
        );
        assert_eq!(error.get("expected"), Some(&json!("both_out")));
    }
    let mut bad = s.clone();
    bad["outcome"].as_object_mut().unwrap().remove("reason");
    let error = Session::<Durak>::from_value(&bad).unwrap_err();
    assert_eq!(fault(&error), "missing_field at outcome");
    assert_eq!(error.value, json!("reason"));
}

#[test]
fn observation_shows_a_seat_only_its_own_hand() {
    let mut game = mid_game();
    play(&mut game, "attack:6S take");
    let o = game.observation(1);
    assert_eq!(o["hand"], json!(["9S", "AS", "TH", "AH", "JC", "AC"]));
    assert_eq!(o["legal_moves"], json!([]), "seat 0 is to move");
    assert_eq!(o["current_player"], 0);
    assert_eq!(o["defender"], 1);
    assert_eq!(o["table"], json!([["6S", null]]));
    assert_eq!(o["history"], json!(["attack:6S", "take"]));
    let o = game.observation(0);
    assert_eq!(o["hand"], json!(["6H", "6D", "9D", "TD", "6C"]));
    assert_eq!(
        o["legal_moves"],
        json!(["attack:6C", "attack:6D", "attack:6H", "stop"])
    );
    let text = o.to_string();
    assert!(!text.contains("\"KS\""), "the stock stays hidden: {text}");
    assert_eq!(game.game.observation(2, &game.record), Value::Null);
}

#[test]
fn state_round_trips_and_keeps_the_record() {
    let mut game = Session::<Durak>::new(Some(99), None).unwrap();
    let first = legal(&game)[0].clone();
    play(&mut game, &first);
    let s = state(&game);
    let back = Session::<Durak>::from_value(&s).unwrap();
    assert_eq!(state(&back), s);
    assert_eq!(back.record, game.record);
    assert_eq!(back.game, game.game);
    assert_eq!(s["seed"], 99);
    // The JSON text sorts keys and has no spaces, like Python's to_json().
    let text = s.to_string();
    assert!(text.starts_with("{\"attacker\":"), "{text}");
}

/// A valid mid-bout state to spoil one field at a time.
fn sample_state() -> Value {
    let mut game = mid_game();
    play(&mut game, "attack:6S defend:9S attack:6H");
    state(&game)
}

#[test]
fn from_value_names_the_first_fault() {
    let cases: Vec<(&str, Value, &str)> = vec![
        ("", json!([1]), "object at state"),
        ("schema", json!(1), "schema at schema"),
        ("schema", json!(3), "schema at schema"),
        ("schema", json!(true), "schema at schema"),
        ("game", json!("schnapsen"), "game at game"),
        ("seed", json!(-1), "integer at seed"),
        ("seed", json!("7"), "integer at seed"),
        ("deck", json!("6S"), "list at deck"),
        ("deck", json!(["6S"]), "missing_cards at deck"),
        ("trump_card", json!("1S"), "card at trump_card"),
        ("hands", json!([[]]), "entries at hands"),
        ("hands", json!([["7S", "6S"], []]), "order at hands[0]"),
        ("hands", json!([["6S", "6S"], []]), "duplicate at hands[0]"),
        ("stock", json!({}), "list at stock"),
        ("table", json!([["6S"]]), "entries at table[0]"),
        ("table", json!([["6S", 5]]), "card at table[0][1]"),
        ("attacker", json!(2), "integer at attacker"),
        ("attacker", json!(1.0), "integer at attacker"),
        ("taking", json!(0), "boolean at taking"),
        ("limit", json!(7), "integer at limit"),
        ("idle_bouts", json!(51), "integer at idle_bouts"),
        ("known", json!(null), "list at known"),
        ("history", json!([1]), "move at history[0]"),
        ("outcome", json!({"winner": 0}), "missing_field at outcome"),
        (
            "outcome",
            json!({"winner": 0, "loser": 1, "draw": false}),
            "missing_field at outcome",
        ),
        (
            "outcome",
            json!({"winner": 0, "loser": 0, "draw": false, "reason": "last_cards"}),
            "winner_is_loser at outcome",
        ),
        (
            "outcome",
            json!({"winner": 0, "loser": null, "draw": true, "reason": "both_out"}),
            "draw_with_winner at outcome",
        ),
        (
            "outcome",
            json!({"winner": 0, "loser": 1, "draw": false, "reason": "luck"}),
            "reason at outcome.reason",
        ),
        ("discard", json!(["KS"]), "two_places at discard"),
        ("limit", json!(1), "over_limit at table"),
        ("idle_bouts", json!(50), "idle_limit at idle_bouts"),
    ];
    for (field, value, expected) in cases {
        let mut s = sample_state();
        if field.is_empty() {
            s = value;
        } else {
            s[field] = value;
        }
        match Session::<Durak>::from_value(&s) {
            Err(error) => assert_eq!(fault(&error), expected, "{field}: {error}"),
            other => panic!("{field}: expected an error, got {other:?}"),
        }
    }
}

#[test]
fn from_value_checks_across_fields() {
    let spoil = |f: &dyn Fn(&mut Value)| {
        let mut s = sample_state();
        f(&mut s);
        match Session::<Durak>::from_value(&s) {
            Err(error) => fault(&error),
            other => panic!("expected an error, got {other:?}"),
        }
    };
    let extra = spoil(&|s| s["extra"] = json!(1));
    assert_eq!(extra, "unknown_field at state");
    let missing = spoil(&|s| {
        s.as_object_mut().unwrap().remove("taking");
    });
    assert_eq!(missing, "missing_field at state");
    let lost = spoil(&|s| {
        s["stock"].as_array_mut().unwrap().remove(0);
    });
    assert_eq!(lost, "missing_card at state");
    let bottom = spoil(&|s| {
        s["stock"].as_array_mut().unwrap().pop();
        s["discard"] = json!(["7D"]);
    });
    assert_eq!(bottom, "trump_not_at_bottom at stock");
    let stray = spoil(&|s| s["known"] = json!([["AS"], []]));
    assert_eq!(stray, "known_not_in_hand at known[0]");
    let weak = spoil(&|s| {
        s["table"] = json!([["6S", "9S"], ["6H", null]]);
        s["hands"][1] = json!(["AS", "TH", "AH", "JC", "AC"]);
        s["table"][0] = json!(["9S", "6S"]);
    });
    assert_eq!(weak, "does_not_beat at table[0]");
    let two_open = spoil(&|s| {
        s["table"] = json!([["6S", null], ["6H", null], ["9S", null]]);
        s["limit"] = json!(5);
    });
    assert_eq!(two_open, "mixed_ranks at table");
    let classic = spoil(&|s| {
        s["table"] = json!([["6S", null], ["6H", null]]);
        s["hands"][1] = json!(["9S", "AS", "TH", "AH", "JC", "AC"]);
    });
    assert_eq!(classic, "several_open at table");
    // The same table is a legal perevodnoy state (a transfer made it).
    let mut s = sample_state();
    s["game"] = json!("perevodnoy");
    s["table"] = json!([["6S", null], ["6H", null]]);
    s["hands"][1] = json!(["9S", "AS", "TH", "AH", "JC", "AC"]);
    assert!(Session::<Perevodnoy>::from_value(&s).is_ok());
}

// --------------------------------------------------------------- properties

fn deal_seeded<G: State>(seed: u64) -> (G, Record) {
    let mut rng = SplitMix64::new(seed);
    let mut order: Vec<u8> = (0..36).collect();
    shuffle(&mut order, &mut rng);
    let game = G::deal(&order, rng);
    let record = Record {
        seed: Some(seed),
        deck: order,
        history: Vec::new(),
    };
    (game, record)
}

/// Every card in exactly one place.
fn check_conservation<const T: bool>(game: &DurakRules<T>) {
    let stock: CardSet = game.stock().iter().fold(0, |set, &c| set | bit(c));
    let places = [
        game.hand(0),
        game.hand(1),
        stock,
        game.table_cards(),
        game.discard(),
    ];
    let total: u32 = places.iter().map(|&set| count(set)).sum();
    let union = places.iter().fold(0, |all, &set| all | set);
    assert_eq!(total, 36, "a card is in two places");
    assert_eq!(union, ATLASNYE.full());
    assert_eq!(game.stock_len(), game.stock().len());
    for seat in 0..2 {
        assert_eq!(game.known(seat) & !game.hand(seat), 0);
    }
    if let Some(&bottom) = game.stock().last() {
        assert_eq!(bottom, game.trump_card());
    }
}

fn random_game<const T: bool>(seed: u64, chooser_seed: u64, round_trip_every: usize) -> usize {
    let (mut game, mut record) = deal_seeded::<DurakRules<T>>(seed);
    let mut chooser = SplitMix64::new(chooser_seed);
    let mut list = MoveList::new();
    let mut steps = 0;
    while !game.is_over() {
        check_conservation(&game);
        game.legal_moves(&mut list);
        assert!(!list.is_empty(), "a game in progress has a move");
        let mv = game.random_move(&mut chooser);
        assert!(list.as_slice().contains(&mv), "{mv:?} is not legal");
        let name = DurakRules::<T>::move_name(mv);
        assert_eq!(DurakRules::<T>::parse_move(&name), Some(mv));
        assert!(legal_move_names(&game).contains(&name));
        game.apply(mv);
        record.history.push(name);
        steps += 1;
        if round_trip_every > 0 && steps % round_trip_every == 0 {
            let value = game.to_value(&record);
            let (back, back_record) = DurakRules::<T>::from_value(&value).unwrap();
            assert_eq!(back, game);
            assert_eq!(back_record, record);
        }
        assert!(steps < 20_000, "the idle-bout rule ends every game");
    }
    check_conservation(&game);
    game.legal_moves(&mut list);
    assert!(list.is_empty());
    let value = game.to_value(&record);
    let (back, _) = DurakRules::<T>::from_value(&value).unwrap();
    assert_eq!(back, game);
    steps
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_durak_games_keep_every_card(seed: u64, chooser: u64) {
        random_game::<false>(seed, chooser, 7);
    }

    #[test]
    fn random_perevodnoy_games_keep_every_card(seed: u64, chooser: u64) {
        random_game::<true>(seed, chooser, 7);
    }
}

/// Arbitrary JSON, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        "[0-9A-Z:a-z]{0,4}".prop_map(Value::from),
        prop::sample::select(all_cards()).prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
            prop::collection::btree_map("[a-z_]{1,10}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Whatever replaces a field, loading never panics, and what loads
    /// writes itself back identically and plays on without panicking.
    #[test]
    fn from_value_never_panics(
        seed in 0u64..50,
        steps in 0usize..80,
        field in prop::sample::select(cardavia_core::durak::STATE_KEYS.to_vec()),
        value in any_json(),
        remove in any::<bool>(),
    ) {
        let (mut game, mut record) = deal_seeded::<Perevodnoy>(seed);
        let mut chooser = SplitMix64::new(seed);
        for _ in 0..steps {
            if game.is_over() {
                break;
            }
            let mv = game.random_move(&mut chooser);
            game.apply(mv);
            record.history.push(Perevodnoy::move_name(mv));
        }
        let mut state = game.to_value(&record);
        if remove {
            state.as_object_mut().unwrap().remove(field);
        } else {
            state[field] = value;
        }
        if let Ok((mut back, back_record)) = Perevodnoy::from_value(&state) {
            // Python lets `schema: 1.0` through too, and writes back 1.
            if field != "schema" {
                prop_assert_eq!(back.to_value(&back_record), state.clone());
            }
            for _ in 0..200 {
                let mut list = MoveList::new();
                back.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                let mv = back.random_move(&mut chooser);
                prop_assert!(list.as_slice().contains(&mv));
                back.apply(mv);
            }
        }
        let _ = Durak::from_value(&state);
    }

    /// Cards swapped between places: loading rejects or accepts, never panics.
    #[test]
    fn from_value_survives_shuffled_cards(seed in 0u64..1000, swaps in prop::collection::vec((0usize..36, 0usize..36), 1..4)) {
        let (game, record) = deal_seeded::<Durak>(seed);
        let text = game.to_value(&record).to_string();
        let names = all_cards();
        let mut spoiled = text;
        for (a, b) in swaps {
            spoiled = spoiled.replace(&names[a], "@@").replace(&names[b], &names[a]).replace("@@", &names[b]);
        }
        let value: Value = serde_json::from_str(&spoiled).unwrap();
        if let Ok((back, rec)) = Durak::from_value(&value) {
            check_conservation(&back);
            prop_assert_eq!(back.to_value(&rec), value);
        }
    }
}

#[test]
fn random_move_is_uniform_over_the_legal_moves() {
    // Positions of every kind: opening, defence (with transfers), additions.
    let mut positions: Vec<Perevodnoy> = Vec::new();
    let (mut game, _) = deal_seeded::<Perevodnoy>(5);
    let mut chooser = SplitMix64::new(11);
    while !game.is_over() && positions.len() < 40 {
        let mut list = MoveList::new();
        game.legal_moves(&mut list);
        if list.len() >= 3 {
            positions.push(game);
        }
        let mv = game.random_move(&mut chooser);
        game.apply(mv);
    }
    assert!(positions.len() >= 10);
    let mut rng = SplitMix64::new(2024);
    for position in positions {
        let mut list = MoveList::new();
        position.legal_moves(&mut list);
        let n = list.len();
        let draws = 4000 * n;
        let mut counts = vec![0usize; n];
        for _ in 0..draws {
            let mv = position.random_move(&mut rng);
            let i = list.as_slice().iter().position(|&m| m == mv).unwrap();
            counts[i] += 1;
        }
        for (i, &c) in counts.iter().enumerate() {
            // 4000 expected; five standard deviations is about 315.
            assert!((3600..=4400).contains(&c), "{:?}: {c}", list.as_slice()[i]);
        }
    }
}

#[test]
fn a_finished_game_offers_stop_without_panicking() {
    let mut game = draw_endgame::<Durak>();
    play(&mut game, DRAW_LINE);
    let mut rng = SplitMix64::new(1);
    assert_eq!(game.game.random_move(&mut rng), DurakMove::Stop);
}

#[test]
fn accessors_describe_the_position() {
    let mut game = mid_game();
    play(&mut game, "attack:6S defend:9S attack:6H");
    let g = &game.game;
    assert_eq!(g.attacker(), 0);
    assert_eq!(g.defender(), 1);
    assert_eq!(g.trump_suit(), 2);
    assert_eq!(ATLASNYE.name_of(g.trump_card()), "7D");
    let table: Vec<_> = g
        .table()
        .map(|(a, d)| (ATLASNYE.name_of(a), d.map(|d| ATLASNYE.name_of(d))))
        .collect();
    assert_eq!(
        table,
        vec![
            ("6S".to_owned(), Some("9S".to_owned())),
            ("6H".to_owned(), None)
        ]
    );
    assert_eq!(
        cards(g.table_cards())
            .map(|c| ATLASNYE.name_of(c))
            .collect::<Vec<_>>(),
        words("6S 9S 6H")
    );
    assert_eq!((g.limit(), g.idle_bouts(), g.taking()), (6, 0, false));
    assert_eq!(g.stock_len(), 24);
    assert_eq!(g.result(), None);
}
