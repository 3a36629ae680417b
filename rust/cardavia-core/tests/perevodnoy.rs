//! Transferable Durak (RULES.md chapter 4) on explicit decks, mirroring
//! `tests/test_rules_perevodnoy.py`. Chapter 3, which perevodnoy inherits,
//! runs for both games in `durak.rs`.
//!
//! End-of-deal positions come from two scripted bouts that empty the stock:
//! the decks and scripts are what `tests/helpers.py::durak_endgame` finds.

use cardavia_core::durak::Durak;
use cardavia_core::game::{Game, State};
use cardavia_core::perevodnoy::Perevodnoy;
use cardavia_core::session::Session;
use serde_json::json;

mod common;
use common::{current, durak_deck, fault, legal, new, play, state, words};

/// The legal moves a refused move lists.
fn illegal<G: State>(game: &mut Session<G>, mv: &str) -> Vec<String> {
    common::illegal(game, mv).1
}

/// A position reached by two scripted bouts that empty the stock.
fn endgame(deck: &str, script: &str) -> Session<Perevodnoy> {
    let mut game = new(&words(deck));
    play(&mut game, script);
    let s = state(&game);
    assert_eq!(s["stock"], json!([]));
    assert_eq!(s["attacker"], 0);
    game
}

// Trump D (6D turned up); seat 0 holds the trumps 7D 8D.
const BACK_HAND0: &str = "7S 7D AS AH 8D AC";
const BACK_HAND1: &str = "7H 7C 8H 9H 6S 6C";
const BACK_STOCK: &str = "KS KH KC QS QH QC JS JH";

fn back_game<G: State>() -> Session<G> {
    new(&durak_deck(BACK_HAND0, BACK_HAND1, "6D", BACK_STOCK))
}

#[test]
fn classic_durak_has_no_transfer() {
    let mut game = back_game::<Durak>();
    play(&mut game, "attack:7S");
    assert_eq!(legal(&game), words("take"));
    illegal(&mut game, "transfer:7H");
}

#[test]
fn transfer_offered_before_any_defence() {
    let mut game = back_game::<Perevodnoy>();
    play(&mut game, "attack:7S");
    // Seat 1 cannot beat 7S but holds two sevens.
    assert_eq!(legal(&game), words("take transfer:7C transfer:7H"));
    illegal(&mut game, "transfer:8H");
}

#[test]
fn transfers_back_and_forth() {
    let mut game = back_game::<Perevodnoy>();
    play(&mut game, "attack:7S transfer:7H");
    let s = state(&game);
    assert_eq!(s["attacker"], 1);
    assert_eq!(current(&game), Some(0));
    assert_eq!(s["table"], json!([["7S", null], ["7H", null]]));
    assert_eq!(s["limit"], 5, "min(6, seat 0's five cards)");
    // 7D, a trump, could also beat 7S; or it transfers.
    assert_eq!(
        legal(&game),
        words("defend:7D defend:8D defend:AS take transfer:7D")
    );
    play(&mut game, "transfer:7D");
    let s = state(&game);
    assert_eq!(
        (s["attacker"].clone(), s["limit"].clone()),
        (json!(0), json!(5))
    );
    assert_eq!(current(&game), Some(1));
    assert_eq!(
        legal(&game),
        words("take transfer:7C"),
        "4 attacks <= 4 cards"
    );
    play(&mut game, "transfer:7C");
    let s = state(&game);
    assert_eq!(s["attacker"], 1);
    assert_eq!(current(&game), Some(0));
    assert_eq!(
        s["limit"], 4,
        "seat 0's 4 cards at the moment of the transfer"
    );
    assert_eq!(
        s["table"],
        json!([["7S", null], ["7H", null], ["7D", null], ["7C", null]])
    );
    // Oldest first: every defence answers the oldest unbeaten attack.
    assert_eq!(
        legal(&game),
        words("defend:8D defend:AS take"),
        "against 7S"
    );
    play(&mut game, "defend:AS");
    assert_eq!(current(&game), Some(0));
    assert_eq!(
        legal(&game),
        words("defend:8D defend:AH take"),
        "against 7H"
    );
    play(&mut game, "defend:AH");
    assert_eq!(
        legal(&game),
        words("defend:8D take"),
        "against the trump 7D"
    );
    play(&mut game, "defend:8D");
    assert_eq!(legal(&game), words("defend:AC take"), "against 7C");
    play(&mut game, "defend:AC");
    let s = state(&game);
    assert_eq!(
        s["table"],
        json!([["7S", "AS"], ["7H", "AH"], ["7D", "8D"], ["7C", "AC"]])
    );
    // Seat 1 holds 8H (an 8 is on the table) but 4 attacks reach the limit.
    assert_eq!(current(&game), Some(1));
    assert_eq!(legal(&game), words("stop"));
    play(&mut game, "stop");
    let s = state(&game);
    assert_eq!(
        s["discard"],
        json!(["7S", "AS", "7H", "AH", "7D", "8D", "7C", "AC"])
    );
    // Seat 1, attacker when the bout ended, draws first (KS KH).
    assert_eq!(s["hands"][1], json!(["6S", "KS", "8H", "9H", "KH", "6C"]));
    assert_eq!(s["hands"][0], json!(["JS", "QS", "JH", "QH", "QC", "KC"]));
    assert_eq!(s["attacker"], 0);
    assert_eq!(s["limit"], 6);
    assert_eq!(s["idle_bouts"], 0);
}

