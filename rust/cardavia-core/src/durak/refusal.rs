//! Why a Durak move is refused (RULES.md chapter 3; the transfer's reasons
//! of chapter 4 are in `perevodnoy.rs`). The twin of
//! `python/cardavia/reference/durak/refusal.py`.
//!
//! Each reason takes apart the predicate that `legal_moves` uses for the
//! move (`phase`, `additions`, `beating_set`, `transfer_cards`), so a
//! refusal and the move generator cannot disagree.

use super::rules::{DurakMove, DurakRules, Phase, DECK, RANK};
use crate::cards::{bit, Card};
use crate::refusal::{Explain, Reason, Refusal, HOW_LOWER, HOW_NOT_TRUMP, HOW_OTHER_SUIT};

impl<const TRANSFERS: bool> DurakRules<TRANSFERS> {
    /// The card of the thrower to move (the attacker at two seats), in
    /// hand, beyond what `additions` allows: the
    /// bout's limit is reached, or its rank is not on the table. (Opening
    /// allows any card in hand.)
    fn why_attack(&self, card: Card) -> Refusal {
        if self.hands[self.thrower()] & bit(card) == 0 {
            Refusal::new(Reason::NotInHand).card("card", DECK, card)
        } else if self.table_len >= self.limit {
            Refusal::new(Reason::BoutLimit).with("limit", self.limit)
        } else {
            Refusal::new(Reason::RankNotOnTable)
                .rank("rank", DECK, RANK[usize::from(card)])
                .with("ranks", self.table_rank_names())
        }
    }

    /// The defender's card, in hand, outside `beating_set` of the open
    /// attack: lower in its suit, not a trump on a trump, or neither of
    /// its suit nor a trump.
    fn why_defend(&self, card: Card) -> Refusal {
        if self.hands[self.defender()] & bit(card) == 0 {
            return Refusal::new(Reason::NotInHand).card("card", DECK, card);
        }
        let Some(attack) = self.open_attack() else {
            return Refusal::new(Reason::NotDefender);
        };
        let how = if DECK.suit(card) == DECK.suit(attack) {
            HOW_LOWER
        } else if self.trump_set & bit(attack) != 0 {
            HOW_NOT_TRUMP
        } else {
            HOW_OTHER_SUIT
        };
        Refusal::new(Reason::DoesNotBeat)
            .card("card", DECK, card)
            .card("attack", DECK, attack)
            .with("how", how)
    }
}

impl<const TRANSFERS: bool> Explain for DurakRules<TRANSFERS> {
    fn why(&self, mv: DurakMove) -> Refusal {
        let defending = self.phase() == Phase::Defend;
        match mv {
            DurakMove::Attack(_) | DurakMove::Stop if defending => {
                let refusal = Refusal::new(Reason::NotAttacker);
                match self.open_attack() {
                    Some(attack) => refusal.card("attack", DECK, attack),
                    None => refusal,
                }
            }
            DurakMove::Defend(_) | DurakMove::Take | DurakMove::Transfer(_) if !defending => {
                Refusal::new(Reason::NotDefender)
            }
            // The attacker may stop only once a card is on the table (and
            // `take` is never refused to the defender).
            DurakMove::Stop | DurakMove::Take => Refusal::new(Reason::OpenFirst),
            DurakMove::Attack(card) => self.why_attack(card),
            DurakMove::Defend(card) => self.why_defend(card),
            DurakMove::Transfer(card) => self.why_transfer(card),
        }
    }

