//! Schnapsen rules (RULES.md chapter 5) on explicit decks, plus properties
//! of random matches. Deal 1 of an explicit deck: seat 1 deals, so seat 0
//! takes deck[0..3] + deck[7..9], seat 1 deck[3..6] + deck[9..11], deck[6]
//! is the indicator and deck[11..20] the stock.

use cardavia_core::cards::{bit, Card, CardSet, SCHNAPSEN};
use cardavia_core::game::{legal_move_names, Game, MoveList, State};
use cardavia_core::rng::{shuffle, SplitMix64};
use cardavia_core::schnapsen::{game_points, trick_winner, Reason, Schnapsen, SchnapsenMove};
use cardavia_core::session::Session;
use proptest::prelude::*;
use serde_json::{json, Value};

type Match = Session<Schnapsen>;

const CARDS: [&str; 20] = [
    "JS", "QS", "KS", "TS", "AS", "JH", "QH", "KH", "TH", "AH", "JD", "QD", "KD", "TD", "AD", "JC",
    "QC", "KC", "TC", "AC",
];

/// A deck that deals `seat0` and `seat1` (five cards each), turns up
/// `indicator` and stacks `stock` on top of the remaining cards, which
/// follow in canonical order.
fn layout(seat0: &str, seat1: &str, indicator: &str, stock: &str) -> Vec<String> {
    let s0: Vec<&str> = seat0.split_whitespace().collect();
    let s1: Vec<&str> = seat1.split_whitespace().collect();
    let mut rest: Vec<&str> = stock.split_whitespace().collect();
    let used: Vec<&str> = s0
        .iter()
        .chain(&s1)
        .chain(&rest)
        .copied()
        .chain([indicator])
        .collect();
    rest.extend(CARDS.iter().filter(|c| !used.contains(c)));
    let order: Vec<&str> = s0[..3]
        .iter()
        .chain(&s1[..3])
        .chain(&[indicator])
        .chain(&s0[3..])
        .chain(&s1[3..])
        .chain(&rest)
        .copied()
        .collect();
    assert_eq!(order.len(), 20, "layout needs every card once: {order:?}");
    order.into_iter().map(str::to_owned).collect()
}