#[test]
fn the_observation_says_whether_a_transfer_is_possible() {
    let can_transfer = |game: &Session<Perevodnoy>| {
        [0, 1].map(|seat| game.observation(seat)["can_transfer"].clone())
    };
    let mut game = back_game::<Perevodnoy>();
    assert_eq!(can_transfer(&game), [json!(false), json!(false)]);
    play(&mut game, "attack:7S");
    // A public fact: both seats see it, whatever the defender holds.
    assert_eq!(can_transfer(&game), [json!(true), json!(true)]);
    play(&mut game, "transfer:7H");
    assert_eq!(can_transfer(&game), [json!(true), json!(true)]);
    play(&mut game, "defend:AS");
    assert_eq!(can_transfer(&game), [json!(false), json!(false)]);

    let mut game = back_game::<Durak>();
    play(&mut game, "attack:7S");
    assert_eq!(game.observation(1)["can_transfer"], json!(false));

    // The new defender (seat 1) would hold one card against two attacks.
    let mut game = endgame(ROOM_DECK, ROOM_SCRIPT);
    play(&mut game, ROOM_LINE);
    play(&mut game, "attack:JH defend:QH stop attack:7D");
    assert_eq!(game.observation(0)["can_transfer"], json!(false));
    let mut game = endgame(ROOM_DECK, ROOM_SCRIPT);
    play(&mut game, ROOM_LINE);
    play(&mut game, "stop attack:7D");
    assert_eq!(game.observation(0)["can_transfer"], json!(true));
    // After a transfer the new defender beats with what it holds.
    play(&mut game, "transfer:7S");
    assert_eq!(game.observation(1)["open_attack"], json!("7D"));
    assert_eq!(game.observation(1)["beating"], json!(["AD"]));
    // Four sevens: a fifth attack could never come, the limit is 2.
    assert_eq!(game.observation(1)["adds_left"], json!(0));
}

#[test]
fn new_attacker_adds_only_when_all_beaten() {
    let mut game = back_game::<Perevodnoy>();
    play(&mut game, "attack:7S transfer:7H");
    let legal_then = illegal(&mut game, "attack:7C");
    assert_eq!(legal_then, legal(&game));
    play(&mut game, "defend:AS");
    assert_eq!(current(&game), Some(0), "7H is still open");
    play(&mut game, "defend:AH");
    assert_eq!(current(&game), Some(1));
    // Ranks 7 and A on the table: 2 attacks < limit 5.
    assert_eq!(legal(&game), words("attack:7C stop"));
}

