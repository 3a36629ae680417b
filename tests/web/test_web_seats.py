"""The table of three to six over its WebSocket (RULES.md chapter 7, issue
23 item 6): a deal with ``players``, every computer seat's move one message
each (a run of forced passes one message), the seats' counts, known cards
and badges, the end from the player's side, save and resume at N seats, and
the refusals of a bad count in the player's language."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia_cli.play.saves import load_log
from cardavia_cli.web.app import create_app
from cardavia_cli.web.connection import card_view
from cardavia_cli.web.options import WebOptions
from cardavia_cli.web.table_json import table_json
from cardavia_cli.words import i18n
from starlette.testclient import TestClient
from web_helpers import HOST, first_move, table

DURAKS = ("durak", "perevodnoy")


def seats_of(state: dict[str, Any]) -> dict[str, Any]:
    seats: dict[str, Any] = state["view"]["seats"]
    return seats


@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("game", DURAKS)
def test_a_whole_game_at_n_seats(
    client: TestClient, games_dir: Path, game: str, players: int
) -> None:
    with table(client) as opened:
        first = opened.ask_one(type="new", game=game, level="easy", players=players)
        assert seats_of(first)["players"] == players
        messages = opened.play_out(first, first_move)
    final = messages[-1]
    log = load_log(games_dir / final["file"])
    assert log.finished and log.players == players and log.game == game
    # Every move reached the page in order: one message a move, or one for
    # a run of computer seats' forced passes (its first seat as "last").
    done = first["moves_played"]
    for message in messages[1:]:
        moves = log.moves[done : message["moves_played"]]
        done = message["moves_played"]
        first_seat, first_move_made = moves[0]["seat"], moves[0]["move"]
        assert (first_seat, first_move_made) == (message["last"]["seat"], message["last"]["move"])
        if len(moves) > 1:
            assert all(m["move"] == "stop" and m["seat"] != 0 for m in moves)
    assert done == len(log.moves)
    seats = {int(m["last"]["seat"]) for m in messages if m.get("last")}
    assert seats <= set(range(players)) and len(seats) > 2
    outcome = final["view"]["outcome"]
    loser = log.outcome["loser"] if log.outcome else None
    expected = "draw" if log.outcome and log.outcome["draw"] else "loss" if loser == 0 else "win"
    assert outcome["result"] == expected and outcome["text"]


def test_forced_passes_are_one_message_with_one_line(client: TestClient) -> None:
    with table(client) as opened:
        first = opened.ask_one(type="new", game="durak", level="easy", players=6)
        messages = opened.play_out(first, first_move)
    runs = [
        m
        for m in messages
        if m.get("last") and m["last"]["move"] == "stop" and m["last"]["seat"] != 0
    ]
    assert runs
    # A line names every seat of the run ("Computer 2 and Computer 4 pass").
    i18n.set_language("en")
    assert any(" and " in m["events"][0] and "pass" in m["events"][0] for m in runs)


def test_the_seats_of_a_four_seat_table(client: TestClient) -> None:
    with table(client) as opened:
        state = opened.ask_one(type="new", game="durak", players=4)
    view = state["view"]
    seats = view["seats"]
    others = seats["others"]
    assert view["title"] == "Durak · 4 players"
    assert view["turn_text"] == "Your turn."
    assert [o["seat"] for o in others] == [1, 2, 3]
    assert [o["name"] for o in others] == ["Computer 1", "Computer 2", "Computer 3"]
    on_table = sum(1 for pair in view["durak"]["pairs"] for card in pair if card)
    assert len(view["hand"]) + sum(o["count"] for o in others) + on_table == 24
    # One seat is to move; it is yours once the table answers.
    assert view["turn"] == "you" and not any(o["turn"] for o in others)
    badges = [b["key"] for o in others for b in o["badges"]] + [b["key"] for b in seats["you"]]
    # One role each (the main attacker's "passed" once it has), one defender.
    assert badges.count("defender") == 1 and badges.count("attacker") <= 1
    assert len([b for b in badges if b != "takes"]) == 4
    assert all(o["text"].startswith(o["name"]) for o in others)


def test_a_duel_has_no_seats(client: TestClient) -> None:
    with table(client) as opened:
        for message in ({"game": "durak"}, {"game": "durak", "players": 2}):
            state = opened.ask_one(type="new", **message)
            assert "seats" not in state["view"]
            assert state["view"]["title"] == "Durak"
            assert state["view"]["opponent"]["count"] > 0


def test_known_cards_badges_and_the_six_seat_trump() -> None:
    """Seat 5 holds the face-up trump at six (RULES.md chapter 7); the
    view shows it face up in that seat's hand, and every role badge."""
    game = cardavia.new_game("durak", seed=11, players=6)
    obs = game.observation(0)
    view = table_json(obs, card_view("durak"))
    last = view["seats"]["others"][-1]
    assert [c["id"] for c in last["known"]] == [obs["trump_card"]]
    assert "known:" in last["text"]
    while not game.observation(0).get("taking"):
        moves = game.legal_moves()
        game.play("take" if "take" in moves else moves[0])
    obs = game.observation(0)
    view = table_json(obs, card_view("durak"))
    defender = obs["defender"]
    marks = (
        view["seats"]["you"] if defender == 0 else view["seats"]["others"][defender - 1]["badges"]
    )
    assert [m["key"] for m in marks] == ["defender", "takes"]