fn deck_of(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

fn new_match(deck: &[String]) -> Match {
    Match::new(None, Some(deck)).expect("a valid deck")
}

fn play(game: &mut Match, moves: &str) {
    for mv in moves.split_whitespace() {
        if let Err(err) = game.play(mv) {
            panic!("{mv}: {err}");
        }
    }
}

fn state(game: &Match) -> Value {
    game.to_value()
}

fn obs(game: &Match, seat: usize) -> Value {
    game.observation(seat)
}

/// Who won each deal record, for how many game points and why: what the
/// scoring tests compare (the whole record is `records_tell_the_deal`'s).
fn briefs(deals: &Value) -> Value {
    let brief = |d: &Value| json!({"winner": d["winner"], "game_points": d["game_points"], "reason": d["reason"]});
    Value::Array(deals.as_array().unwrap().iter().map(brief).collect())
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

fn card(name: &str) -> Card {
    SCHNAPSEN.parse(name).expect("a card")
}

/// The deck of the scenario tests: seat 0 holds KS TH AH KD JC, seat 1
/// QS AS JH JD TD; QC turns up (clubs are trumps).
const DECK_D: &str = "KD JC AH QS TD AS QC TH KS JH JD KC AC TS QH JS QD AD KH TC";

// ------------------------------------------------------------------ setup

#[test]
fn setup_deals_three_three_indicator_two_two_and_the_stock() {
    let game = new_match(&deck_of(DECK_D));
    let s = state(&game);
    assert_eq!(s["hands"][0], json!(["KS", "TH", "AH", "KD", "JC"]));
    assert_eq!(s["hands"][1], json!(["QS", "AS", "JH", "JD", "TD"]));
    assert_eq!(s["indicator"], "QC");
    assert_eq!(s["trump"], "C");
    assert_eq!(
        s["stock"],
        json!(["KC", "AC", "TS", "QH", "JS", "QD", "AD", "KH", "TC"])
    );
    assert_eq!(s["dealer"], 1);
    assert_eq!(s["leader"], 0);
    assert_eq!(
        s["rng"], 0,
        "an explicit deck without a seed keeps seed 0's stream"
    );
    assert_eq!(s["seed"], Value::Null);
    assert_eq!(s["match_points"], json!([7, 7]));
    assert_eq!(game.game.current_player(), Some(0));
    let o = obs(&game, 1);
    assert_eq!(o["stock_size"], 10);
    assert_eq!(o["exhausted"], false);
    assert_eq!(o["hand"], json!(["QS", "AS", "JH", "JD", "TD"]));
    assert_eq!(
        o["legal_moves"],
        json!([]),
        "only the seat to move sees moves"
    );
    assert_eq!(
        game.legal_moves(),
        strings(&["close", "exchange", "play:AH", "play:JC", "play:KD", "play:KS", "play:TH"])
    );
}

#[test]
fn state_dict_has_the_reference_keys() {
    let game = new_match(&deck_of(DECK_D));
    let keys: Vec<String> = state(&game).as_object().unwrap().keys().cloned().collect();
    // Spelled out here, not taken from `STATE_KEYS`, so that a key dropped
    // from both the writer and the reader still fails.
    let mut expected: Vec<String> = "schema game seed deck rng match_points deals dealer trump \
         indicator stock hands leader lead tricks marriages closed exchange known history outcome"
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    expected.sort_unstable();
    assert_eq!(keys, expected);
}

// ----------------------------------------------------------------- tricks

#[test]
fn trick_winner_follows_suit_rank_and_trumps() {
    let c = |n| card(n);
    let clubs = 3;
    // Same suit: the higher card wins, T above K.
    assert_eq!(trick_winner(c("KS"), c("TS"), clubs, 0), 1);
    assert_eq!(trick_winner(c("AS"), c("TS"), clubs, 0), 0);
    // Another suit that is not trumps never wins, however high.
    assert_eq!(trick_winner(c("JS"), c("AH"), clubs, 1), 1);
    // A trump on a plain card wins; a higher trump beats a lower one.
    assert_eq!(trick_winner(c("AS"), c("JC"), clubs, 1), 0);
    assert_eq!(trick_winner(c("QC"), c("KC"), clubs, 0), 1);
    assert_eq!(trick_winner(c("TC"), c("AH"), clubs, 0), 0);
}

#[test]
fn game_points_by_the_opponents_points_and_tricks() {
    assert_eq!(game_points(0, false), 3);
    assert_eq!(game_points(32, true), 2);
    assert_eq!(game_points(33, true), 1);
    assert_eq!(game_points(50, false), 3);
}

#[test]
fn free_play_while_the_stock_is_open() {
    let mut game = new_match(&layout("KS TH JD AD KC", "JS AS QH JC TC", "QC", ""));
    play(&mut game, "play:KS");
    // Holding spades and trumps, seat 1 may still throw anything.
    assert_eq!(
        game.legal_moves(),
        strings(&["play:AS", "play:JC", "play:JS", "play:QH", "play:TC"])
    );
    play(&mut game, "play:QH");
    let s = state(&game);
    assert_eq!(s["tricks"], json!([["KS", "QH", 0]]));
    assert_eq!(s["leader"], 0, "the trick winner leads");
}

#[test]
fn winner_draws_first_then_the_loser() {
    let mut game = new_match(&deck_of(DECK_D));
    // AS neither follows hearts nor is a trump, so TH wins.
    play(&mut game, "play:TH play:AS");
    let s = state(&game);
    assert_eq!(s["tricks"], json!([["TH", "AS", 0]]));
    assert_eq!(s["hands"][0], json!(["KS", "AH", "KD", "JC", "KC"]));
    assert_eq!(s["hands"][1], json!(["QS", "JH", "JD", "TD", "AC"]));
    assert_eq!(
        s["stock"],
        json!(["TS", "QH", "JS", "QD", "AD", "KH", "TC"])
    );
    assert_eq!(obs(&game, 0)["points"], json!([21, 0]));
    assert_eq!(obs(&game, 0)["stock_size"], 8);
}

/// After five tricks the winner takes the last face-down card and the loser
/// the indicator, which all can see in its hand; strict rules follow.
#[test]
fn loser_of_the_fifth_trick_takes_the_indicator() {
    let mut game = new_match(&deck_of(DECK_D));
    play(
        &mut game,
        "play:KD play:JD play:KS play:AS play:JH play:QH play:KC play:TS play:JC play:KH",
    );
    let s = state(&game);
    assert_eq!(s["tricks"].as_array().unwrap().len(), 5);
    let winner = s["leader"].as_u64().unwrap() as usize;
    let loser = 1 - winner;
    assert_eq!(s["indicator"], Value::Null);
    assert_eq!(s["stock"], json!([]));
    assert_eq!(s["known"][loser], json!(["QC"]));
    assert_eq!(s["known"][winner], json!([]));
    assert!(s["hands"][loser].as_array().unwrap().contains(&json!("QC")));
    assert!(s["hands"][winner]
        .as_array()
        .unwrap()
        .contains(&json!("TC")));
    let o = obs(&game, winner);
    assert_eq!(o["exhausted"], true);
    assert_eq!(o["stock_size"], 0);
    // Exhausted: no close, no exchange, and the follower is held to strict rules.
    assert!(game.legal_moves().iter().all(|m| m.starts_with("play:")));
    let mut list = MoveList::new();
    for lead in game.game.legal_moves_vec() {
        let mut after = game.game.clone();
        after.apply(lead);
        after.legal_moves(&mut list);
        let SchnapsenMove::Play(led) = lead else {
            continue;
        };
        let expected = strict_answers(after.hand(loser), led, after.trump());
        let got: CardSet = list
            .as_slice()
            .iter()
            .map(|m| match m {
                SchnapsenMove::Play(c) => bit(*c),
                other => panic!("{other:?} is no answer"),
            })
            .fold(0, |a, b| a | b);
        assert_eq!(got, expected, "answers to {}", SCHNAPSEN.name_of(led));
    }
}

trait MovesVec {
    fn legal_moves_vec(&self) -> Vec<SchnapsenMove>;
}

impl MovesVec for Schnapsen {
    fn legal_moves_vec(&self) -> Vec<SchnapsenMove> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.as_slice().to_vec()
    }
}

/// RULES.md 5, strict rules, written out card by card.
fn strict_answers(hand: CardSet, lead: Card, trump: u8) -> CardSet {
    let held: Vec<Card> = (0..20).filter(|&c| hand & bit(c) != 0).collect();
    let pick =
        |f: &dyn Fn(Card) -> bool| held.iter().filter(|&&c| f(c)).fold(0, |a, &c| a | bit(c));
    let suit = |c: Card| c / 5;
    let higher = pick(&|c| suit(c) == suit(lead) && c % 5 > lead % 5);
    let same = pick(&|c| suit(c) == suit(lead));
    let trumps = pick(&|c| suit(c) == trump);
    [higher, same, trumps, hand]
        .into_iter()
        .find(|&s| s != 0)
        .unwrap_or(0)
}

#[test]
fn strict_rules_after_closing() {
    let mut game = new_match(&layout("KS TH JD AD KC", "JS AS QH JC TC", "QC", ""));
    play(&mut game, "close");
    let cases = [
        ("play:KS", vec!["play:AS"]),            // follow and beat
        ("play:TH", vec!["play:QH"]),            // follow, unable to beat
        ("play:JD", vec!["play:JC", "play:TC"]), // void: trump
        ("play:KC", vec!["play:TC"]),            // trumps led: beat with a trump
    ];
    for (lead, answers) in cases {
        let mut g = game.clone();
        play(&mut g, lead);
        assert_eq!(g.legal_moves(), strings(&answers), "after {lead}");
    }
    // Void in the led suit and without trumps: anything.
    let mut game = new_match(&layout("KS TH JD AD KC", "JS AS QH KH AH", "QC", ""));
    play(&mut game, "close play:JD");
    assert_eq!(game.legal_moves().len(), 5);
}

// -------------------------------------------------------- exchange, close

#[test]
fn exchange_takes_the_indicator_which_becomes_known() {
    let mut game = new_match(&deck_of(DECK_D));
    play(&mut game, "exchange");
    let s = state(&game);
    assert_eq!(s["hands"][0], json!(["KS", "TH", "AH", "KD", "QC"]));
    assert_eq!(s["known"], json!([["QC"], []]));
    assert_eq!(s["indicator"], "JC");
    assert_eq!(s["trump"], "C");
    assert_eq!(
        s["exchange"],
        json!({"seat": 0, "jack": "JC", "took": "QC"})
    );
    assert_eq!(
        game.game.current_player(),
        Some(0),
        "exchange does not end the turn"
    );
    assert!(game.legal_moves().contains(&"close".to_owned()));
    assert!(!game.legal_moves().contains(&"exchange".to_owned()));
    // The exchanged card stays known until played.
    play(&mut game, "play:QC");
    assert_eq!(state(&game)["known"], json!([[], []]));
}

#[test]
fn no_exchange_after_closing_and_none_for_the_follower() {
    let mut game = new_match(&deck_of(DECK_D));
    play(&mut game, "close");
    assert!(!game.legal_moves().contains(&"exchange".to_owned()));
    assert!(!game.legal_moves().contains(&"close".to_owned()));
    let mut game = new_match(&layout("KS TH JD AD KC", "JC AS QH JS TC", "QC", ""));
    play(&mut game, "play:KS");
    assert!(game.legal_moves().iter().all(|m| m.starts_with("play:")));
}

#[test]
fn close_records_the_opponents_standing_and_stops_drawing() {
    let mut game = new_match(&deck_of(DECK_D));
    play(
        &mut game,
        "play:KD play:JH play:AH play:AC play:TS play:TH play:AS play:KS",
    );
    let before = obs(&game, 0);
    let closer = game.game.current_player().unwrap();
    let opponent = 1 - closer;
    play(&mut game, "close");
    let s = state(&game);
    assert_eq!(
        s["closed"],
        json!({
            "by": closer,
            "opponent_points": before["points"][opponent],
            "opponent_won_trick": before["tricks_won"][opponent].as_u64().unwrap() > 0,
            "tricks": before["tricks"].as_array().unwrap().len(),
        })
    );
    let stock = s["stock"].clone();
    play(&mut game, "play:TD");
    assert_eq!(
        game.legal_moves(),
        strings(&["play:QD"]),
        "strict at once: follow and beat"
    );
    play(&mut game, "play:QD");
    let s = state(&game);
    // The closer reached 66 with that trick: 2 game points, as the
    // opponent had won a trick but held fewer than 33 when it closed.
    assert_eq!(
        briefs(&s["deals"]),
        json!([{"winner": closer, "game_points": 2, "reason": "closer_reached_66"}])
    );
    assert!(before["points"][opponent].as_u64().unwrap() < 33);
    // Deal 2 started; deal 1's closed stock never reached a hand.
    assert_ne!(stock, json!([]));
}

// --------------------------------------------------------------- marriages

#[test]
fn marriage_makes_the_partner_known_and_counts_once_a_trick_is_won() {
    let mut game = new_match(&layout("KH QH KC QC AS", "JS QS AH JD QD", "AC", ""));
    assert_eq!(
        game.legal_moves(),
        strings(&[
            "close",
            "marriage:KC",
            "marriage:KH",
            "marriage:QC",
            "marriage:QH",
            "play:AS",
            "play:KC",
            "play:KH",
            "play:QC",
            "play:QH",
        ])
    );
    play(&mut game, "marriage:QH");
    let s = state(&game);
    assert_eq!(s["marriages"], json!([["H"], []]));
    assert_eq!(s["known"], json!([["KH"], []]));
    assert_eq!(s["lead"], "QH");
    let o = obs(&game, 1);
    assert_eq!(o["points"], json!([0, 0]));
    assert_eq!(o["pending_points"], json!([20, 0]));
    // Seat 1 takes the queen with the ace: the 20 stay pending.
    play(&mut game, "play:AH");
    assert_eq!(obs(&game, 0)["points"], json!([0, 14]));
    assert_eq!(obs(&game, 0)["pending_points"], json!([20, 0]));
    // Seat 0's first trick makes them count.
    play(&mut game, "play:JS play:TS");
    let o = obs(&game, 0);
    assert_eq!(o["points"], json!([32, 14]));
    assert_eq!(o["pending_points"], json!([0, 0]));
    // Hearts are declared; clubs (trumps) are still open.
    let legal = game.legal_moves();
    assert!(!legal.contains(&"marriage:KH".to_owned()));
    assert!(legal.contains(&"marriage:KC".to_owned()));
    assert!(legal.contains(&"marriage:QC".to_owned()));
}

#[test]
fn trump_marriage_is_forty_and_sixty_five_goes_on() {
    let mut game = new_match(&layout("KH QH KC QC AS", "JS QS JH JD QD", "AC", ""));
    play(&mut game, "marriage:QH play:JD");
    assert_eq!(obs(&game, 0)["points"], json!([25, 0]));
    play(&mut game, "marriage:KC");
    assert_eq!(obs(&game, 0)["points"], json!([65, 0]));
    assert_eq!(state(&game)["deals"], json!([]));
    play(&mut game, "play:QS");
    assert_eq!(
        briefs(&state(&game)["deals"]),
        json!([{"winner": 0, "game_points": 3, "reason": "reached_66"}])
    );
}

/// 26 card points and a trump marriage: 66 at once, before seat 1 answers.
const MARRIAGE_66: (&str, &str, &str) = ("AS TS KC QC AH", "JS QS JH QH JD", "AC");
const MARRIAGE_66_MOVES: &str = "play:AS play:JS play:TS play:QS marriage:KC";

#[test]
fn marriage_reaching_66_ends_the_deal_and_the_next_deal_follows() {
    let (s0, s1, ind) = MARRIAGE_66;
    let mut game = new_match(&layout(s0, s1, ind, ""));
    play(&mut game, MARRIAGE_66_MOVES);
    let s = state(&game);
    assert_eq!(
        briefs(&s["deals"]),
        json!([{"winner": 0, "game_points": 3, "reason": "reached_66"}])
    );
    assert_eq!(s["match_points"], json!([4, 7]));
    // Deal 2: seat 0 deals, seat 1 leads, from seed 0's stream.
    let mut rng = SplitMix64::new(0);
    let mut order: Vec<Card> = (0..20).collect();
    shuffle(&mut order, &mut rng);
    let names = |cards: &[Card]| {
        let set = cards.iter().fold(0, |a, &c| a | bit(c));
        json!(SCHNAPSEN.names(set))
    };
    assert_eq!(s["dealer"], 0);
    assert_eq!(s["leader"], 1);
    assert_eq!(s["hands"][1], names(&[&order[0..3], &order[7..9]].concat()));
    assert_eq!(
        s["hands"][0],
        names(&[&order[3..6], &order[9..11]].concat())
    );
    assert_eq!(s["indicator"], SCHNAPSEN.name_of(order[6]));
    assert_eq!(s["rng"], rng.state);
    assert_eq!(s["tricks"], json!([]));
    assert_eq!(s["marriages"], json!([[], []]));
    assert_eq!(s["known"], json!([[], []]));
    assert_eq!(game.game.current_player(), Some(1));
}

/// Records of two earlier deals won by seat 0, 3 game points each: one
/// reaching 66 against an opponent without a trick, one where seat 1
/// closed and failed while seat 0 had no trick.
const EARLIER_66: &str = r#"{"winner": 0, "game_points": 3, "reason": "reached_66",
    "trump": "S", "points": [66, 0], "tricks_won": [3, 0], "marriages": [[], []],
    "marriage_points": [0, 0], "pending_points": [0, 0], "last_trick": ["AS", "TS", 0],
    "closed_by": null, "match_points": [4, 7]}"#;
