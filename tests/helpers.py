"""Shared helpers of the rule, random-play, round-trip and perft tests.

* Deck builders: ``durak_deck`` and ``schnapsen_deck`` give the explicit deck
  order (top first) that deals the hands, trump and stock a test wants; every
  card not named is filled in canonical order.
* ``durak_endgame`` finds a deck plus a short move script (two bouts of six
  beaten attacks) after which the stock is empty and each seat holds the six
  cards a test asks for: end-of-deal rules are then tested from a position
  reached by real play, not from a hand-written state.
* Invariant checkers used after every move of the random games.
* SplitMix64 and the shuffle of RULES.md chapter 2, written again so that
  tests compute expected deals without the engine's own code.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

import cardavia
from cardavia.cards import ATLASNYE, SCHNAPSEN, Deck

ATLASNYE_CARDS: tuple[str, ...] = ATLASNYE.cards
SCHNAPSEN_CARDS: tuple[str, ...] = SCHNAPSEN.cards
CARD_POINTS = {"J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}

DURAK_STATE_KEYS = {
    "schema", "game", "seed", "deck", "trump_card", "hands", "stock", "table",
    "discard", "attacker", "taking", "limit", "idle_bouts", "known",
    "history", "outcome",
}  # fmt: skip
SCHNAPSEN_STATE_KEYS = {
    "schema", "game", "seed", "deck", "rng", "match_points", "deals", "dealer",
    "trump", "indicator", "stock", "hands", "leader", "lead", "tricks",
    "marriages", "closed", "exchange", "known", "history", "outcome",
}  # fmt: skip
DURAK_OBSERVATION_KEYS = {
    "game", "seat", "current_player", "legal_moves", "hand", "hand_sizes", "known",
    "trump", "trump_card", "stock_size", "table", "discard", "attacker", "defender",
    "taking", "limit", "open_attack", "table_ranks", "adds_left", "beating", "can_transfer",
    "idle_bouts", "history", "outcome",
}  # fmt: skip
DEAL_KEYS = {
    "winner", "game_points", "reason", "trump", "points", "tricks_won", "marriages",
    "marriage_points", "pending_points", "last_trick", "closed_by", "match_points",
}  # fmt: skip
SCHNAPSEN_OBSERVATION_KEYS = {
    "game", "seat", "current_player", "legal_moves", "hand", "hand_sizes", "known",
    "trump", "indicator", "stock_size", "closed", "exhausted", "exchange", "dealer",
    "leader", "lead", "tricks", "marriages", "points", "pending_points", "tricks_won",
    "match_points", "deals", "history", "outcome",
}  # fmt: skip
SCHNAPSEN_REASONS = {
    "reached_66",
    "last_trick",
    "closer_reached_66",
    "closer_failed",
    "opponent_reached_66",
}


# ------------------------------------------------------------------ decks


def _fill(named: Sequence[str], deck: Deck) -> list[str]:
    """The cards of ``deck`` not in ``named``, in canonical order."""
    for card in named:
        assert card in deck.index, f"{card} is not a card of the {deck.name} deck"
    assert len(set(named)) == len(named), f"a card is named twice: {named}"
    chosen = set(named)
    return [card for card in deck.cards if card not in chosen]


def durak_deck(
    hand0: Sequence[str],
    hand1: Sequence[str],
    trump_card: str,
    stock: Sequence[str] = (),
) -> list[str]:
    """The 36-card order that deals ``hand0`` to seat 0, ``hand1`` to seat 1,
    turns up ``trump_card`` and puts ``stock`` on top of the stock (drawn in
    that order); the other cards follow in canonical order, then the trump."""
    assert len(hand0) == 6 and len(hand1) == 6, "a Durak hand is dealt six cards"
    named = [*hand0, *hand1, trump_card, *stock]
    return [*hand0, *hand1, trump_card, *stock, *_fill(named, ATLASNYE)]


def schnapsen_deck(
    non_dealer: Sequence[str],
    dealer: Sequence[str],
    indicator: str,
    stock: Sequence[str] = (),
) -> list[str]:
    """The 20-card order of a deal (RULES.md 5): the non-dealer gets
    deck[0..3] + deck[7..9], the dealer deck[3..6] + deck[9..11], deck[6] is
    the indicator and ``stock`` lies on top of the stock (drawn in order)."""
    assert len(non_dealer) == 5 and len(dealer) == 5, "a Schnapsen hand is dealt five cards"
    named = [*non_dealer, *dealer, indicator, *stock]
    rest = [*stock, *_fill(named, SCHNAPSEN)]
    return [*non_dealer[:3], *dealer[:3], indicator, *non_dealer[3:], *dealer[3:], *rest]


def new(game: str, deck: Sequence[str], seed: int | None = None) -> Any:
    """A reference-engine game from an explicit deck."""
    return cardavia.new_game(game, deck=list(deck), seed=seed, engine="reference")


def play_all(game: Any, moves: Iterable[str]) -> None:
    for move in moves:
        game.play(move)


def beats(defence: str, attack: str, trump: str) -> bool:
    """RULES.md 3, Beating, written again for the tests."""
    order = "6789TJQKA"
    if defence[1] == attack[1]:
        return order.index(defence[0]) > order.index(attack[0])
    return defence[1] == trump


def _chain(
    pool: frozenset[str], trump: str, ranks: frozenset[str], pairs: tuple[tuple[str, str], ...]
) -> tuple[tuple[str, str], ...] | None:
    """Depth-first: six (attack, defence) pairs from ``pool`` that one bout
    can play with every attack beaten (each attack matches a rank on the table)."""
    if len(pairs) == 6:
        return pairs
    order = "6789TJQKA"
    cards = sorted(pool, key=lambda c: (c[1] == trump, order.index(c[0]), c[1]))
    for attack in cards:
        if ranks and attack[0] not in ranks:
            continue
        beaters = [d for d in cards if d != attack and beats(d, attack, trump)]
        beaters.sort(key=lambda d: (d[1] == trump, order.index(d[0])))
        for defence in beaters[:3]:
            found = _chain(
                pool - {attack, defence},
                trump,
                ranks | {attack[0], defence[0]},
                (*pairs, (attack, defence)),
            )
            if found is not None:
                return found
    return None


@functools.cache
def _endgame(
    final0: tuple[str, ...], final1: tuple[str, ...], trump_card: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    trump = trump_card[1]
    named = {*final0, *final1}
    pool = frozenset(card for card in ATLASNYE_CARDS if card not in named)
    assert len(pool) == 24
    order = "6789TJQKA"
    # Bout 2 (seat 1 attacks, seat 0 beats) first: it must use exactly the
    # cards bout 1 leaves, so try bout-1 chains until bout 2 fits.
    candidates = sorted(pool, key=lambda c: (c[1] == trump, order.index(c[0]), c[1]))
    for first in candidates:
        for second in candidates:
            if second == first or not beats(second, first, trump):
                continue
            chain1 = _chain(
                pool - {first, second}, trump, frozenset({first[0], second[0]}), ((first, second),)
            )
            if chain1 is None:
                continue
            attacks1 = [a for a, _ in chain1]
            defences1 = [d for _, d in chain1]
            trumps = sorted(
                (order.index(c[0]), c in attacks1) for c in attacks1 + defences1 if c[1] == trump
            )
            if trumps and not trumps[0][1]:
                continue  # seat 1 would hold the lowest trump and attack first
            rest = pool - set(attacks1) - set(defences1)
            chain2 = _chain(frozenset(rest), trump, frozenset(), ())
            if chain2 is None:
                continue
            attacks2 = [a for a, _ in chain2]
            defences2 = [d for _, d in chain2]
            deck = [
                *attacks1,
                *defences1,
                trump_card,
                *defences2,
                *attacks2,
                *final1,
                *[c for c in final0 if c != trump_card],
            ]
            moves = [m for a, d in chain1 for m in (f"attack:{a}", f"defend:{d}")]
            moves.append("stop")
            moves += [m for a, d in chain2 for m in (f"attack:{a}", f"defend:{d}")]
            moves.append("stop")
            return tuple(deck), tuple(moves)
    raise AssertionError(f"no two-bout prefix found for {final0} / {final1}")


def durak_endgame(
    final0: Sequence[str], final1: Sequence[str], trump_card: str
) -> tuple[list[str], list[str]]:
    """A deck and a move script of two bouts (seat 0 attacks six cards that
    seat 1 beats, then seat 1 attacks six that seat 0 beats) after which the
    stock is empty, seat 0 holds ``final0`` (which must contain the trump
    card, drawn last), seat 1 holds ``final1`` and seat 0 attacks."""
    assert len(final0) == 6 and len(final1) == 6 and trump_card in final0
    deck, moves = _endgame(tuple(final0), tuple(final1), trump_card)
    return list(deck), list(moves)


def endgame(game: str, final0: Sequence[str], final1: Sequence[str], trump_card: str) -> Any:
    """The game at the end of ``durak_endgame``'s script, checked."""
    deck, moves = durak_endgame(final0, final1, trump_card)
    g = new(game, deck)
    play_all(g, moves)
    d = g.to_dict()
    assert d["stock"] == [] and d["attacker"] == 0 and d["table"] == []
    assert sorted(d["hands"][0]) == sorted(final0) and sorted(d["hands"][1]) == sorted(final1)
    return g