#[test]
fn no_transfer_after_a_defence() {
    // Trump C; seat 0 holds 6C, the only trump, and attacks.
    let mut game = new::<Perevodnoy>(&durak_deck(
        "7S 7H 9D TD JD 6C",
        "8S 7D 8H 9H KS KH",
        "AC",
        "",
    ));
    play(&mut game, "attack:7S");
    assert_eq!(legal(&game), words("defend:8S defend:KS take transfer:7D"));
    play(&mut game, "defend:8S");
    assert_eq!(legal(&game), words("attack:7H stop"));
    play(&mut game, "attack:7H");
    // A defence card is on the table: 7D may no longer transfer.
    assert_eq!(legal(&game), words("defend:8H defend:9H defend:KH take"));
    illegal(&mut game, "transfer:7D");
}

// Final hands 8H 9D TS JH 7S 6C / 9H TD JS QH 7D AD, trump C.
const ROOM_DECK: &str = "6D 6H 6S 7C 9S QD 8D 7H 8S 9C QS KD 6C KH AS 8C JC QC AC TH KS AH TC \
    JD KC 9H TD JS QH 7D AD 8H 9D TS JH 7S";
const ROOM_SCRIPT: &str = "attack:6D defend:8D attack:6H defend:7H attack:6S defend:8S \
    attack:7C defend:9C attack:9S defend:QS attack:QD defend:KD stop attack:TH defend:KH \
    attack:KS defend:AS attack:AH defend:8C attack:TC defend:JC attack:JD defend:QC \
    attack:KC defend:AC stop";
const ROOM_LINE: &str = "attack:8H defend:9H attack:9D defend:TD attack:TS defend:JS";

#[test]
fn transfer_needs_room_in_new_defender_hand() {
    let mut game = endgame(ROOM_DECK, ROOM_SCRIPT);
    play(&mut game, ROOM_LINE);
    play(&mut game, "stop attack:7D");
    assert_eq!(
        state(&game)["hands"],
        json!([["7S", "JH", "6C"], ["QH", "AD"]])
    );
    // Two attacks after the transfer, seat 1 would hold two cards: allowed.
    assert_eq!(legal(&game), words("defend:6C take transfer:7S"));
    play(&mut game, "transfer:7S");
    let s = state(&game);
    assert_eq!(
        (s["attacker"].clone(), s["limit"].clone()),
        (json!(0), json!(2))
    );
    assert_eq!(current(&game), Some(1));

    let mut game = endgame(ROOM_DECK, ROOM_SCRIPT);
    play(&mut game, ROOM_LINE);
    play(&mut game, "attack:JH defend:QH stop attack:7D");
    assert_eq!(state(&game)["hands"], json!([["7S", "6C"], ["AD"]]));
    // Two attacks but seat 1 would hold one card: no transfer.
    assert_eq!(legal(&game), words("defend:6C take"));
    illegal(&mut game, "transfer:7S");
}

#[test]
fn at_most_four_attacks_before_a_defence() {
    // Before a defence every attack shares one rank: four sevens at most.
    let mut game = back_game::<Perevodnoy>();
    play(&mut game, "attack:7S transfer:7H transfer:7D transfer:7C");
    assert_eq!(state(&game)["table"].as_array().unwrap().len(), 4);
    assert!(!legal(&game).iter().any(|m| m.starts_with("transfer:")));
}

// Final hands 6S 6H 6D 8S 8C 7H / 9S 9C 7S KH KD AS, trump C (8C drawn last).
const EMPTY_DECK: &str = "7D 8H 9D TH TS JD 8D 9H TD JH JS QD 8C 6C 7C KC AC TC JC QH QS QC KS \
    AD AH 9S 9C 7S KH KD AS 6S 6H 6D 8S 7H";
const EMPTY_SCRIPT: &str = "attack:7D defend:8D attack:8H defend:9H attack:9D defend:TD \
    attack:TH defend:JH attack:TS defend:JS attack:JD defend:QD stop attack:QH defend:6C \
    attack:QS defend:7C attack:QC defend:KC attack:KS defend:AC attack:AD defend:TC \
    attack:AH defend:JC stop";
