"""``cardavia.bots``: the baseline opponents.

Both bots play only legal moves in random positions of every game; each
greedy heuristic documented in ``bots.py`` is checked on a position built
for it (explicit deck, scripted moves, Rust engine); unknown names and
malformed observations are rejected.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import cardavia
import pytest
from cardavia import InvalidArgumentError, InvalidStateError, bots
from helpers import durak_deck, durak_endgame, schnapsen_deck

GAMES = ("durak", "perevodnoy", "schnapsen")


def position(game: str, deck: Sequence[str], moves: Sequence[str] = ()) -> Any:
    g = cardavia.new_game(game, deck=list(deck), engine="rust")
    for move in moves:
        g.play(move)
    return g


def mover(g: Any) -> dict[str, Any]:
    """The observation of the seat to move."""
    seat = g.current_player
    assert seat is not None, "the game is over"
    obs: dict[str, Any] = g.observation(seat)
    return obs


def greedy(g: Any) -> str:
    obs = mover(g)
    move = bots.greedy_bot(obs, random.Random(0))
    assert move in obs["legal_moves"]
    return move


# ------------------------------------------------------------------ legal


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_play_legal_moves(game: str, name: str) -> None:
    """Every position of 40 games, each game played by the bot for both seats."""
    bot = bots.get_bot(name)
    positions = 0
    for seed in range(40):
        g = cardavia.new_game(game, seed=seed, engine="rust")
        rng = random.Random(seed)
        while not g.is_over:
            obs = mover(g)
            move = bot(obs, rng)
            assert move in obs["legal_moves"], (g.to_json(), move)
            g.play(move)
            positions += 1
    assert positions > 1_000


@pytest.mark.parametrize("game", GAMES)
def test_bots_answer_positions_from_mixed_play(game: str) -> None:
    """Positions a bot would not reach itself: random play, then ask both."""
    for seed in range(30):
        g = cardavia.new_game(game, seed=1_000 + seed, engine="rust")
        rng = random.Random(seed)
        while not g.is_over:
            obs = mover(g)
            for bot in bots.BOTS.values():
                assert bot(obs, random.Random(seed)) in obs["legal_moves"]
            g.play(rng.choice(obs["legal_moves"]))


def test_random_bot_is_uniform_and_seeded() -> None:
    g = cardavia.new_game("durak", seed=3, engine="rust")
    obs = mover(g)
    picks = [bots.random_bot(obs, random.Random(seed)) for seed in range(600)]
    assert set(picks) == set(obs["legal_moves"])
    assert min(picks.count(m) for m in obs["legal_moves"]) > 600 / len(obs["legal_moves"]) / 2
    assert bots.random_bot(obs, random.Random(9)) == bots.random_bot(obs, random.Random(9))


def test_greedy_never_closes() -> None:
    closes_offered = 0
    for seed in range(60):
        g = cardavia.new_game("schnapsen", seed=seed, engine="rust")
        rng = random.Random(seed)
        while not g.is_over:
            obs = mover(g)
            closes_offered += "close" in obs["legal_moves"]
            assert bots.greedy_bot(obs, rng) != "close"
            g.play(rng.choice(obs["legal_moves"]))
    assert closes_offered > 100


# ------------------------------------------------------------------ names


def test_bot_names() -> None:
    assert set(bots.BOTS) == {"random", "greedy"}
    assert bots.get_bot("random") is bots.random_bot
    assert bots.get_bot("greedy") is bots.greedy_bot


@pytest.mark.parametrize("name", ["smart", "Greedy", "", "ai:100", "normal"])
def test_unknown_bot_name_raises(name: str) -> None:
    with pytest.raises(InvalidArgumentError, match="unknown bot"):
        bots.get_bot(name)


@pytest.mark.parametrize("obs", [None, "durak", 42, [], {}, {"game": "chess", "legal_moves": []}])
def test_greedy_rejects_what_is_not_an_observation(obs: Any) -> None:
    with pytest.raises(InvalidStateError):
        bots.greedy_bot(obs, random.Random(0))


def test_bots_reject_an_observation_without_moves() -> None:
    g = cardavia.new_game("durak", seed=1, engine="rust")
    waiting = g.observation(1 - mover(g)["seat"])
    for bot in bots.BOTS.values():
        with pytest.raises(InvalidStateError):
            bot(waiting, random.Random(0))


def test_greedy_rejects_an_unknown_game() -> None:
    g = cardavia.new_game("durak", seed=1, engine="rust")
    obs = mover(g)
    obs["game"] = "chess"
    with pytest.raises(InvalidStateError):
        bots.greedy_bot(obs, random.Random(0))


# ---------------------------------------------- Durak and perevodnoy greedy

# Trump D throughout (7D turned up); seat 0 holds the 6D, the lowest
# trump, so seat 0 attacks first.
HAND0 = ["6D", "9S", "7H", "TC", "AD", "8S"]


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_greedy_attacks_with_the_lowest_non_trump(game: str) -> None:
    g = position(game, durak_deck(HAND0, ["6S", "6H", "QS", "KH", "JC", "QC"], "7D"))
    assert g.current_player == 0
    # 6D is lower but a trump; among 9S 7H TC 8S the seven is lowest.
    assert greedy(g) == "attack:7H"


def test_greedy_attacks_with_the_lowest_trump_when_it_holds_only_trumps() -> None:
    g = position(
        "durak", durak_deck(["8D", "QD", "9D", "TD", "JD", "6D"], [*HAND0[1:], "AS"], "7D")
    )
    assert greedy(g) == "attack:6D"


def test_greedy_defends_with_the_cheapest_non_trump_that_beats() -> None:
    # Seat 0 attacks 7H; seat 1 holds 8D (a trump) 9H TH AS 6C 6S.
    g = position(
        "durak", durak_deck(HAND0, ["8D", "TH", "9H", "AS", "6C", "6S"], "7D"), ["attack:7H"]
    )
    assert greedy(g) == "defend:9H"


def test_greedy_defends_with_a_low_trump_when_nothing_else_beats() -> None:
    # Seat 0 attacks TC; seat 1 has no higher club: its cheapest trump, 8D
    # (below a queen), beats it.
    g = position(
        "durak", durak_deck(HAND0, ["8D", "JD", "9H", "6H", "6C", "6S"], "7D"), ["attack:TC"]
    )
    assert greedy(g) == "defend:8D"


def test_greedy_takes_what_it_cannot_beat() -> None:
    # The ace of trumps: nothing beats it.
    g = position(
        "durak", durak_deck(HAND0, ["8D", "JD", "9H", "6H", "6C", "6S"], "7D"), ["attack:AD"]
    )
    assert g.legal_moves() == ["take"]
    assert greedy(g) == "take"


def test_greedy_takes_rather_than_spend_a_high_trump_while_the_stock_lasts() -> None:
    g = position(
        "durak", durak_deck(HAND0, ["QD", "KD", "9H", "6H", "6C", "6S"], "7D"), ["attack:TC"]
    )
    assert g.observation(1)["stock_size"] > 0
    assert greedy(g) == "take"


def test_greedy_spends_a_high_trump_once_the_stock_is_empty() -> None:
    # Trump H (6H); two bouts empty the stock, then seat 0 attacks TC and
    # seat 1 can beat it only with its queen or king of trumps.
    deck, moves = durak_endgame(
        ["TC", "6H", "7S", "7C", "8S", "8C"], ["QH", "KH", "9S", "9D", "6S", "6D"], "6H"
    )
    g = position("durak", deck, [*moves, "attack:TC"])
    assert g.observation(1)["stock_size"] == 0
    assert greedy(g) == "defend:QH"


def test_greedy_adds_cheap_cards_after_a_defence() -> None:
    # Seat 0 attacks 7H, seat 1 beats it with 9H: the table holds a 7 and
    # a 9, so seat 0 adds its 9S (not a trump, below a jack).
    g = position(
        "durak",
        durak_deck(HAND0, ["9H", "QS", "6H", "QH", "6C", "6S"], "7D"),
        ["attack:7H", "defend:9H"],
    )
    assert greedy(g) == "attack:9S"
    # A ten is still below a jack: after 8S beaten by TS, TC is added.
    g = position(
        "durak",
        durak_deck(HAND0, ["9C", "TS", "6H", "QH", "6C", "6S"], "7D"),
        ["attack:8S", "defend:TS"],
    )
    assert greedy(g) == "attack:TC"


def test_greedy_does_not_add_trumps_or_high_cards() -> None:
    # Seat 0 attacks 7H and seat 1 beats it with AH: only the ace of
    # diamonds (a trump) matches, so the greedy attacker stops.
    g = position(
        "durak",
        durak_deck(HAND0, ["AH", "QS", "6H", "QH", "6C", "6S"], "7D"),
        ["attack:7H", "defend:AH"],
    )
    assert "attack:AD" in g.legal_moves()
    assert greedy(g) == "stop"
    # A jack is not cheap: JC matches the JH defence but stays in hand.
    g = position(
        "durak",
        durak_deck(
            ["6D", "9S", "7H", "JC", "AD", "8S"], ["JH", "QS", "6H", "QH", "6C", "6S"], "7D"
        ),
        ["attack:7H", "defend:JH"],
    )
    assert "attack:JC" in g.legal_moves()
    assert greedy(g) == "stop"


def test_greedy_adds_cheap_cards_while_the_defender_takes() -> None:
    g = position(
        "durak",
        durak_deck(
            ["6D", "9S", "9H", "TC", "AD", "8S"], ["TS", "QS", "6H", "QH", "6C", "6S"], "7D"
        ),
        ["attack:9S", "take"],
    )
    assert greedy(g) == "attack:9H"


def test_greedy_transfers_with_a_non_trump() -> None:
    g = position(
        "perevodnoy",
        durak_deck(HAND0, ["7S", "TH", "9H", "AS", "6C", "6S"], "7D"),
        ["attack:7H"],
    )
    assert "transfer:7S" in g.legal_moves()
    assert greedy(g) == "transfer:7S"


def test_greedy_does_not_transfer_with_a_trump() -> None:
    # Seat 0 attacks 8S; seat 1 could pass it on with 8D, a trump, but
    # beats it with its cheapest spade instead.
    g = position(
        "perevodnoy",
        durak_deck(HAND0, ["8D", "TH", "TS", "AS", "6C", "6S"], "7D"),
        ["attack:8S"],
    )
    assert "transfer:8D" in g.legal_moves()
    assert greedy(g) == "defend:TS"


# --------------------------------------------------------- Schnapsen greedy

# Deal 1: seat 1 deals, seat 0 leads. Trump H unless the indicator says
# otherwise.


def schnapsen(seat0: list[str], seat1: list[str], indicator: str, moves: Sequence[str] = ()) -> Any:
    return position("schnapsen", schnapsen_deck(seat0, seat1, indicator), moves)


def test_greedy_exchanges_the_trump_jack() -> None:
    g = schnapsen(["JH", "KS", "QS", "AC", "TD"], ["JS", "JC", "QC", "KC", "TC"], "AH")
    assert {"exchange", "marriage:KS", "marriage:QS"} <= set(g.legal_moves())
    assert greedy(g) == "exchange"


def test_greedy_declares_forty_before_twenty() -> None:
    g = schnapsen(["KH", "QH", "KS", "QS", "AD"], ["JS", "JC", "QC", "KC", "TC"], "AH")
    assert greedy(g) in ("marriage:KH", "marriage:QH")
    g = schnapsen(["KD", "QD", "KS", "QS", "AD"], ["JS", "JC", "QC", "KC", "TC"], "AH")
    assert greedy(g) in ("marriage:KD", "marriage:KS", "marriage:QD", "marriage:QS")


def test_greedy_leads_the_cheapest_non_trump() -> None:
    # Trump H; JH is worth least but is a trump: QS (3 points) is led.
    g = schnapsen(["JH", "QS", "AS", "TC", "KD"], ["JS", "JC", "QC", "KC", "AD"], "AH")
    g.play("exchange")  # the bot would exchange first; now AH QS AS TC KD
    assert greedy(g) == "play:QS"
    g = schnapsen(["TH", "QS", "AS", "TC", "KD"], ["JS", "JC", "QC", "KC", "AD"], "AH")
    assert greedy(g) == "play:QS"


def test_greedy_wins_a_rich_trick_with_the_cheapest_winner() -> None:
    # Seat 0 leads TS (ten points); seat 1 can win only with a trump: JH
    # is the cheapest of JH and AH.
    g = schnapsen(["TS", "QS", "KD", "QD", "JD"], ["JH", "AH", "QC", "JC", "KC"], "TH", ["play:TS"])
    assert greedy(g) == "play:JH"
    # With the ace of spades too, the non-trump winner comes first.
    g = schnapsen(["TS", "QS", "KD", "QD", "JD"], ["JH", "AS", "QC", "JC", "KC"], "TH", ["play:TS"])
    assert greedy(g) == "play:AS"


def test_greedy_throws_its_cheapest_card_on_a_poor_trick() -> None:
    # The lead is the KS (four points): not worth winning, so the cheapest
    # non-trump (JC, two points) is thrown although AS and JH would win.
    g = schnapsen(["KS", "QS", "KD", "QD", "JD"], ["JH", "AS", "QC", "JC", "KC"], "TH", ["play:KS"])
    assert {"play:AS", "play:JH"} <= set(g.legal_moves())
    assert greedy(g) == "play:JC"


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bots_play_legal_moves_at_a_table(game: str, players: int, name: str) -> None:
    """Throwers who are not the main attacker move too (RULES 7): greedy
    took them for the defender and answered ``take``."""
    bot = bots.get_bot(name)
    throws = 0
    for seed in range(15):
        g = cardavia.new_game(game, seed=seed, players=players)
        rng = random.Random(seed)
        while not g.is_over:
            obs = mover(g)
            move = bot(obs, rng)
            assert move in obs["legal_moves"], (g.to_json(), move)
            throws += obs["seat"] not in (obs["attacker"], obs["defender"])
            g.play(move)
    assert throws > 0
