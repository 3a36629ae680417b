"""Hand-built positions where the right move is known (issue 4, item 8).

Each position is dealt from an explicit deck and reached by a scripted line
on the Rust engine. The test first proves the claim with the engine: every
world consistent with the mover's observation (the opponent's unknown cards
and the face-down stock dealt in every possible way) is solved exactly, and
the right move must be the only one that wins, or strictly the best, in the
sense stated. Then the AI at ``level="normal"`` with a fixed seed must play
it.
"""

from __future__ import annotations

from typing import Any

import cardavia
import pytest
from ai_helpers import after_move, deals_done, move_values, rust_game
from cardavia import ai
from helpers import durak_endgame, schnapsen_deck

SEEDS = (1, 2)


def ai_moves(g: Any) -> set[str]:
    obs = g.observation(g.current_player)
    return {ai.choose_move(obs, level="normal", seed=seed) for seed in SEEDS}


# ------------------------------------------------------------------ Durak


def durak_endgame_position() -> Any:
    """Trump H (6H). The stock is empty; seat 0 attacked 8H and added KD,
    seat 1 beat both (KH, AD). Seat 1 now attacks with JS 9D QD AC against
    6H 6D JD 8C."""
    deck, moves = durak_endgame(
        ["6D", "6H", "KD", "JD", "8H", "8C"], ["AC", "QD", "9D", "JS", "AD", "KH"], "6H"
    )
    return rust_game("durak", deck, [*moves, "attack:8H", "defend:KH", "attack:KD", "defend:AD"])


def test_durak_endgame_only_one_attack_wins() -> None:
    g = durak_endgame_position()
    g.play("stop")
    d = g.to_dict()
    assert d["stock"] == [] and d["table"] == [] and d["trump_card"] == "6H"
    assert d["hands"] == [["6H", "6D", "JD", "8C"], ["JS", "9D", "QD", "AC"]]
    assert g.current_player == 1 and d["attacker"] == 1
    # With the stock empty the observation hides nothing: one world.
    values = {move: min(v) for move, v in move_values(g, 1).items()}
    assert values == {"attack:9D": 1.0, "attack:AC": 0.0, "attack:JS": 0.0, "attack:QD": 0.0}
    assert ai_moves(g) == {"attack:9D"}


# ------------------------------------------------------------- perevodnoy


def perevodnoy_position() -> Any:
    """Trump H (JH). The stock is empty. Seat 1 attacks KD; seat 0 holds
    9S 6H JH KC, seat 1 keeps 7H 6D 7D."""
    deck, moves = durak_endgame(
        ["8D", "6H", "9S", "8S", "KC", "JH"], ["TH", "AS", "6D", "7H", "7D", "KD"], "JH"
    )
    line = ["attack:8D", "defend:TH", "attack:8S", "defend:AS", "stop", "attack:KD"]
    return rust_game("perevodnoy", deck, [*moves, *line])


def test_perevodnoy_transferring_wins() -> None:
    g = perevodnoy_position()
    d = g.to_dict()
    assert d["stock"] == [] and d["table"] == [["KD", None]] and d["attacker"] == 1
    assert d["hands"] == [["9S", "6H", "JH", "KC"], ["7H", "6D", "7D"]]
    assert g.current_player == 0
    values = {move: min(v) for move, v in move_values(g, 0).items()}
    # Passing the king on with KC wins; beating it (with either trump) or
    # taking loses.
    assert values == {"defend:6H": 0.0, "defend:JH": 0.0, "take": 0.0, "transfer:KC": 1.0}
    assert ai_moves(g) == {"transfer:KC"}


# -------------------------------------------------------------- Schnapsen


def schnapsen_close_position() -> Any:
    """Trump S (KS turned up). After four tricks seat 0 has 47 points and
    seat 1 none; two cards are left in the stock (one face down and the
    king). Seat 0 leads with QS JH TH AH TC."""
    deck = schnapsen_deck(
        ["AC", "KC", "QS", "JS", "TS"],
        ["JD", "AS", "JC", "KH", "QH"],
        "KS",
        ["TH", "AD", "AH", "TD", "TC", "KD", "JH", "QD", "QC"],
    )
    line = ["play:AC", "play:KH", "play:TS", "play:AD", "play:KC", "play:QH", "play:JS", "play:JC"]
    return rust_game("schnapsen", deck, line)