const EARLIER_FAILED: &str = r#"{"winner": 0, "game_points": 3, "reason": "closer_failed",
    "trump": "H", "points": [0, 60], "tricks_won": [0, 5], "marriages": [["S"], []],
    "marriage_points": [0, 0], "pending_points": [20, 0], "last_trick": ["AD", "JD", 1],
    "closed_by": 1, "match_points": [1, 7]}"#;

/// A match position with earlier deals won by seat 0.
fn with_deals(game: &Match, deals: Value, match_points: Value) -> Match {
    let mut s = state(game);
    s["deals"] = deals;
    s["match_points"] = match_points;
    Match::from_value(&s).expect("a consistent state")
}

#[test]
fn the_last_deal_stays_on_the_table_and_match_points_stop_at_zero() {
    let (s0, s1, ind) = MARRIAGE_66;
    let start = new_match(&layout(s0, s1, ind, ""));
    let record = |text: &str| serde_json::from_str::<Value>(text).unwrap();
    let earlier = json!([record(EARLIER_66), record(EARLIER_FAILED)]);
    let mut game = with_deals(&start, earlier.clone(), json!([1, 7]));
    play(&mut game, MARRIAGE_66_MOVES);
    let s = state(&game);
    let last = json!({
        "winner": 0, "game_points": 3, "reason": "reached_66", "trump": "C",
        "points": [66, 0], "tricks_won": [2, 0], "marriages": [["C"], []],
        "marriage_points": [40, 0], "pending_points": [0, 0],
        "last_trick": ["TS", "QS", 0], "closed_by": null, "match_points": [0, 7],
    });
    let mut deals = earlier.as_array().unwrap().clone();
    deals.push(last);
    assert_eq!(s["match_points"], json!([0, 7]));
    assert_eq!(s["deals"], Value::Array(deals.clone()));
    assert_eq!(
        s["outcome"],
        json!({"winner": 0, "match_points": [0, 7], "deals": deals})
    );
    // The marriage's king stays led; nothing was redealt.
    assert_eq!(s["lead"], "KC");
    assert_eq!(s["leader"], 0);
    assert_eq!(s["dealer"], 1);
    assert_eq!(s["hands"][0], json!(["KS", "TH", "AH", "QC"]));
    assert_eq!(s["tricks"], json!([["AS", "JS", 0], ["TS", "QS", 0]]));
    assert_eq!(s["rng"], 0);
    assert_eq!(game.game.current_player(), None);
    assert!(game.legal_moves().is_empty());
    assert_eq!(obs(&game, 1)["current_player"], Value::Null);
    assert!(game.play("play:QC").is_err());
    assert_eq!(state(&game), s, "a refused move changes nothing");
    let back = Match::from_value(&s).expect("the final state loads");
    assert_eq!(back.game, game.game);
}