# ------------------------------------------------------------- invariants


def check_durak_outcome_shape(outcome: Any) -> None:
    assert isinstance(outcome, dict)
    assert set(outcome) == {"winner", "loser", "draw", "reason"}
    assert isinstance(outcome["draw"], bool)
    if outcome["draw"]:
        assert outcome["winner"] is None and outcome["loser"] is None
        assert outcome["reason"] in ("both_out", "idle_bouts")
    else:
        assert outcome["winner"] in (0, 1) and outcome["loser"] == 1 - outcome["winner"]
        assert not isinstance(outcome["winner"], bool)
        assert outcome["reason"] == "last_cards"


def check_schnapsen_outcome_shape(outcome: Any) -> None:
    assert isinstance(outcome, dict)
    assert set(outcome) == {"winner", "match_points", "deals"}
    winner = outcome["winner"]
    assert winner in (0, 1) and not isinstance(winner, bool)
    assert outcome["match_points"][winner] == 0
    assert outcome["match_points"][1 - winner] > 0
    check_deals(outcome["deals"], outcome["match_points"])
    assert outcome["deals"][-1]["winner"] == winner


def check_deals(deals: Any, match_points: Any) -> None:
    """Each deal's shape, and the match points that follow from them."""
    left = [7, 7]
    assert isinstance(deals, list)
    for deal in deals:
        assert set(deal) == DEAL_KEYS
        assert deal["winner"] in (0, 1) and deal["game_points"] in (1, 2, 3)
        assert deal["reason"] in SCHNAPSEN_REASONS
        if deal["reason"] == "last_trick":
            assert deal["game_points"] == 1
        if deal["reason"] in ("closer_failed", "opponent_reached_66"):
            assert deal["game_points"] in (2, 3)
        assert 0 not in left, "a deal after the match was decided"
        left[deal["winner"]] = max(0, left[deal["winner"]] - deal["game_points"])
        assert deal["match_points"] == left, "the match points after the deal"
        winner_points = deal["points"][deal["winner"]]
        assert (winner_points >= 66) == deal["reason"].endswith("66")
        assert deal["points"][1 - deal["winner"]] < 66
        closer = deal["closed_by"]
        assert (closer is None) == (deal["reason"] in ("reached_66", "last_trick"))
        if deal["reason"] == "last_trick":
            assert deal["last_trick"][2] == deal["winner"] and sum(deal["tricks_won"]) == 10
    assert match_points == left


