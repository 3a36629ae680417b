"""RULES.md chapter 7: Durak and perevodnoy at 3 to 6 seats, bullet by bullet.

Every position is dealt from an explicit deck (``table_deck``) or loaded
from a state dict of an empty stock (``endgame``), then moves are played and
exact values asserted in both engines. That two seats change nothing is
held by the fixtures and tests of chapters 3 and 4, untouched, and by
``test_two_seats_write_the_duel_unchanged`` here.

| RULES.md 7 bullet                               | test(s)                                   |
|-------------------------------------------------|-------------------------------------------|
| 2 <= players <= 6, default 2; Schnapsen 2       | test_players_*, test_bad_players_*        |
| Setup: deck[6s..6s+6], trump deck[6N], stock    | test_setup_at_every_table_size            |
| Setup: 6 seats, trump deck[35], seat 5 known    | test_setup_at_every_table_size            |
| lowest trump among all hands attacks first      | test_first_attacker_among_all_hands       |
| roles: defender next in, throwers in priority   | test_throw_in_order_and_passes            |
| a defence clears the passes                     | test_throw_in_order_and_passes            |
| after take every thrower one more turn          | test_take_gives_every_thrower_a_turn      |
| refill: throwers in order, defender last        | test_refill_order                         |
| next attacker after defence / after take        | test_throw_in_order_and_passes,           |
|                                                 | test_take_gives_every_thrower_a_turn      |
| transfer to the next seat in; its hand limits   | test_transfer_passes_the_bout_on          |
| leaving, durak, draw, outcome["out"]            | test_the_durak_is_the_last_seat_in,       |
|                                                 | test_all_out_together_is_a_draw           |
| what every seat sees                            | test_observation_at_a_table               |
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import cardavia
import pytest
from cardavia import InvalidArgumentError, InvalidStateError
from helpers import ATLASNYE_CARDS

ENGINES = ("reference", "rust")
DURAKS = ("durak", "perevodnoy")


def table_deck(hands: Sequence[Sequence[str]], trump_card: str | None = None) -> list[str]:
    """The 36-card order that deals ``hands`` to seats 0.. and turns up
    ``trump_card`` (below six seats); the other cards follow canonically."""
    named = [card for hand in hands for card in hand]
    if trump_card is not None:
        named.append(trump_card)
    return [*named, *(card for card in ATLASNYE_CARDS if card not in named)]


def seated(game: str, engine: str, deck: list[str], players: int) -> Any:
    return cardavia.new_game(game, deck=deck, players=players, engine=engine)


def play(g: Any, moves: str) -> None:
    for move in moves.split():
        g.play(move)


# Trump D (AD turned up). Seat 2 holds the lowest trump 6D and attacks
# seat 0; seat 1 throws in after seat 2.
THREE = table_deck(
    [
        ["7S", "8S", "9S", "TS", "JS", "7D"],
        ["7H", "8H", "9H", "TH", "JH", "8C"],
        ["6S", "6H", "7C", "9C", "TC", "6D"],
    ],
    "AD",
)


def endgame(game: str, engine: str, hands: list[list[str]], attacker: int, limit: int) -> Any:
    """A table of ``len(hands)`` seats with an empty stock; every other card
    is in the discard."""
    held = [card for hand in hands for card in hand]
    state = {
        "schema": 2, "game": game, "seed": None, "deck": list(ATLASNYE_CARDS),
        "trump_card": "AD", "hands": hands, "stock": [], "table": [],
        "discard": [card for card in ATLASNYE_CARDS if card not in held],
        "attacker": attacker, "taking": False, "limit": limit, "idle_bouts": 0,
        "known": [[] for _ in hands], "history": [], "outcome": None,
        "players": len(hands), "out": [], "passed": [],
    }  # fmt: skip
    return cardavia.from_dict(state, engine=engine)


# ------------------------------------------------------------- the table


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game", DURAKS)
def test_players_default_two_and_every_game_has_it(engine: str, game: str) -> None:
    assert cardavia.new_game(game, seed=1, engine=engine).players == 2
    assert cardavia.new_game("schnapsen", seed=1, engine=engine).players == 2
    for n in range(2, 7):
        assert cardavia.new_game(game, seed=1, players=n, engine=engine).players == n


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game", DURAKS)
def test_two_seats_write_the_duel_unchanged(engine: str, game: str) -> None:
    for seed in range(20):
        duel = cardavia.new_game(game, seed=seed, engine=engine)
        two = cardavia.new_game(game, seed=seed, players=2, engine=engine)
        while True:
            assert two.to_dict() == duel.to_dict()
            assert two.observation(1) == duel.observation(1)
            assert "players" not in two.to_dict() and "players" not in two.observation(0)
            if duel.is_over:
                break
            move = duel.legal_moves()[seed % len(duel.legal_moves())]
            duel.play(move)
            two.play(move)
        assert set(duel.outcome) == {"winner", "loser", "draw", "reason"}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_at_every_table_size(engine: str, players: int) -> None:
    deck = table_deck([])
    g = cardavia.new_game("durak", deck=deck, players=players, engine=engine)
    d = g.to_dict()
    assert d["players"] == players and d["out"] == [] and d["passed"] == []
    for seat in range(players):
        assert sorted(d["hands"][seat]) == sorted(deck[6 * seat : 6 * seat + 6])
    if players < 6:
        assert d["trump_card"] == deck[6 * players]
        assert d["stock"] == [*deck[6 * players + 1 :], deck[6 * players]]
        assert d["known"] == [[] for _ in range(players)]
    else:
        assert d["trump_card"] == deck[35] and d["stock"] == []
        # Seat 5's last card shows the trump: public until played.
        assert d["known"] == [[], [], [], [], [], [deck[35]]]
        assert g.observation(0)["known"][5] == [deck[35]]


@pytest.mark.parametrize("engine", ENGINES)
def test_first_attacker_among_all_hands(engine: str) -> None:
    g = seated("durak", engine, THREE, 3)
    assert g.to_dict()["attacker"] == 2 and g.current_player == 2
    assert g.observation(0)["defender"] == 0
    # No trump in any hand: seat 0 attacks.
    plain = table_deck(
        [["6S", "7S", "8S", "9S", "TS", "JS"], ["6H", "7H", "8H", "9H", "TH", "JH"],
         ["6C", "7C", "8C", "9C", "TC", "JC"]],
        "6D",
    )  # fmt: skip
    assert seated("durak", engine, plain, 3).current_player == 0


# ---------------------------------------------------------------- a bout


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game", DURAKS)
def test_throw_in_order_and_passes(engine: str, game: str) -> None:
    g = seated(game, engine, THREE, 3)
    play(g, "attack:6S defend:7S")
    # Every attack beaten: the main attacker throws in first.
    assert g.current_player == 2
    assert g.legal_moves() == ["attack:6D", "attack:6H", "attack:7C", "stop"]
    play(g, "stop")
    assert g.current_player == 1 and g.legal_moves() == ["attack:7H", "stop"]
    obs = g.observation(1)
    assert obs["throwers"] == [2, 1] and obs["passed"] == [2]
    play(g, "attack:7H")
    assert g.current_player == 0
    play(g, "defend:7D")
    # The defence clears the passes: seat 2 again.
    assert g.current_player == 2 and g.to_dict()["passed"] == []
    play(g, "stop")
    assert g.current_player == 1 and g.legal_moves() == ["stop"]
    play(g, "stop")
    d = g.to_dict()
    assert d["discard"] == ["6S", "7S", "7H", "7D"]
    # After a defence the defender attacks; the next seat in defends.
    assert d["attacker"] == 0 and g.current_player == 0
    assert g.observation(0)["defender"] == 1


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game", DURAKS)
def test_take_gives_every_thrower_a_turn(engine: str, game: str) -> None:
    g = seated(game, engine, THREE, 3)
    play(g, "attack:6S take")
    assert g.current_player == 2 and g.legal_moves() == ["attack:6D", "attack:6H", "stop"]
    play(g, "attack:6H")
    # Adding does not pass the turn on.
    assert g.current_player == 2
    play(g, "stop")
    assert g.current_player == 1 and g.legal_moves() == ["stop"]
    play(g, "stop")
    d = g.to_dict()
    assert "6S" in d["hands"][0] and "6H" in d["hands"][0]
    assert d["known"][0] == ["6S", "6H"]
    # After a take the defender loses its turn: the next seat in after it.
    assert d["attacker"] == 1 and g.observation(2)["defender"] == 2


@pytest.mark.parametrize("engine", ENGINES)
def test_refill_order(engine: str) -> None:
    g = seated("durak", engine, THREE, 3)
    stock = g.to_dict()["stock"]
    play(g, "attack:6S defend:7S stop attack:7H defend:7D stop stop")
    hands = g.to_dict()["hands"]
    # Seat 2 (the main attacker) draws first, seat 1 next, the defender last.
    assert stock[0] in hands[2]
    assert stock[1] in hands[1]
    assert set(stock[2:4]) <= set(hands[0])
    assert [len(hand) for hand in hands] == [6, 6, 6]


@pytest.mark.parametrize("engine", ENGINES)
def test_transfer_passes_the_bout_on(engine: str) -> None:
    g = seated("perevodnoy", engine, THREE, 3)
    play(g, "attack:7C")
    assert "transfer:7S" in g.legal_moves() and "transfer:7D" in g.legal_moves()
    play(g, "transfer:7S")
    # Seat 0 is the main attacker now; seat 1 defends both attacks.
    assert g.current_player == 1 and g.to_dict()["attacker"] == 0
    play(g, "transfer:7H")
    assert g.current_player == 2 and g.to_dict()["attacker"] == 1
    assert g.to_dict()["limit"] == 5
    assert g.observation(2)["throwers"] == [1, 0]


@pytest.mark.parametrize("engine", ENGINES)
def test_transfer_refused_for_the_next_seats_hand(engine: str) -> None:
    # Seat 1 would pass two attacks on to seat 2, which holds one card.
    g = endgame("perevodnoy", engine, [["6S", "8C", "KC"], ["6H", "9C"], ["AS"]], 0, 2)
    play(g, "attack:6S")
    assert not any(move.startswith("transfer:") for move in g.legal_moves())
    assert g.refusal("transfer:6H") == {
        "reason": "next_defender_too_few", "next_defender": 2, "hand_size": 1, "attacks": 2,
    }  # fmt: skip


# ---------------------------------------------------------------- the end


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game", DURAKS)
def test_the_durak_is_the_last_seat_in(engine: str, game: str) -> None:
    g = endgame(game, engine, [["6S"], ["AS"], ["6H", "7H"]], 0, 1)
    play(g, "attack:6S defend:AS stop")
    assert g.current_player == 2 and g.legal_moves() == ["stop"]
    play(g, "stop")
    assert g.is_over and g.current_player is None
    assert g.outcome == {
        "winner": None, "loser": 2, "draw": False, "out": [[0, 1]], "reason": "last_cards",
    }  # fmt: skip
    assert g.to_dict()["out"] == [[0, 1]]
    assert cardavia.from_dict(g.to_dict(), engine=engine).outcome == g.outcome
    if engine == "reference":
        assert g.results() == [1.0, 1.0, 0.0]


@pytest.mark.parametrize("engine", ENGINES)
def test_all_out_together_is_a_draw(engine: str) -> None:
    g = endgame("durak", engine, [["6S"], ["AS", "AC"], ["6C"]], 0, 2)
    play(g, "attack:6S defend:AS stop attack:6C defend:AC stop stop")
    assert g.outcome == {
        "winner": None, "loser": None, "draw": True, "out": [[0, 1, 2]], "reason": "all_out",
    }  # fmt: skip
    if engine == "reference":
        # The seats going out together in the last bout share the draw.
        assert g.results() == [0.5, 0.5, 0.5]


FOUR_OUT = [["AS"], ["7C", "8C"], ["9H", "9C"], ["6S", "6H", "8H"]]


@pytest.mark.parametrize("engine", ENGINES)
def test_seats_out_are_skipped(engine: str) -> None:
    # Seat 0 goes out after its defence; the next seat in after it, seat 1,
    # attacks, seat 2 defends, seat 3 throws in.
    g = endgame("durak", engine, FOUR_OUT, 3, 1)
    play(g, "attack:6S defend:AS stop stop stop")
    d = g.to_dict()
    assert d["out"] == [[0]] and d["attacker"] == 1
    obs = g.observation(3)
    assert obs["out"] == [[0]] and obs["defender"] == 2 and obs["throwers"] == [1, 3]
    assert obs["hand_sizes"] == [0, 2, 2, 2]


@pytest.mark.parametrize("engine", ENGINES)
def test_observation_at_a_table(engine: str) -> None:
    g = seated("durak", engine, THREE, 3)
    play(g, "attack:6S take attack:6H stop")
    obs = g.observation(1)
    assert obs["players"] == 3 and obs["seat"] == 1
    # The defender picks the table up when the bout ends.
    assert obs["hand_sizes"] == [6, 6, 4]
    assert obs["table"] == [["6S", None], ["6H", None]] and obs["taking"] is True
    assert obs["known"] == [[], [], []]
    assert obs["throwers"] == [2, 1] and obs["passed"] == [2] and obs["out"] == []
    assert obs["current_player"] == 1 and obs["legal_moves"] == ["stop"]
    assert obs["attacker"] == 2 and obs["defender"] == 0


# ------------------------------------------------------------- bad input


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("players", [-1, 0, 1, 7, 2**70])
def test_bad_players_out_of_range(engine: str, players: int) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        cardavia.new_game("durak", seed=1, players=players, engine=engine)
    assert (info.value.kind, info.value.field, info.value.value) == ("integer", "players", players)
    assert info.value.detail == {"low": 2, "high": 6}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("players", [True, 3.0, "3"])
def test_bad_players_type(engine: str, players: object) -> None:
    with pytest.raises(TypeError, match="players"):
        cardavia.new_game("durak", seed=1, players=players, engine=engine)  # type: ignore[arg-type]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("players", [2, 3])
def test_bad_players_for_schnapsen(engine: str, players: int) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        cardavia.new_game("schnapsen", seed=1, players=players, engine=engine)
    assert (info.value.kind, info.value.field, info.value.value) == (
        "two_players",
        "players",
        players,
    )
    assert "schnapsen" in str(info.value)


@pytest.mark.parametrize("engine", ENGINES)
def test_bad_observation_seat(engine: str) -> None:
    g = cardavia.new_game("durak", seed=1, players=4, engine=engine)
    assert g.observation(3)["seat"] == 3
    with pytest.raises(InvalidArgumentError) as info:
        g.observation(4)
    assert (info.value.kind, info.value.field) == ("integer", "seat")
    assert info.value.detail == {"low": 0, "high": 3}


def mid_state() -> dict[str, Any]:
    g = cardavia.new_game("durak", deck=THREE, players=3, engine="reference")
    play(g, "attack:6S defend:7S stop")
    return dict(g.to_dict())


def finished_state() -> dict[str, Any]:
    g = endgame("durak", "reference", [["6S"], ["AS"], ["6H", "7H"]], 0, 1)
    play(g, "attack:6S defend:AS stop stop")
    return dict(g.to_dict())


def set_path(d: dict[str, Any], path: str, value: object) -> None:
    *head, last = path.split(".")
    target: Any = d
    for key in head:
        target = target[key]
    target[last] = value


STATE_FAULTS = [
    (mid_state, "players", 7, ("integer", "players")),
    (mid_state, "players", 1, ("integer", "players")),
    (mid_state, "hands", [[], []], ("entries", "hands")),
    (mid_state, "known", [[], [], [], []], ("entries", "known")),
    (mid_state, "attacker", 3, ("integer", "attacker")),
    (mid_state, "passed", [1], ("bad_passes", "passed")),
    (mid_state, "passed", [2, 1], ("order", "passed")),
    (mid_state, "passed", [0], ("bad_passes", "passed")),
    (mid_state, "passed", [5], ("integer", "passed[0]")),
    (mid_state, "out", [[1]], ("out_with_cards", "hands[1]")),
    (mid_state, "out", [3], ("list", "out[0]")),
    (finished_state, "outcome.winner", 0, ("no_winner", "outcome.winner")),
    (finished_state, "outcome.loser", 1, ("loser_not_last", "outcome.loser")),
    (finished_state, "outcome.out", [[0]], ("does_not_follow", "outcome.out")),
    (finished_state, "outcome.reason", "all_out", ("does_not_follow", "outcome.reason")),
    (finished_state, "out", [[1, 0]], ("order", "out[0]")),
    (finished_state, "out", [[0], [0, 1]], ("duplicate", "out")),
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("make", "path", "value", "expected"),
    STATE_FAULTS,
    ids=[f"{path}={value}" for _, path, value, _ in STATE_FAULTS],
)
def test_bad_state_at_a_table(
    engine: str, make: Any, path: str, value: object, expected: tuple[str, str]
) -> None:
    d = make()
    assert cardavia.from_dict(d, engine=engine).to_dict() == d
    set_path(d, path, value)
    before = copy.deepcopy(d)
    with pytest.raises(InvalidStateError) as info:
        cardavia.from_dict(d, engine=engine)
    assert (info.value.kind, info.value.field) == expected
    assert d == before


@pytest.mark.parametrize("engine", ENGINES)
def test_attacker_out_is_refused(engine: str) -> None:
    g = endgame("durak", "reference", FOUR_OUT, 3, 1)
    play(g, "attack:6S defend:AS stop stop stop")
    d = g.to_dict()
    d["attacker"], d["limit"] = 0, 1
    with pytest.raises(InvalidStateError) as info:
        cardavia.from_dict(d, engine=engine)
    assert (info.value.kind, info.value.field) == ("attacker_out", "attacker")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_ai_plays_at_a_table(engine: str, players: int) -> None:
    """Both engines search a table's observation and agree on its worlds:
    a legal move, the same for a seed, and a world that gives the seat the
    very observation it was sampled from."""
    g = cardavia.new_game("durak", seed=3, players=players, engine="reference")
    obs = g.observation(g.current_player)
    move = cardavia.ai.choose_move(obs, iterations=60, seed=1, engine=engine)
    assert move in obs["legal_moves"]
    assert cardavia.ai.choose_move(obs, iterations=60, seed=1, engine=engine) == move
    world = cardavia.from_dict(cardavia.ai.sample_world(obs, seed=1))
    assert world.players == players
    assert world.observation(g.current_player) == obs


@pytest.mark.parametrize("game", DURAKS)
def test_simulate_a_table(game: str) -> None:
    summary = cardavia.simulate(game, games=100, seed=4, threads=2, players=4)
    assert summary["players"] == 4 and "wins" not in summary
    assert len(summary["losers"]) == 4 and sum(summary["losers"]) + summary["draws"] == 100
    assert summary["decisions"] > 100 * 50
    two = cardavia.simulate(game, games=50, seed=4, threads=1)
    assert cardavia.simulate(game, games=50, seed=4, threads=1, players=2) == two
    with pytest.raises(InvalidArgumentError) as info:
        cardavia.simulate(game, games=1, players=7)
    assert (info.value.kind, info.value.field) == ("integer", "players")
    with pytest.raises(InvalidArgumentError) as info:
        cardavia.simulate("schnapsen", games=1, players=2)
    assert info.value.kind == "two_players"
