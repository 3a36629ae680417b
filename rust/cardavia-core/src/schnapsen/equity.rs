//! The chance to win a Schnapsen match from its score: what a deal's result
//! is worth. RULES.md chapter 5 counts a match down from seven points; a
//! deal won by one point from 2–1 ends the match, from 7–7 it barely moves
//! it, so the search values the end of a deal by the match, not the deal.
//!
//! The equity is a small dynamic programme over the score: from a score
//! and the seat that deals next, each possible deal result (who wins it,
//! with one, two or three game points) happens with the probability
//! measured between two equal players, and leads to another score with the
//! other seat dealing. The measurement: 1,754 deals of `normal` against
//! `normal` (300 matches, 2026-12-01); the dealer won 52% of the deals
//! (docs/AI.md, "Schnapsen plays the match").

/// Points to win a match.
const MATCH: usize = 7;

/// How a deal ends, seen from the dealer: the chance that the dealer wins
/// it with 1, 2 or 3 game points, and that the other seat does.
const DEALER_WINS: [f64; 3] = [0.1836, 0.2075, 0.1283];
const OTHER_WINS: [f64; 3] = [0.1990, 0.1762, 0.1055];

/// `TABLE[a][b][d]`: seat 0's chance to win the match with `a` points
/// left to make, seat 1 with `b`, and seat `d` dealing next.
static TABLE: [[[f64; 2]; MATCH + 1]; MATCH + 1] = table();

const fn table() -> [[[f64; 2]; MATCH + 1]; MATCH + 1] {
    let mut t = [[[0.0; 2]; MATCH + 1]; MATCH + 1];
    // Scores in increasing order of the points left, so that every score
    // a deal leads to is known before the score it comes from.
    let mut total = 2;
    while total <= 2 * MATCH {
        let mut a = 1;
        while a <= MATCH && a < total {
            let b = total - a;
            if b <= MATCH {
                let mut d = 0;
                while d < 2 {
                    t[a][b][d] = expected(&t, a, b, d);
                    d += 1;
                }
            }
            a += 1;
        }
        total += 1;
    }
    t
}

/// The equity at a score before a deal: each result weighed by its chance.
const fn expected(t: &[[[f64; 2]; MATCH + 1]; MATCH + 1], a: usize, b: usize, d: usize) -> f64 {
    let (seat0, seat1) = if d == 0 {
        (DEALER_WINS, OTHER_WINS)
    } else {
        (OTHER_WINS, DEALER_WINS)
    };
    let mut sum = 0.0;
    let mut k = 0;
    while k < 3 {
        let points = k + 1;
        // Seat 0 wins the deal: the match, or a score nearer to it.
        sum += seat0[k]
            * if a <= points {
                1.0
            } else {
                t[a - points][b][1 - d]
            };
        // Seat 1 wins the deal.
        sum += seat1[k]
            * if b <= points {
                0.0
            } else {
                t[a][b - points][1 - d]
            };
        k += 1;
    }
    // The measured chances add up to one but for rounding.
    sum / (DEALER_WINS[0]
        + DEALER_WINS[1]
        + DEALER_WINS[2]
        + OTHER_WINS[0]
        + OTHER_WINS[1]
        + OTHER_WINS[2])
}

/// Seat 0's chance to win the match with `left` points still to make for
/// each seat (the state's `match_points`) and `dealer` dealing next; 1 or
/// 0 once a seat has none left.
pub fn match_equity(left: [u8; 2], dealer: u8) -> f64 {
    let (a, b) = (usize::from(left[0]), usize::from(left[1]));
    if a == 0 {
        return 1.0;
    }
    if b == 0 {
        return 0.0;
    }
    TABLE[a.min(MATCH)][b.min(MATCH)][usize::from(dealer & 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_equity_of_a_score() {
        // Even at the start, a little better for the seat that deals first
        // (seat 1), whom the measured deals favour.
        let start = match_equity([7, 7], 1);
        assert!((0.49..0.5).contains(&start), "{start}");
        assert!((match_equity([7, 7], 0) + match_equity([7, 7], 1) - 1.0).abs() < 1e-9);
        // One point from the end wins most matches; the table is a chance.
        assert!(match_equity([1, 7], 0) > 0.9);
        assert!(match_equity([7, 1], 0) < 0.1);
        for a in 1..=7u8 {
            for b in 1..=7u8 {
                for d in 0..2 {
                    let e = match_equity([a, b], d);
                    assert!((0.0..=1.0).contains(&e));
                    // Fewer points to make is better, whoever deals.
                    if a > 1 {
                        assert!(match_equity([a - 1, b], d) > e);
                    }
                    // The seats' chances are symmetric.
                    let mirror = match_equity([b, a], 1 - d);
                    assert!((e + mirror - 1.0).abs() < 1e-9, "{a} {b} {d}");
                }
            }
        }
        assert_eq!(match_equity([0, 3], 0), 1.0);
        assert_eq!(match_equity([3, 0], 1), 0.0);
    }
}