def check_durak_invariants(game: Any) -> None:
    """Everything that must hold in every Durak / perevodnoy position."""
    d = game.to_dict()
    assert set(d) == DURAK_STATE_KEYS
    assert d["schema"] == 2 and d["game"] == game.game
    check_bout_facts(game, d)
    trump = d["trump_card"][1]
    hands, stock, table, discard = d["hands"], d["stock"], d["table"], d["discard"]
    table_cards = [c for pair in table for c in pair if c is not None]
    everything = hands[0] + hands[1] + stock + table_cards + discard
    assert sorted(everything) == sorted(ATLASNYE_CARDS), "every card exactly once"
    assert len(everything) == 36
    for seat in (0, 1):
        assert hands[seat] == ATLASNYE.sort(hands[seat])
        assert set(d["known"][seat]) <= set(hands[seat])
    assert discard == ATLASNYE.sort(discard)
    if stock:
        assert stock[-1] == d["trump_card"], "the trump card lies at the bottom"
    assert len(stock) <= 24
    legal = game.legal_moves()
    assert legal == sorted(legal) and len(set(legal)) == len(legal)
    assert game.history == d["history"]
    outcome = d["outcome"]
    assert outcome == game.outcome
    assert game.is_over == (outcome is not None)
    if outcome is not None:
        check_durak_outcome_shape(outcome)
        assert game.current_player is None and legal == []
        assert not table and not d["taking"]
        if outcome["draw"]:
            both_out = not stock and not hands[0] and not hands[1]
            assert d["idle_bouts"] >= 50 or both_out
            assert outcome["reason"] == ("both_out" if both_out else "idle_bouts")
        else:
            assert not stock and not hands[outcome["winner"]] and hands[outcome["loser"]]
        return
    assert 0 <= d["idle_bouts"] < 50
    assert 1 <= d["limit"] <= 6
    assert len(table) <= d["limit"]
    defender = 1 - d["attacker"]
    open_attacks = [i for i, (_, defence) in enumerate(table) if defence is None]
    for attack, defence in table:
        if defence is not None:
            assert beats(defence, attack, trump)
    if open_attacks:
        assert open_attacks == list(range(open_attacks[0], len(table))), "oldest first"
    if game.game == "durak" and not d["taking"]:
        assert len(open_attacks) <= 1, "one attack at a time"
    if not table:
        assert d["limit"] == min(6, len(hands[defender])), "limit fixed at bout start"
        assert not d["taking"]
        assert (hands[0] and hands[1]) or stock, "an empty hand with no stock ends the deal"
        if stock:
            assert len(hands[0]) >= 6 and len(hands[1]) >= 6, "refilled to six"
        assert all(m.startswith("attack:") for m in legal)
        assert len(legal) == len(hands[d["attacker"]])
    expected = d["attacker"] if d["taking"] or not open_attacks else defender
    assert game.current_player == expected
    assert legal, "a game in progress always has a legal move"
    kinds = {m.partition(":")[0] for m in legal}
    allowed = {"attack", "defend", "take", "stop"}
    if game.game == "perevodnoy":
        allowed.add("transfer")
    assert kinds <= allowed
    if expected == defender:
        assert "take" in legal
    elif table:
        assert "stop" in legal


