//! Why a Schnapsen move is refused (RULES.md chapter 5). The twin of
//! `python/cardavia/reference/schnapsen/refusal.py`.
//!
//! Each reason takes apart the predicate that `legal_moves` uses for the
//! move (`stock_open`, `follower_cards`, `marriage_queens`, the trump
//! jack, five cards), so a refusal and the move generator cannot disagree.

use super::rules::{suit_of, suit_set, Schnapsen, SchnapsenMove, KINGS, QUEENS};
use crate::cards::{bit, count, Card, SCHNAPSEN};
use crate::game::Game;
use crate::refusal::{Explain, Reason, Refusal};

/// The other card of a marriage: a queen's king is just above it.
fn partner(card: Card) -> Card {
    if QUEENS & bit(card) != 0 {
        card + 1
    } else {
        card - 1
    }
}

impl Schnapsen {
    /// `exchange` and `close`: only while the stock is open, only by the
    /// leader before leading; then the trump jack, or five cards.
    fn why_talon(&self, mv: SchnapsenMove) -> Refusal {
        if self.closed.is_some() {
            Refusal::new(Reason::StockClosed)
        } else if self.indicator.is_none() {
            Refusal::new(Reason::StockExhausted)
        } else if let Some(lead) = self.lead {
            Refusal::new(Reason::LeaderOnly).card("lead", SCHNAPSEN, lead)
        } else if mv == SchnapsenMove::Exchange {
            Refusal::new(Reason::NoTrumpJack).card("jack", SCHNAPSEN, self.trump_jack())
        } else {
            // Unreachable in play (the leader holds five while the stock
            // is open), but it is the rule's own condition.
            let held = count(self.hands[usize::from(self.leader)]);
            Refusal::new(Reason::CloseNeedsFive).with("hand_size", held)
        }
    }

    /// `marriage:C` outside `marriage_queens`: not the leader, the card not
    /// in hand, the suit declared already, or its partner not in hand.
    fn why_marriage(&self, card: Card) -> Refusal {
        let seat = usize::from(self.leader);
        let suit = suit_of(card);
        if let Some(lead) = self.lead {
            Refusal::new(Reason::LeaderOnly).card("lead", SCHNAPSEN, lead)
        } else if self.hands[seat] & bit(card) == 0 {
            Refusal::new(Reason::NotInHand).card("card", SCHNAPSEN, card)
        } else if self.marriages[seat] & (1 << suit) != 0 {
            Refusal::new(Reason::MarriageDeclared).suit("suit", suit)
        } else {
            Refusal::new(Reason::NoMarriage).suit("suit", suit).card(
                "partner",
                SCHNAPSEN,
                partner(card),
            )
        }
    }

    /// `play:C` outside `follower_cards`, or not in the hand: the strict
    /// rules' duties in their order, beat, follow, trump.
    fn why_play(&self, card: Card) -> Refusal {
        let seat = self.current_player().unwrap_or(0);
        let hand = self.hands[seat & 1];
        let lead = match self.lead {
            Some(lead) if hand & bit(card) != 0 => lead,
            _ => return Refusal::new(Reason::NotInHand).card("card", SCHNAPSEN, card),
        };
        let same_suit = hand & suit_set(suit_of(lead));
        let reason = if same_suit & !((2u64 << lead) - 1) != 0 {
            Reason::MustBeat
        } else if same_suit != 0 {
            Reason::MustFollow
        } else {
            Reason::MustTrump
        };
        let refusal = Refusal::new(reason).card("lead", SCHNAPSEN, lead);
        if reason == Reason::MustTrump {
            refusal.suit("trump", self.trump)
        } else {
            refusal
        }
    }
}

impl Explain for Schnapsen {
    fn why(&self, mv: SchnapsenMove) -> Refusal {
        match mv {
            SchnapsenMove::Exchange | SchnapsenMove::Close => self.why_talon(mv),
            SchnapsenMove::Marriage(card) => self.why_marriage(card),
            SchnapsenMove::Play(card) => self.why_play(card),
        }
    }