// -------------------------------------------------------------- deal scores

/// Deck D played to the end of deal 1 by the given moves.
fn first_deal(moves: &str) -> Value {
    let mut game = new_match(&deck_of(DECK_D));
    let n = moves.split_whitespace().count();
    for (i, mv) in moves.split_whitespace().enumerate() {
        assert_eq!(state(&game)["deals"], json!([]), "deal 1 ended early");
        game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        if i + 1 == n {
            return briefs(&state(&game)["deals"])[0].clone();
        }
    }
    Value::Null
}

fn deal(winner: u8, game_points: u8, reason: Reason) -> Value {
    json!({"winner": winner, "game_points": game_points, "reason": reason.name()})
}

#[test]
fn reaching_66_scores_one_two_or_three() {
    // Opponent at 33 or more: 1.
    let one = "play:JC play:AS play:TH play:QS play:KC play:QH play:TS play:AC play:TD \
               play:KD play:TC play:QC play:AD play:AH";
    // Opponent with a trick but below 33: 2.
    let two = "play:KS play:JH play:TH play:AC play:TS play:AH play:TD play:KD play:AD play:QD";
    // Opponent without a trick: 3.
    let three = "play:JC play:QS play:TH play:AS play:KC play:JD play:AH play:JH play:AD play:TD";
    assert_eq!(first_deal(one), deal(1, 1, Reason::Reached66));
    assert_eq!(first_deal(two), deal(1, 2, Reason::Reached66));
    assert_eq!(first_deal(three), deal(0, 3, Reason::Reached66));
}