def check_bout_facts(game: Any, d: dict[str, Any]) -> None:
    """The bout's facts in both observations, computed again from the state
    (docs/SCHEMA.md): the open attack, the ranks on the table, the attack
    cards still to come as each seat can tell, the seat's beating cards,
    whether a transfer is possible."""
    table, hands, attacker = d["table"], d["hands"], d["attacker"]
    trump = d["trump_card"][1]
    unbeaten = [attack for attack, defence in table if defence is None]
    open_attack = unbeaten[0] if unbeaten else None
    ranks = {card[0] for pair in table for card in pair if card is not None}
    room = d["limit"] - len(table)
    transfer = (
        game.game == "perevodnoy"
        and d["outcome"] is None
        and not d["taking"]
        and bool(table)
        and all(defence is None for _, defence in table)
        and len(table) + 1 <= min(6, len(hands[attacker]))
    )
    for seat in (0, 1):
        obs = game.observation(seat)
        assert obs["open_attack"] == open_attack
        assert obs["table_ranks"] == [r for r in "6789TJQKA" if r in ranks]
        if d["outcome"] is not None:
            left = 0
        elif seat == attacker and table:
            left = min(room, sum(1 for card in hands[attacker] if card[0] in ranks))
        else:
            left = min(room, len(hands[attacker]))
        assert obs["adds_left"] == left
        if seat == attacker and d["outcome"] is None and not d["taking"] and not unbeaten:
            additions = [m for m in game.legal_moves() if m.startswith("attack:")]
            assert (left == 0) == (not additions), "adds_left 0 exactly when none is offered"
        beating = []
        if open_attack is not None and seat == 1 - attacker:
            beating = [card for card in hands[seat] if beats(card, open_attack, trump)]
        assert obs["beating"] == beating
        assert obs["can_transfer"] == transfer


def schnapsen_points(d: dict[str, Any], seat: int) -> int:
    """A seat's points, computed again from tricks and marriages."""
    won = [t for t in d["tricks"] if t[2] == seat]
    cards = sum(CARD_POINTS[t[0][0]] + CARD_POINTS[t[1][0]] for t in won)
    marriages = sum(40 if s == d["trump"] else 20 for s in d["marriages"][seat])
    return cards + (marriages if won else 0)