def test_schnapsen_close_secures_66() -> None:
    g = schnapsen_close_position()
    obs = g.observation(0)
    assert obs["leader"] == 0 and obs["lead"] is None and obs["stock_size"] == 2
    assert obs["hand"] == ["QS", "JH", "TH", "AH", "TC"] and obs["indicator"] == "KS"
    assert obs["points"] == [47, 0] and obs["tricks_won"] == [4, 0]
    assert "close" in obs["legal_moves"] and "exchange" not in obs["legal_moves"]
    values = move_values(g, 0)
    assert len(values["close"]) == 6  # the face-down card: any of six unknown cards
    # Closing wins three game points whatever seat 1 holds ...
    assert values["close"] == [3.0] * 6
    # ... while every other lead loses the deal in some world.
    for move, outcome in values.items():
        if move != "close":
            assert min(outcome) < 0, move
    assert ai_moves(g) == {"close"}


def schnapsen_marriage_position() -> Any:
    """Trump H (JH turned up). Seat 0 won all five tricks of the open stock
    (60 points) and leads, holding KS QS TD AD JC; seat 1 has won nothing
    and holds all five trumps."""
    deck = schnapsen_deck(
        ["AS", "AC", "TS", "KS", "QS"],
        ["JD", "QD", "KD", "AH", "TH"],
        "JH",
        ["TC", "QC", "KC", "JS", "AD", "KH", "TD", "QH", "JC"],
    )
    line = [
        "play:AS", "play:JD", "play:AC", "play:QD", "play:TS",
        "play:KD", "play:TC", "play:QC", "play:KC", "play:JS",
    ]  # fmt: skip
    return rust_game("schnapsen", deck, line)


def test_schnapsen_marriage_ends_the_deal_at_once() -> None:
    g = schnapsen_marriage_position()
    obs = g.observation(0)
    assert obs["exhausted"] and obs["lead"] is None and obs["leader"] == 0
    assert obs["points"] == [60, 0] and obs["tricks_won"] == [5, 0]
    assert obs["hand"] == ["QS", "KS", "TD", "AD", "JC"]
    assert g.to_dict()["hands"][1] == ["JH", "QH", "KH", "TH", "AH"]
    marriages = {"marriage:KS", "marriage:QS"}
    assert marriages <= set(obs["legal_moves"])
    for move in marriages:
        declared = g.clone()
        declared.play(move)
        (deal,) = deals_done(declared)
        assert (deal["winner"], deal["game_points"], deal["reason"]) == (0, 3, "reached_66")
    values = {move: after_move(g, move, 0) for move in obs["legal_moves"]}
    # Any other lead is trumped; seat 1 then declares forty and takes the rest.
    assert values == {
        "marriage:KS": 3.0, "marriage:QS": 3.0, "play:AD": -1.0, "play:JC": -1.0,
        "play:KS": -1.0, "play:QS": -1.0, "play:TD": -1.0,
    }  # fmt: skip
    assert ai_moves(g) <= marriages


def schnapsen_exchange_position() -> Any:
    """Trump H, the ace of hearts turned up. After four tricks seat 0 has 55
    points and seat 1 none; the stock holds one face-down card and the ace.
    Seat 0 leads holding the trump jack: this is the last chance to take
    the ace with it."""
    deck = schnapsen_deck(
        ["JH", "TC", "TH", "KD", "QC"],
        ["KS", "AC", "TD", "TS", "JC"],
        "AH",
        ["KC", "AS", "AD", "QH", "JS", "KH", "QD", "QS", "JD"],
    )
    line = ["play:QC", "play:KS", "play:TH", "play:TS", "play:KD", "play:AS", "play:AD", "play:JC"]
    return rust_game("schnapsen", deck, line)


def test_schnapsen_exchange_takes_the_trump_ace() -> None:
    g = schnapsen_exchange_position()
    obs = g.observation(0)
    assert obs["leader"] == 0 and obs["lead"] is None and obs["stock_size"] == 2
    assert obs["indicator"] == "AH" and "JH" in obs["hand"] and "exchange" in obs["legal_moves"]
    assert obs["points"] == [55, 0]
    swapped = g.clone()
    swapped.play("exchange")
    after = swapped.observation(0)
    assert "AH" in after["hand"] and "JH" not in after["hand"] and after["indicator"] == "JH"
    values = move_values(g, 0)
    # Exchanging wins three game points in every world; every other move
    # does worse in every world (closing with the jack, or leaving the ace
    # to the loser of this trick).
    assert values["exchange"] == [3.0] * 6
    for move, outcome in values.items():
        if move != "exchange":
            assert max(outcome) < 3.0, move
    assert ai_moves(g) == {"exchange"}