#[test]
fn all_cards_played_without_66_the_last_trick_wins_one() {
    let moves = "play:KD play:JD play:KS play:AS play:JH play:QH play:KC play:TS play:JC \
                 play:KH play:TH play:QC play:TD play:AD play:JS play:QS play:QD play:TC \
                 play:AH play:AC";
    assert_eq!(first_deal(moves), deal(1, 1, Reason::LastTrick));
}

#[test]
fn closed_stock_scores() {
    let cases = [
        (
            "play:KS play:AS play:QS play:KD play:TD play:QH play:KC play:AC close play:AH \
             play:JH play:JC play:KH play:TH play:JD play:AD play:TS",
            deal(0, 1, Reason::CloserReached66),
        ),
        (
            "play:KS play:JH play:TH play:AS play:TS play:TD play:AH play:QD close play:KD play:JD",
            deal(0, 3, Reason::CloserReached66),
        ),
        (
            "play:AH play:JD play:KC play:AC close play:TS play:KS play:QS play:JC play:TH \
             play:JH play:KD play:TD play:AS play:QH",
            deal(0, 2, Reason::CloserFailed),
        ),
        (
            "close play:TH play:JH play:KD play:TD play:JD play:JC play:KS play:AS play:QS play:AH",
            deal(1, 3, Reason::CloserFailed),
        ),
        (
            "play:TH play:JH play:KS play:AC close play:TS play:KC play:QH play:TD play:KD \
             play:JD play:AH play:AS",
            deal(0, 2, Reason::OpponentReached66),
        ),
        (
            "play:JC play:JH close play:KS play:AS play:TD play:KD play:AC play:KC play:QS \
             play:AH play:JD play:TH",
            deal(1, 3, Reason::OpponentReached66),
        ),
    ];
    for (moves, expected) in cases {
        assert_eq!(first_deal(moves), expected, "{moves}");
    }
}