const EMPTY_LINE: &str = "attack:6S take attack:6H attack:6D stop \
    attack:8S defend:9S attack:8C defend:9C stop attack:7S";

fn empty_game() -> Session<Perevodnoy> {
    let mut game = endgame(EMPTY_DECK, EMPTY_SCRIPT);
    play(&mut game, EMPTY_LINE);
    let s = state(&game);
    assert_eq!(s["hands"][0], json!(["7H"]));
    assert_eq!(s["attacker"], 1);
    assert_eq!(s["table"], json!([["7S", null]]));
    game
}

#[test]
fn transfer_may_empty_the_hand() {
    let mut game = empty_game();
    assert_eq!(legal(&game), words("take transfer:7H"));
    play(&mut game, "transfer:7H");
    let s = state(&game);
    assert_eq!(s["hands"][0], json!([]));
    assert!(!game.game.is_over(), "the bout goes on");
    assert_eq!(
        (s["attacker"].clone(), s["limit"].clone()),
        (json!(0), json!(6))
    );
    assert_eq!(current(&game), Some(1));
    assert_eq!(legal(&game), words("defend:AS take"));
    play(&mut game, "defend:AS");
    assert_eq!(legal(&game), words("defend:KH take"));
    play(&mut game, "defend:KH");
    assert_eq!(legal(&game), words("stop"));
    assert_eq!(current(&game), Some(0));
    play(&mut game, "stop");
    assert_eq!(
        game.game.outcome_value(),
        json!({"winner": 0, "loser": 1, "draw": false, "reason": "last_cards"})
    );
    assert_eq!(state(&game)["hands"], json!([[], ["6S", "6H", "6D", "KD"]]));
}

#[test]
fn transfer_emptying_the_hand_then_take() {
    let mut game = empty_game();
    play(&mut game, "transfer:7H take");
    assert_eq!(legal(&game), words("stop"));
    assert!(!game.game.is_over());
    play(&mut game, "stop");
    assert_eq!(
        game.game.outcome_value(),
        json!({"winner": 0, "loser": 1, "draw": false, "reason": "last_cards"})
    );
}

#[test]
fn idle_bout_with_stock_left() {
    // Trump D (KD turned up); seat 0 holds 6D, the only trump in the hands.
    let deck = durak_deck("6S 7S 9C TC JC 6D", "7H 8H 9H TH JH QH", "KD", "8C AS AH");
    let mut game = new::<Perevodnoy>(&deck);
    play(&mut game, "attack:6S");
    assert_eq!(legal(&game), words("take"));
    play(&mut game, "take stop");
    assert_eq!(state(&game)["idle_bouts"], 0, "seat 0 drew 8C");
    play(&mut game, "attack:7S");
    assert_eq!(legal(&game), words("take transfer:7H"));
    play(&mut game, "transfer:7H");
    assert_eq!(legal(&game), words("defend:6D take"));
    play(&mut game, "take");
    assert_eq!(legal(&game), words("stop"));
    play(&mut game, "stop");
    let s = state(&game);
    assert_eq!(
        s["hands"][0],
        json!(["7S", "7H", "6D", "8C", "9C", "TC", "JC"])
    );
    assert_eq!(s["hands"][1].as_array().unwrap().len(), 6);
    assert_eq!(s["stock"].as_array().unwrap().len(), 23);
    assert_eq!(s["idle_bouts"], 1, "a take and nobody drew");
    assert_eq!(
        s["attacker"], 1,
        "the transferring seat attacked at the end"
    );
    play(&mut game, "attack:8H defend:6D stop");
    let s = state(&game);
    assert_eq!(
        (s["idle_bouts"].clone(), s["attacker"].clone()),
        (json!(0), json!(0))
    );
    assert_eq!(s["hands"][1], json!(["6S", "AS", "9H", "TH", "JH", "QH"]));
    assert_eq!(s["stock"][0], "AH");
    assert_eq!(s["stock"].as_array().unwrap().len(), 22);
}