def schnapsen_last_chance_position(left: tuple[int, int] = (7, 7)) -> Any:
    """Trump C (KC turned up), one card face down. Seat 0 has 65 points from
    four tricks (a marriage in hearts among them) and leads, holding KS JH
    KH TH JD; seat 1 has won nothing and holds QS TS AH KD AC, with TC face
    down. ``left``: the game points each seat still needs to win the match
    (four earlier deals of three points each lead to 1-1)."""
    deck = schnapsen_deck(["JC", "AS", "QC", "JH", "QH"], ["AD", "AH", "TD", "QS", "QD"], "KC",
                          ["KH", "JS", "KS", "AC", "JD", "KD", "TH", "TS", "TC"])  # fmt: skip
    line = [
        "play:AS", "play:AD", "marriage:QH", "play:QD", "play:JC", "play:JS", "play:QC", "play:TD",
    ]  # fmt: skip
    g = rust_game("schnapsen", deck, line)
    if left == (7, 7):
        return g
    state = g.to_dict()
    each = (7 - left[0]) // 3
    assert 7 - 3 * each == left[0] == left[1], "a score reached by deals of three points"
    state["deals"] = []
    match_points = [7, 7]
    for _ in range(each):
        for seat in (0, 1):
            # Won with 66 against an opponent without a trick: 3 game points.
            match_points[seat] -= 3
            points, tricks = [0, 0], [0, 0]
            points[seat], tricks[seat] = 66, 3
            state["deals"].append(
                {
                    "winner": seat, "game_points": 3, "reason": "reached_66", "trump": "S",
                    "points": points, "tricks_won": tricks, "marriages": [[], []],
                    "marriage_points": [0, 0], "pending_points": [0, 0],
                    "last_trick": ["AS", "TS", seat], "closed_by": None,
                    "match_points": list(match_points),
                }
            )  # fmt: skip
    state["match_points"] = list(left)
    return cardavia.from_dict(state, engine="rust")


def test_schnapsen_a_desperate_close_only_when_the_match_hangs_on_the_deal() -> None:
    """Issue 16: a close that the match score makes right and the deal score
    makes wrong."""
    at_one_all = schnapsen_last_chance_position((1, 1))
    obs = at_one_all.observation(0)
    assert obs["points"] == [65, 0] and obs["tricks_won"] == [4, 0] and obs["stock_size"] == 2
    assert obs["match_points"] == [1, 1] and obs["lead"] is None
    values = move_values(at_one_all, 0)
    assert len(values["close"]) == 6  # any of six unknown cards face down
    # Every lead loses the deal by one game point, whatever seat 1 holds ...
    for move, outcome in values.items():
        if move != "close":
            assert outcome == [-1.0] * 6, move
    # ... while closing wins three in one world of six and loses three (seat
    # 1 had no trick when it closed) in the others: worse for the deal score
    # (-2 a deal against -1), but at 1-1 whoever wins this deal wins the
    # match, and a chance in six beats none.
    assert sorted(values["close"]) == [-3.0] * 5 + [3.0]
    assert ai_moves(at_one_all) == {"close"}
    # At 7-7 the same cards: losing by one keeps the match open, so no close.
    at_start = schnapsen_last_chance_position()
    assert at_start.observation(0)["match_points"] == [7, 7]
    assert "close" not in ai_moves(at_start)


@pytest.mark.parametrize(
    "build",
    [
        durak_endgame_position,
        perevodnoy_position,
        schnapsen_close_position,
        schnapsen_marriage_position,
        schnapsen_exchange_position,
        schnapsen_last_chance_position,
    ],
)
def test_positions_are_reached_by_legal_play(build: Any) -> None:
    """The scripted lines are legal in the reference engine too."""
    g = build()
    assert not g.is_over and g.current_player is not None
    reference = cardavia.new_game(g.game, deck=g.to_dict()["deck"], engine="reference")
    for move in g.history:
        reference.play(move)
    assert reference.to_dict() == g.to_dict()