def test_the_end_shows_every_hand_and_the_durak(client: TestClient) -> None:
    with table(client) as opened:
        first = opened.ask_one(type="new", game="durak", level="easy", players=3)
        final = opened.play_out(first, first_move)[-1]
    view = final["view"]
    loser = None
    for other in view["seats"]["others"]:
        assert other["revealed"] and other["turn"] is False
        if other["badges"] and other["badges"][0]["key"] == "durak":
            loser = other
            assert len(other["known"]) == other["count"]
    if view["outcome"]["result"] == "win":
        assert loser is not None
    assert final["summary"]["final"] and final["summary"]["heading"]


def test_a_game_is_resumed_at_its_seats(client: TestClient, games_dir: Path) -> None:
    with table(client) as opened:
        state = opened.ask_one(type="new", game="perevodnoy", level="easy", players=5)
        for _ in range(4):
            state = opened.ask_one(type="move", move=first_move(state["view"]))
        name = state["file"]
        played = state["moves_played"]
    log = load_log(games_dir / name)
    assert log.players == 5 and len(log.moves) == played
    with table(client) as again:
        resumed = again.ask_one(type="resume", file=name)
    assert resumed["file"] == name and resumed["moves_played"] == played
    assert seats_of(resumed)["players"] == 5
    assert resumed["view"]["hand"] == state["view"]["hand"]


# ------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ({"game": "durak", "players": 9}, "players"),
        ({"game": "durak", "players": 1}, "players"),
        ({"game": "perevodnoy", "players": 0}, "players"),
        ({"game": "schnapsen", "players": 3}, "players"),
        ({"game": "durak", "players": "four"}, "players"),
        ({"game": "durak", "players": 4.5}, "players"),
        ({"game": "durak", "players": True}, "players"),
    ],
)
def test_a_bad_count_is_refused_and_nothing_is_dealt(
    client: TestClient, games_dir: Path, message: dict[str, Any], kind: str
) -> None:
    with table(client) as opened:
        error = opened.error(type="new", **message)
        assert error["kind"] == kind and error["field"] == "players" and error["text"]
        # Nothing was dealt: there is no game to play a move in.
        assert opened.error(type="move", move="take")["kind"] == "no_game"
    assert not games_dir.exists() or not list(games_dir.iterdir())


def test_a_bad_count_is_refused_in_the_players_language(client: TestClient) -> None:
    texts = {}
    for lang in ("en", "ru", "de"):
        with table(client, lang=lang) as opened:
            texts[lang] = opened.error(type="new", game="durak", players=9)["text"]
            duel = opened.error(type="new", game="schnapsen", players=4)["text"]
        i18n.set_language(lang)
        assert "9" in texts[lang]
        assert duel != texts[lang]
    assert len(set(texts.values())) == 3
    i18n.set_language("en")


def test_a_refused_count_leaves_the_game_on_the_table(client: TestClient) -> None:
    with table(client) as opened:
        state = opened.ask_one(type="new", game="durak", players=4)
        opened.error(type="new", game="durak", players=7)
        opened.send(type="settings")
        assert opened.receive()["type"] == "strings"
        again = opened.receive()
    assert again["type"] == "state" and again["view"] == state["view"]


def test_the_welcome_names_the_counts(client: TestClient) -> None:
    with table(client) as opened:
        welcome = opened.welcome
    assert welcome["players"] == [2, 3, 4, 5, 6]
    assert welcome["table_games"] == ["durak", "perevodnoy"]
    assert json.dumps(welcome)