def check_schnapsen_invariants(game: Any) -> None:
    """Everything that must hold in every Schnapsen position."""
    d = game.to_dict()
    assert set(d) == SCHNAPSEN_STATE_KEYS
    assert d["schema"] == 2 and d["game"] == "schnapsen"
    hands, stock = d["hands"], d["stock"]
    indicator = [] if d["indicator"] is None else [d["indicator"]]
    lead = [] if d["lead"] is None else [d["lead"]]
    tricks = [c for t in d["tricks"] for c in t[:2]]
    everything = hands[0] + hands[1] + stock + indicator + lead + tricks
    assert sorted(everything) == sorted(SCHNAPSEN_CARDS), "every card exactly once"
    for seat in (0, 1):
        assert hands[seat] == SCHNAPSEN.sort(hands[seat])
        assert set(d["known"][seat]) <= set(hands[seat])
    check_deals(d["deals"], d["match_points"])
    legal = game.legal_moves()
    assert legal == sorted(legal) and len(set(legal)) == len(legal)
    assert game.history == d["history"]
    assert d["outcome"] == game.outcome
    assert game.is_over == (d["outcome"] is not None)
    assert (0 in d["match_points"]) == game.is_over
    obs = game.observation(0)
    if game.is_over:
        check_schnapsen_outcome_shape(d["outcome"])
        assert d["outcome"]["match_points"] == d["match_points"]
        assert d["outcome"]["deals"] == d["deals"]
        # The last deal stays as it ended: its record says what it shows.
        last = d["deals"][-1]
        assert last["points"] == obs["points"] and last["tricks_won"] == obs["tricks_won"]
        assert last["marriages"] == d["marriages"] and last["trump"] == d["trump"]
        assert last["last_trick"] == d["tricks"][-1]
        assert last["closed_by"] == (None if d["closed"] is None else d["closed"]["by"])
        assert game.current_player is None and legal == []
        return
    assert d["dealer"] == (1 + len(d["deals"])) % 2, "seat 1 deals first, then alternate"
    points = [schnapsen_points(d, 0), schnapsen_points(d, 1)]
    assert obs["points"] == points
    assert max(points) < 66, "66 ends the deal at once"
    assert obs["tricks_won"] == [sum(1 for t in d["tricks"] if t[2] == s) for s in (0, 1)]
    sizes = [len(hands[0]), len(hands[1])]
    if d["lead"] is not None:
        sizes[d["leader"]] += 1
    assert sizes[0] == sizes[1]
    stock_open = d["closed"] is None and d["indicator"] is not None
    n_stock = len(stock) + len(indicator)
    assert n_stock % 2 == 0 and n_stock <= 10
    if d["indicator"] is None:
        assert stock == []
    else:
        assert d["indicator"][1] == d["trump"]
    if stock_open:
        assert sizes[0] == 5
        assert len(d["tricks"]) == (10 - n_stock) // 2
    else:
        assert sizes[0] + len(d["tricks"]) <= 10 and sizes[0] >= 1
    expected = d["leader"] if d["lead"] is None else 1 - d["leader"]
    assert game.current_player == expected
    assert legal
    kinds = {m.partition(":")[0] for m in legal}
    if d["lead"] is None:
        assert kinds <= {"play", "marriage", "exchange", "close"}
        assert ("close" in legal) == stock_open
        assert ("exchange" in legal) == (stock_open and "J" + d["trump"] in hands[d["leader"]])
    else:
        assert kinds == {"play"}
    for trick in d["tricks"]:
        assert trick[2] in (0, 1)


def check_invariants(game: Any) -> None:
    if game.game == "schnapsen":
        check_schnapsen_invariants(game)
    else:
        check_durak_invariants(game)


# ------------------------------------------------- RULES.md ch. 2, again


class SplitMix64:
    """RULES.md ch. 2 written again for the tests (not the engine's code)."""

    def __init__(self, seed: int) -> None:
        self.s = seed

    def next(self) -> int:
        mask = (1 << 64) - 1
        self.s = (self.s + 0x9E3779B97F4A7C15) & mask
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)


def shuffled(cards: Sequence[str], rng: SplitMix64) -> list[str]:
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = rng.next() % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out