    fn why_not_a_move(text: &str) -> Refusal {
        // A marriage is led with a king or a queen; any other card of the
        // deck spells no move.
        match text
            .strip_prefix("marriage:")
            .and_then(|card| SCHNAPSEN.parse(card))
        {
            Some(card) if (QUEENS | KINGS) & bit(card) == 0 => {
                Refusal::new(Reason::NotKingOrQueen).card("card", SCHNAPSEN, card)
            }
            _ => Refusal::new(Reason::NotAMove),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::refusal::tests::{dealt, play, why};
    use crate::session::Session;
    use serde_json::{json, Value};

    // Seat 0 (non-dealer, leads) JS AS JH JD KD; seat 1 QS KS TD AD AC;
    // the indicator QC (trump C); the stock TS QH KH TH AH QD JC KC TC.
    const DECK: &str = "JS AS JH QS KS TD QC JD KD AD AC TS QH KH TH AH QD JC KC TC";

    fn deal() -> Session<Schnapsen> {
        dealt(DECK)
    }

    fn check(game: &Schnapsen, cases: &[(&str, Value)]) {
        for (text, expected) in cases {
            assert_eq!(&why(game, text), expected, "{text}");
        }
    }

    fn reason(name: &str) -> Value {
        json!({ "reason": name })
    }

    #[test]
    fn leading() {
        let g = deal();
        check(
            &g.game,
            &[
                ("play:JS", Value::Null),
                ("close", Value::Null),
                ("play:QS", json!({"reason": "not_in_hand", "card": "QS"})),
                (
                    "marriage:QS",
                    json!({"reason": "not_in_hand", "card": "QS"}),
                ),
                (
                    "marriage:KD",
                    json!({"reason": "no_marriage", "suit": "D", "partner": "QD"}),
                ),
                (
                    "marriage:JS",
                    json!({"reason": "not_king_or_queen", "card": "JS"}),
                ),
                ("marriage:9S", reason("not_a_move")),
                ("exchange", json!({"reason": "no_trump_jack", "jack": "JC"})),
                ("take", reason("not_a_move")),
            ],
        );
    }

    #[test]
    fn following_and_the_strict_rules() {
        let mut g = deal();
        play(&mut g, "play:JH");
        let leader = json!({"reason": "leader_only", "lead": "JH"});
        check(
            &g.game,
            &[
                ("play:QS", Value::Null),
                ("exchange", leader.clone()),
                ("close", leader.clone()),
                ("marriage:QS", leader),
            ],
        );
        let mut closed = deal();
        play(&mut closed, "close");
        check(
            &closed.game,
            &[
                ("close", reason("stock_closed")),
                ("exchange", reason("stock_closed")),
            ],
        );
        let strict = |lead: &str, card: &str, expected: Value| {
            let mut g = closed.clone();
            play(&mut g, &format!("play:{lead}"));
            assert_eq!(
                why(&g.game, &format!("play:{card}")),
                expected,
                "{lead} {card}"
            );
        };
        strict("JS", "TD", json!({"reason": "must_beat", "lead": "JS"}));
        strict("JS", "QS", Value::Null);
        strict("AS", "TD", json!({"reason": "must_follow", "lead": "AS"}));
        strict("AS", "AC", json!({"reason": "must_follow", "lead": "AS"}));
        strict(
            "JH",
            "QS",
            json!({"reason": "must_trump", "lead": "JH", "trump": "C"}),
        );
        strict("JH", "AC", Value::Null);
        strict("JH", "JD", json!({"reason": "not_in_hand", "card": "JD"}));
    }

    #[test]
    fn marriages_once_a_suit() {
        let mut g = deal();
        // Seat 1 wins with a trump, declares spades, wins again with it.
        play(&mut g, "play:JH play:AC marriage:QS play:JD");
        assert_eq!(g.game.current_player(), Some(1));
        check(
            &g.game,
            &[(
                "marriage:KS",
                json!({"reason": "marriage_declared", "suit": "S"}),
            )],
        );
    }

    #[test]
    fn the_exhausted_stock_and_five_cards() {
        let mut g = deal();
        // Plain plays (the last legal moves) until the stock runs out.
        while g.game.indicator.is_some() || g.game.lead.is_some() {
            let last = crate::game::legal_move_names(&g.game)
                .pop()
                .expect("a move");
            play(&mut g, &last);
        }
        assert_eq!(g.game.deals().len(), 0);
        check(
            &g.game,
            &[
                ("close", reason("stock_exhausted")),
                ("exchange", reason("stock_exhausted")),
            ],
        );
        // No position of play has the leader short of five with the stock
        // open; the rule still names its condition.
        let mut short = deal();
        short.game.hands[0] &= !bit(0);
        check(
            &short.game,
            &[(
                "close",
                json!({"reason": "close_needs_five", "hand_size": 4}),
            )],
        );
    }
}