#[test]
fn the_closers_opponent_reaching_66_by_marriage() {
    let moves = "play:AH play:AS play:TH play:JD play:KC play:AC close play:JS play:TS \
                 marriage:QD";
    assert_eq!(first_deal(moves), deal(0, 2, Reason::OpponentReached66));
}

#[test]
fn a_seeded_match_continues_one_stream() {
    let seed = 99;
    let game = Match::new(Some(seed), None).unwrap();
    let mut rng = SplitMix64::new(seed);
    let mut order: Vec<Card> = (0..20).collect();
    shuffle(&mut order, &mut rng);
    assert_eq!(game.record.deck, order);
    assert_eq!(game.game.rng_state(), rng.state);
    // Play deal 1 out; deal 2 comes from the same stream, continued.
    let mut g = game.game.clone();
    let mut chooser = SplitMix64::new(5);
    while g.deals_finished() == 0 {
        let mv = g.random_move(&mut chooser);
        g.apply(mv);
    }
    let mut second: Vec<Card> = (0..20).collect();
    shuffle(&mut second, &mut rng);
    assert_eq!(g.rng_state(), rng.state);
    let set = |cards: &[Card]| cards.iter().fold(0, |a, &c| a | bit(c));
    assert_eq!(g.dealer(), 0);
    assert_eq!(g.hand(1), set(&[&second[0..3], &second[7..9]].concat()));
    assert_eq!(g.indicator(), Some(second[6]));
}

// ---------------------------------------------------------------- states