// Final hands 7S 7H 8S 9S TS 6C / 7D 7C 8H 9H TH JH, trump C.
const IDLE_DECK: &str = "6D 6H 6S JD QS KD 8D QH JS QD KS AD 6C TD JC AC 8C KC QC 9D 9C TC AH \
    AS KH 7D 7C 8H 9H TH JH 7S 7H 8S 9S TS";
const IDLE_SCRIPT: &str = "attack:6D defend:8D attack:6H defend:QH attack:6S defend:JS \
    attack:JD defend:QD attack:QS defend:KS attack:KD defend:AD stop attack:9D defend:TD \
    attack:9C defend:JC attack:TC defend:AC attack:AH defend:8C attack:AS defend:KC \
    attack:KH defend:QC stop";

/// Attack with a seven, transfer a seven back, take, stop: nothing drawn.
fn idle_bout(game: &mut Session<Perevodnoy>) {
    for kind in ["attack:7", "transfer:"] {
        let mv = legal(game)
            .into_iter()
            .find(|m| m.starts_with(kind))
            .unwrap();
        play(game, &mv);
    }
    play(game, "take stop");
}

#[test]
fn idle_bouts_reach_fifty_draw() {
    let mut game = endgame(IDLE_DECK, IDLE_SCRIPT);
    for bout in 1..50 {
        idle_bout(&mut game);
        assert_eq!(state(&game)["idle_bouts"], bout);
        assert!(!game.game.is_over());
    }
    let s = state(&game);
    assert_eq!(s["attacker"], 1);
    assert_eq!(s["hands"][0].as_array().unwrap().len(), 7);
    assert_eq!(s["hands"][1].as_array().unwrap().len(), 5);
    idle_bout(&mut game);
    assert_eq!(state(&game)["idle_bouts"], 50);
    assert_eq!(
        game.game.outcome_value(),
        json!({"winner": null, "loser": null, "draw": true, "reason": "idle_bouts"})
    );
    assert!(legal(&game).is_empty());
    assert_eq!(current(&game), None);
}

#[test]
fn normal_end_checked_before_idle_draw() {
    let mut game = endgame(IDLE_DECK, IDLE_SCRIPT);
    for _ in 0..45 {
        idle_bout(&mut game);
    }
    let s = state(&game);
    assert_eq!(s["idle_bouts"], 45);
    assert_eq!(s["hands"][1], json!(["8H", "9H", "TH", "JH", "7D"]));
    for card in ["8H", "9H", "TH", "JH"] {
        play(&mut game, &format!("attack:{card} take stop"));
    }
    let s = state(&game);
    assert_eq!(s["idle_bouts"], 49);
    assert_eq!(s["hands"][1], json!(["7D"]));
    play(&mut game, "attack:7D take stop");
    // The 50th idle bout empties seat 1's hand: the normal end wins.
    assert_eq!(
        game.game.outcome_value(),
        json!({"winner": 1, "loser": 0, "draw": false, "reason": "last_cards"})
    );
    let mut s = state(&game);
    s["outcome"]["reason"] = json!("idle_bouts");
    let error = Session::<Perevodnoy>::from_value(&s).unwrap_err();
    assert_eq!(fault(&error), "does_not_follow at outcome.reason");
}

#[test]
fn transferred_states_round_trip() {
    let mut game = back_game::<Perevodnoy>();
    play(&mut game, "attack:7S transfer:7H defend:AS");
    let s = state(&game);
    assert_eq!(s["game"], "perevodnoy");
    let back = Session::<Perevodnoy>::from_value(&s).unwrap();
    assert_eq!(state(&back), s);
    assert_eq!(legal(&back), legal(&game));
    // Two open attacks are no classic Durak position.
    let mut classic = s.clone();
    classic["game"] = json!("durak");
    classic["history"] = json!([]); // a transfer is no classic move either
    classic["table"] = json!([["7S", null], ["7H", null]]);
    classic["hands"][0] = json!(["AS", "AH", "7D", "8D", "AC"]);
    match Session::<Durak>::from_value(&classic) {
        Err(error) => assert_eq!(fault(&error), "several_open at table"),
        other => panic!("expected an error, got {other:?}"),
    }
}