def test_a_game_at_n_seats_is_listed_and_replayed(client: TestClient, games_dir: Path) -> None:
    with table(client) as opened:
        first = opened.ask_one(type="new", game="durak", level="easy", players=4)
        final = opened.play_out(first, first_move)[-1]
        name = final["file"]
        saves = opened.ask_one(type="saves")
        listed = next(g for g in saves["games"] if g["file"] == name)
        assert listed["title"] == "Durak · 4 players"
        start = opened.ask_one(type="replay", file=name)
        assert start["heading"].startswith("Replay of Durak · 4 players:")
        assert start["view"]["seats"]["players"] == 4
        log = load_log(games_dir / name)
        # A computer seat's move is told by that seat's name.
        index = next(i for i, m in enumerate(log.moves, 1) if m["seat"] == 2)
        step = opened.ask_one(type="step", index=index)
        assert step["events"][0].startswith("Computer 2 ")
        end = opened.ask_one(type="step", index=len(log.moves))
    others = end["view"]["seats"]["others"]
    assert all(o["revealed"] and len(o["known"]) == o["count"] for o in others)


def test_a_bigger_tables_moves_say_throw_in_and_pass() -> None:
    """At 3+ seats only the main attacker adds: the others throw in, and a
    stop is a pass (the facts and badges say who takes); a duel's labels
    stay as they were."""
    seen: dict[str, str] = {}
    for seed in range(40):
        game = cardavia.new_game("durak", seed=seed, players=4)
        pick = random.Random(seed)
        while not game.is_over and len(seen) < 3:
            obs = game.observation(game.current_player or 0)
            if game.current_player == 0 and obs.get("table"):
                view = table_json(obs, card_view("durak"))
                for move in view["moves"]:
                    if move["kind"] == "attack" and obs["attacker"] != 0:
                        seen["throw"] = move["label"]
                    if move["kind"] == "stop":
                        seen["pass taking" if obs["taking"] else "pass"] = move["label"]
            game.play(pick.choice(game.legal_moves()))
        if len(seen) == 3:
            break
    assert seen["throw"].startswith("Throw in ")
    assert seen["pass"] == "Pass: throw in nothing more"
    assert seen["pass taking"] == "Pass: throw in nothing more"
    duel = cardavia.new_game("durak", seed=1)
    duel.play(duel.legal_moves()[0])
    labels = [m["label"] for m in table_json(duel.observation(0), card_view("durak"))["moves"]]
    assert not any(label.startswith(("Throw in", "Pass")) for label in labels)


@pytest.mark.parametrize(("game", "steps"), [("durak", 1), ("perevodnoy", 2)])
def test_the_lessons_of_a_bigger_table(client: TestClient, game: str, steps: int) -> None:
    with table(client) as opened:
        lesson = opened.ask_one(type="learn", game=game, players=3)
        assert lesson["players"] == 3 and lesson["steps"] == steps
        assert lesson["view"]["seats"]["players"] == 3
        for _ in range(steps):
            move = str(lesson["view"]["moves"][0]["move"])
            answer = next(
                (m["move"] for m in lesson["view"]["moves"] if m["kind"] in ("attack", "transfer")),
                move,
            )
            solved = opened.ask_one(type="move", move=answer)
            assert solved["solved"], solved
            # What the computers did after is told by their names.
            assert not any(line.startswith("The computer") for line in solved["events"])
            lesson = opened.ask_one(type="next")
        assert lesson["finished"]
        # A duel's lesson is as before.
        duel = opened.ask_one(type="learn", game=game)
        assert duel["players"] == 2 and "seats" not in duel["view"]
        refused = opened.error(type="learn", game="schnapsen", players=3)
        assert refused["kind"] == "players"


def test_a_hint_at_a_bigger_table_is_a_chance_not_to_be_the_durak(client: TestClient) -> None:
    with table(client) as opened:
        opened.ask_one(type="new", game="durak", players=4)
        hint = opened.ask_one(type="hint")
        duel = opened.ask_one(type="new", game="durak")
        duel_hint = opened.ask_one(type="hint")
    assert "not to be the durak" in hint["heading"]
    assert "not to be the durak" not in duel_hint["heading"] and duel["view"]["turn"] == "you"
    assert [row["move"] for row in hint["rows"]]


def test_the_welcome_offers_the_launchs_table(client: TestClient, options: WebOptions) -> None:
    """``cardavia web --players`` (or the setting) is the welcome's
    ``default_players``; two unless given."""
    with table(client) as opened:
        assert opened.welcome["default_players"] == 2
    four = dataclasses.replace(options, players=4)
    with TestClient(create_app(four), base_url=f"http://{HOST}") as other, table(other) as opened:
        assert opened.welcome["default_players"] == 4
        assert 4 in opened.welcome["players"]