/// An error as `kind at field`, what the tests compare.
fn fault(error: &cardavia_core::error::Error) -> String {
    format!("{} at {}", error.kind.name(), error.field)
}

/// A damage done to a good state dict.
type Change = Box<dyn Fn(&mut Value)>;

#[test]
fn from_value_names_the_first_thing_wrong() {
    let game = new_match(&deck_of(DECK_D));
    let good = state(&game);
    let cases: Vec<(Change, &str)> = vec![
        (
            Box::new(|s| {
                s.as_object_mut().unwrap().remove("stock");
            }),
            "missing_field at state",
        ),
        (Box::new(|s| s["zzz"] = json!(1)), "unknown_field at state"),
        (Box::new(|s| s["schema"] = json!(1)), "schema at schema"),
        (Box::new(|s| s["rng"] = json!(-1)), "integer at rng"),
        (
            Box::new(|s| s["hands"][0] = json!(["TH", "KS", "AH", "KD", "JC"])),
            "order at hands[0]",
        ),
        (
            Box::new(|s| s["stock"][0] = json!("XX")),
            "card at stock[0]",
        ),
        (
            Box::new(|s| s["marriages"][1] = json!(["H", "S"])),
            "suits at marriages[1]",
        ),
        (
            Box::new(|s| {
                s["closed"] = json!({
                    "by": 0, "opponent_points": 0, "opponent_won_trick": 1, "tricks": 0
                })
            }),
            "boolean at closed.opponent_won_trick",
        ),
        (
            Box::new(|s| s["stock"][0] = json!("QS")),
            "two_places at stock",
        ),
        (
            Box::new(|s| s["known"][0] = json!(["QS"])),
            "known_not_in_hand at known[0]",
        ),
        (Box::new(|s| s["leader"] = json!(1)), "leader at leader"),
        (Box::new(|s| s["dealer"] = json!(0)), "dealer at dealer"),
        (
            Box::new(|s| s["match_points"] = json!([6, 7])),
            "match_points at match_points",
        ),
        (
            Box::new(|s| s["marriages"][0] = json!(["S"])),
            "marriage_not_led at marriages[0]",
        ),
        (
            Box::new(|s| s["trump"] = json!("H")),
            "indicator_suit at indicator",
        ),
    ];
    for (change, message) in cases {
        let mut bad = good.clone();
        change(&mut bad);
        match Schnapsen::from_value(&bad) {
            Err(err) => assert_eq!(fault(&err), message),
            Ok(_) => panic!("accepted: {message}"),
        }
    }
    assert!(Schnapsen::from_value(&good).is_ok());
}

// -------------------------------------------------------------- properties