    fn why_not_a_move(text: &str) -> Refusal {
        // A transfer spelled right is a move of perevodnoy, not of this game.
        match text
            .strip_prefix("transfer:")
            .and_then(|card| DECK.parse(card))
        {
            Some(_) if !TRANSFERS => Refusal::new(Reason::NoTransfer),
            _ => Refusal::new(Reason::NotAMove),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::ATLASNYE;
    use crate::durak::Durak;
    use crate::game::State;
    use crate::perevodnoy::Perevodnoy;
    use crate::refusal::tests::{dealt, filled, play, why};
    use crate::session::Session;
    use serde_json::{json, Value};

    // Trump D (7D turned up). Seat 0 holds the lowest trump 6D and attacks.
    const HANDS: &str = "6S 6H 6C 6D 9D KH  9S TH JC AS AH AC  7D";

    fn deal<G: State>() -> Session<G> {
        dealt(&filled(ATLASNYE, HANDS))
    }

    /// A position of an empty stock, every card not named in the discard.
    fn position<G: State>(hands: [&[&str]; 2], table: Value, limit: u8) -> Session<G> {
        let mut named: Vec<&str> = hands.concat();
        for pair in table.as_array().into_iter().flatten() {
            named.extend(
                pair.as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str),
            );
        }
        let discard: Vec<String> = ATLASNYE
            .names(ATLASNYE.full())
            .into_iter()
            .filter(|card| !named.contains(&card.as_str()))
            .collect();
        let state = json!({
            "schema": 2, "game": G::ID, "seed": null, "deck": ATLASNYE.names(ATLASNYE.full()),
            "trump_card": "7D", "hands": hands, "stock": [], "table": table,
            "discard": discard, "attacker": 0, "taking": false, "limit": limit,
            "idle_bouts": 0, "known": [[], []], "history": [], "outcome": null,
        });
        Session::from_value(&state).expect("a valid position")
    }

    fn check<G: crate::refusal::Explain>(game: &G, cases: &[(&str, Value)]) {
        for (text, expected) in cases {
            assert_eq!(&why(game, text), expected, "{text}");
        }
    }

    fn reason(name: &str) -> Value {
        json!({ "reason": name })
    }

    #[test]
    fn opening_a_bout() {
        let g = deal::<Durak>();
        check(
            &g.game,
            &[
                ("attack:6S", Value::Null),
                ("attack:9S", json!({"reason": "not_in_hand", "card": "9S"})),
                ("stop", reason("open_first")),
                ("take", reason("not_defender")),
                ("defend:6S", reason("not_defender")),
                ("transfer:6S", reason("no_transfer")),
                ("transfer:XX", reason("not_a_move")),
                ("play:6S", reason("not_a_move")),
            ],
        );
        let p = deal::<Perevodnoy>();
        check(&p.game, &[("transfer:6S", reason("not_defender"))]);
    }

    #[test]
    fn defending_and_adding() {
        let mut g = deal::<Durak>();
        play(&mut g, "attack:6S");
        let attacker = json!({"reason": "not_attacker", "attack": "6S"});
        check(
            &g.game,
            &[
                ("attack:AS", attacker.clone()),
                ("stop", attacker),
                ("take", Value::Null),
                ("defend:9S", Value::Null),
                ("defend:6H", json!({"reason": "not_in_hand", "card": "6H"})),
                (
                    "defend:TH",
                    json!({"reason": "does_not_beat", "card": "TH", "attack": "6S", "how": "other_suit"}),
                ),
            ],
        );
        play(&mut g, "defend:9S");
        check(
            &g.game,
            &[
                ("attack:6H", Value::Null),
                (
                    "attack:KH",
                    json!({"reason": "rank_not_on_table", "rank": "K", "ranks": ["6", "9"]}),
                ),
                ("take", reason("not_defender")),
            ],
        );
        play(&mut g, "attack:9D");
        check(
            &g.game,
            &[(
                "defend:AS",
                json!({"reason": "does_not_beat", "card": "AS", "attack": "9D", "how": "not_trump"}),
            )],
        );
        let mut lower = deal::<Durak>();
        play(&mut lower, "attack:KH");
        check(
            &lower.game,
            &[(
                "defend:TH",
                json!({"reason": "does_not_beat", "card": "TH", "attack": "KH", "how": "lower"}),
            )],
        );
    }

    #[test]
    fn the_bout_limit() {
        // Seat 1 held two cards when the bout began and has beaten both attacks.
        let g = position::<Durak>([&["6C", "9C"], &[]], json!([["6S", "7S"], ["6H", "7H"]]), 2);
        check(
            &g.game,
            &[
                ("attack:6C", json!({"reason": "bout_limit", "limit": 2})),
                ("stop", Value::Null),
            ],
        );
    }

    #[test]
    fn transfers() {
        let mut g = deal::<Perevodnoy>();
        play(&mut g, "attack:6S");
        check(
            &g.game,
            &[
                (
                    "transfer:9S",
                    json!({"reason": "transfer_rank", "rank": "6"}),
                ),
                (
                    "transfer:6H",
                    json!({"reason": "not_in_hand", "card": "6H"}),
                ),
            ],
        );
        play(&mut g, "defend:9S attack:9D");
        check(
            &g.game,
            &[("transfer:AS", reason("transfer_after_defence"))],
        );
        // Seat 0 would face two attacks holding one card.
        let short = position::<Perevodnoy>([&["8C"], &["6H", "9C"]], json!([["6S", null]]), 2);
        check(
            &short.game,
            &[(
                "transfer:6H",
                json!({"reason": "next_defender_too_few", "next_defender": 0, "hand_size": 1, "attacks": 2}),
            )],
        );
    }
}