/// Every card in exactly one place, hands matching, known cards held.
fn check_invariants(g: &Schnapsen) {
    let mut seen: CardSet = 0;
    let mut put = |set: CardSet| {
        assert_eq!(seen & set, 0, "a card in two places");
        seen |= set;
    };
    put(g.hand(0));
    put(g.hand(1));
    for &c in g.stock() {
        put(bit(c));
    }
    if let Some(c) = g.indicator() {
        put(bit(c));
    }
    if let Some(c) = g.lead() {
        put(bit(c));
    }
    for t in g.tricks() {
        put(bit(t.lead));
        put(bit(t.follow));
    }
    assert_eq!(seen, SCHNAPSEN.full(), "a card is missing");
    for seat in 0..2 {
        assert_eq!(g.known(seat) & !g.hand(seat), 0, "known but not held");
    }
    // Match points follow from the deals, clamped at 0.
    let mut points = [7u8; 2];
    for d in g.deals() {
        assert!((1..=3).contains(&d.game_points));
        let w = usize::from(d.winner);
        assert_ne!(points[w], 0, "a deal after the match was won");
        points[w] = points[w].saturating_sub(d.game_points);
    }
    assert_eq!(g.match_points(), points);
    assert_eq!(g.is_over(), points.contains(&0));
    assert!(g.deals().len() <= 13);
    if !g.is_over() {
        let sizes = [g.hand(0).count_ones(), g.hand(1).count_ones()];
        let leader = g.leader();
        let adjusted = if g.lead().is_some() {
            [
                sizes[0] + u32::from(leader == 0),
                sizes[1] + u32::from(leader == 1),
            ]
        } else {
            sizes
        };
        assert_eq!(adjusted[0], adjusted[1], "hands of equal size");
        assert!(g.points(0) < 66 && g.points(1) < 66);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_matches_keep_the_invariants(seed in any::<u64>(), chooser_seed in any::<u64>()) {
        let mut game = Match::new(Some(seed), None).unwrap();
        let mut chooser = SplitMix64::new(chooser_seed);
        let mut list = MoveList::new();
        let mut steps = 0;
        while !game.game.is_over() {
            check_invariants(&game.game);
            game.game.legal_moves(&mut list);
            prop_assert!(!list.is_empty());
            // random_move offers only legal moves.
            let fast = game.game.random_move(&mut chooser);
            prop_assert!(list.as_slice().contains(&fast), "{:?}", fast);
            // Every move round-trips by name.
            let names = legal_move_names(&game.game);
            prop_assert_eq!(names.len(), list.len());
            let pick = names[chooser.below(names.len() as u64) as usize].clone();
            prop_assert_eq!(Schnapsen::parse_move(&pick).map(Schnapsen::move_name), Some(pick.clone()));
            game.play(&pick).unwrap();
            // The state dict round-trips exactly.
            let value = game.to_value();
            let back = Match::from_value(&value).unwrap();
            prop_assert_eq!(&back.game, &game.game);
            prop_assert_eq!(back.to_value(), value);
            steps += 1;
            prop_assert!(steps < 2000);
        }
        check_invariants(&game.game);
        prop_assert!(game.legal_moves().is_empty());
        let g = &game.game;
        prop_assert_eq!(g.winner(), g.match_winner());
        prop_assert_eq!(g.deals_finished() as usize, g.deals().len());
        let won = g.game_points();
        prop_assert!(won[g.winner().unwrap()] >= 7);
        prop_assert!(game.game.outcome_value().is_object());
    }

    #[test]
    fn from_value_never_panics_on_damaged_states(seed in any::<u64>(), damage in any::<u64>()) {
        let mut game = Match::new(Some(seed), None).unwrap();
        let mut rng = SplitMix64::new(damage);
        let moves = rng.below(60);
        for _ in 0..moves {
            if game.game.is_over() {
                break;
            }
            let mv = game.game.random_move(&mut rng);
            game.game.apply(mv);
        }
        let mut value = game.to_value();
        for _ in 0..=rng.below(3) {
            damage_value(&mut value, &mut rng);
        }
        if let Ok(loaded) = Match::from_value(&value) {
            // Whatever loads plays on without panicking.
            let mut g = loaded.game;
            let mut list = MoveList::new();
            for _ in 0..40 {
                g.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                let mv = g.random_move(&mut rng);
                prop_assert!(list.as_slice().contains(&mv));
                g.apply(mv);
                let _ = g.observation(0, &loaded.record);
            }
        }
    }
}

/// Replace one value somewhere in the tree by something plausible or wrong.
fn damage_value(value: &mut Value, rng: &mut SplitMix64) {
    let replacements = [
        Value::Null,
        json!(true),
        json!(0),
        json!(1),
        json!(-1),
        json!(2),
        json!(7),
        json!(66),
        json!(201),
        json!(1.5),
        json!(""),
        json!("S"),
        json!("AS"),
        json!("JC"),
        json!([]),
        json!({}),
        json!(u64::MAX),
        json!(CARDS[rng.below(20) as usize]),
    ];
    let depth = rng.below(5);
    damage_at(value, depth, &replacements, rng);
}

fn damage_at(value: &mut Value, depth: u64, replacements: &[Value], rng: &mut SplitMix64) {
    if depth > 0 {
        match value {
            Value::Object(map) if !map.is_empty() => {
                let i = rng.below(map.len() as u64) as usize;
                if let Some(child) = map.values_mut().nth(i) {
                    return damage_at(child, depth - 1, replacements, rng);
                }
            }
            Value::Array(items) if !items.is_empty() => {
                let i = rng.below(items.len() as u64) as usize;
                return damage_at(&mut items[i], depth - 1, replacements, rng);
            }
            _ => {}
        }
    }
    *value = replacements[rng.below(replacements.len() as u64) as usize].clone();
}

#[test]
fn random_move_is_uniform_over_the_legal_moves() {
    let game = new_match(&deck_of(DECK_D));
    let legal = game.game.legal_moves_vec();
    assert_eq!(legal.len(), 7);
    let mut counts = [0u32; 7];
    let mut rng = SplitMix64::new(3);
    for _ in 0..70_000 {
        let mv = game.game.random_move(&mut rng);
        let i = legal.iter().position(|&m| m == mv).expect("a legal move");
        counts[i] += 1;
    }
    for c in counts {
        assert!((9_400..10_600).contains(&c), "{counts:?}");
    }
}

#[test]
fn clones_are_independent_and_cheap() {
    let game = new_match(&deck_of(DECK_D));
    let mut copy = game.game.clone();
    copy.apply(SchnapsenMove::Close);
    assert_ne!(copy, game.game);
    assert!(std::mem::size_of::<Schnapsen>() <= 256);
}
