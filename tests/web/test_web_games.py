"""The table over its WebSocket: whole games of each kind, the computer's
moves one message each, typed moves, hints, rules, lessons, replays, and the
saved games the terminal and the page share."""

from __future__ import annotations

import json
from pathlib import Path

import cardavia
import pytest
from cardavia_cli.main import app
from cardavia_cli.play.lesson_steps import steps_for
from cardavia_cli.play.saves import load_log
from cardavia_cli.words import i18n
from cardavia_cli.words.glossary import game_title
from cardavia_cli.words.rules_text import rules_markdown
from cli_helpers import LANGUAGES, lesson_answer
from click.testing import CliRunner
from starlette.testclient import TestClient
from web_helpers import GAMES, first_move, table


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game(client: TestClient, games_dir: Path, game: str) -> None:
    with table(client) as opened:
        first = opened.ask_one(type="new", game=game, level="easy")
        assert first["view"]["turn"] == "you"
        messages = opened.play_out(first, first_move)
    final = messages[-1]
    outcome = final["view"]["outcome"]
    assert outcome["result"] in ("win", "loss", "draw") and outcome["text"]
    assert final["view"]["moves"] == [] and final["view"]["turn"] is None
    log = load_log(games_dir / final["file"])
    assert log.finished and log.game == game and log.levels == {"0": "human", "1": "easy"}
    # Every move of the log reached the page, one message each, in order.
    played = [m["last"] for m in messages if m.get("last")]
    assert [(p["seat"], p["move"]) for p in played] == [(m["seat"], m["move"]) for m in log.moves]
    assert final["moves_played"] == len(log.moves)
    expected = {0: "win", 1: "loss"}.get(log.outcome["winner"], "draw")  # type: ignore[index]
    assert outcome["result"] == expected


def test_the_view_of_a_durak_table(client: TestClient) -> None:
    with table(client) as opened:
        state = opened.ask_one(type="new", game="durak")
    view = state["view"]
    assert view["title"] == "Durak" and view["schnapsen"] is None
    on_table = sum(1 for pair in view["durak"]["pairs"] for card in pair if card)
    assert len(view["hand"]) + view["opponent"]["count"] + on_table == 12
    assert view["durak"]["stock"] == 24 and view["trump"]["card"]["id"][1] == view["trump"]["suit"]
    numbers = [m["number"] for m in view["moves"]]
    assert numbers == list(range(1, len(numbers) + 1))
    hand_moves = [m for m in view["moves"] if m["place"] == "hand"]
    assert {m["card"] for m in hand_moves} <= {c["id"] for c in view["hand"]}
    assert len({m["card"] for m in hand_moves}) == len(hand_moves)
    assert all(m["label"] for m in view["moves"])


def test_the_view_of_a_schnapsen_table(client: TestClient) -> None:
    with table(client, lang="de") as opened:
        state = opened.ask_one(type="new", game="schnapsen")
    s = state["view"]["schnapsen"]
    assert s["match"] == [7, 7] and s["points"] == [0, 0] and s["stock"] == 10
    assert "7" in s["match_text"] and s["deal"]
    assert state["view"]["trump"]["card"] is not None  # the indicator
    labels = {c["label"] for c in state["view"]["hand"]}
    assert all(label[0] in "BDK1A" for label in labels)


def test_the_computer_moves_one_message_at_a_time(client: TestClient) -> None:
    with table(client) as opened:
        state = opened.ask_one(type="new", game="durak")
        answers = opened.ask(type="move", move=first_move(state["view"]))
    assert answers[0]["last"]["seat"] == 0
    computer = answers[1:]
    assert computer and all(m["last"]["seat"] == 1 for m in computer)
    assert all(len(m["events"]) >= 1 for m in answers)
    counts = [m["moves_played"] for m in answers]
    assert counts == list(range(counts[0], counts[0] + len(counts)))


def test_typed_moves(client: TestClient) -> None:
    with table(client, lang="ru") as opened:
        state = opened.ask_one(type="new", game="durak")
        # A random deal may open with only "take" on offer: play on to a card.
        while not any(m["card"] for m in state["view"]["moves"]):
            state = opened.ask(type="move", move=first_move(state["view"]))[-1]
        view = state["view"]
        card = next(m for m in view["moves"] if m["card"])
        spelled = card["card"].replace("S", "♠").replace("H", "♥").replace("D", "♦")
        spelled = spelled.replace("C", "♣")
        answers = opened.ask(type="text", text=spelled)
        assert answers[0]["type"] == "state"
        assert answers[0]["last"] == {
            "seat": 0,
            "move": card["move"],
            "kind": card["kind"],
            "card": card["card"],
        }
        # A number from the list of moves, as in the terminal.
        now = answers[-1]["view"]
        if now["moves"]:
            answers = opened.ask(type="text", text="1")
            assert answers[0]["last"]["move"] == now["moves"][0]["move"]


def test_typed_words_in_the_page_language(client: TestClient) -> None:
    """Russian ``беру`` is take, played when the player faces an attack."""
    with table(client, lang="ru") as opened:
        for _attempt in range(30):
            state = opened.ask_one(type="new", game="durak")
            if "take" in [m["move"] for m in state["view"]["moves"]]:
                break
        else:
            pytest.fail("no deal where the computer attacks first")
        answers = opened.ask(type="text", text="беру")
    assert answers[0]["last"] == {"seat": 0, "move": "take", "kind": "take", "card": None}


def test_typed_commands(client: TestClient) -> None:
    with table(client) as opened:
        saved_state = opened.ask_one(type="new", game="schnapsen")
        hint = opened.ask_one(type="text", text="?")
        assert hint["type"] == "hint" and hint["rows"]
        assert opened.ask_one(type="text", text="rules")["type"] == "rules"
        help_text = opened.ask_one(type="text", text="help")
        # Schnapsen's own words, and the marriage example with a card.
        assert help_text["type"] == "info" and "marriage, exchange, close" in help_text["text"]
        saved = opened.ask_one(type="text", text="quit")
        assert saved["type"] == "info"
        if saved_state["moves_played"]:
            # A Schnapsen player has played a match, not a game.
            assert saved["text"].startswith("The match is saved in") and ".json" in saved["text"]
        else:  # saved from the first move
            assert saved["text"] == "Nothing was played, so nothing was saved."


def test_ambiguous_text_asks_which_move(client: TestClient) -> None:
    """A king with its queen in hand: a plain lead or the marriage."""
    with table(client) as opened:
        for _attempt in range(60):
            state = opened.ask_one(type="new", game="schnapsen")
            marriages = [m for m in state["view"]["moves"] if m["kind"] == "marriage"]
            if marriages and state["view"]["turn"] == "you":
                break
        else:
            pytest.fail("no deal with a marriage to declare")
        card = marriages[0]["card"]
        choose = opened.ask_one(type="text", text=card)
    assert choose["type"] == "choose" and choose["heading"]
    assert {o["move"] for o in choose["options"]} == {f"play:{card}", f"marriage:{card}"}


def test_a_hint_rates_every_legal_move(client: TestClient) -> None:
    with table(client) as opened:
        state = opened.ask_one(type="new", game="perevodnoy")
        hint = opened.ask_one(type="hint")
    legal = {m["move"] for m in state["view"]["moves"]}
    assert {row["move"] for row in hint["rows"]} == legal
    assert all(0 <= row["percent"] <= 100 and row["label"] for row in hint["rows"])
    for row in hint["rows"]:
        assert row["label"] in row["text"] and str(row["percent"]) in row["text"]
    assert hint["best"] and hint["moves_played"] == state["moves_played"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_in_every_language(client: TestClient, lang: str) -> None:
    with table(client, lang=lang) as opened:
        for game in GAMES:
            rules = opened.ask_one(type="rules", game=game)
            text, found = rules_markdown(game, lang)  # type: ignore[misc]
            title = text.splitlines()[0].lstrip("# ").strip()
            assert found == lang and rules["lang"] == lang and rules["note"] is None
            assert f"<h1>{title}</h1>" in rules["html"]
            assert "<!--" not in rules["html"] and "<script" not in rules["html"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_switching_language_redraws_the_table(client: TestClient, lang: str) -> None:
    with table(client) as opened:
        state = opened.ask_one(type="new", game="durak")
        opened.send(type="settings", lang=lang)
        strings = opened.receive()
        again = opened.receive()
    i18n.set_language(lang)
    assert strings["lang"] == lang
    assert strings["strings"]["game.durak"] == game_title("durak")
    assert strings["strings"]["new_deal"] == i18n._("New game")
    assert again["type"] == "state" and again["moves_played"] == state["moves_played"]
    assert again["view"]["turn_text"] in (i18n._("Your turn."), i18n._("The computer's turn."))


def test_page_strings_are_complete_in_every_language(client: TestClient) -> None:
    keys = None
    for lang in LANGUAGES:
        with table(client, lang=None) as opened:
            opened.send(type="settings", lang=lang)
            strings = opened.receive()["strings"]
        assert all(strings.values()), lang
        keys = keys or set(strings)
        assert set(strings) == keys


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_lesson(client: TestClient, game: str) -> None:
    steps = steps_for(game)
    with table(client) as opened:
        lesson = opened.ask_one(type="learn", game=game)
        assert lesson["type"] == "lesson" and lesson["heading"]
        for number, step in enumerate(steps):
            assert lesson["index"] == number and not lesson["solved"]
            answer = lesson_answer(game, step)
            if lesson["answers"]:
                solved = opened.ask_one(type="text", text=answer)
            else:
                assert answer in [m["move"] for m in lesson["view"]["moves"]]
                solved = opened.ask_one(type="move", move=answer)
            assert solved["solved"] and solved["success"], step.title
            if game == "schnapsen" and number == len(steps) - 1:
                # The winning marriage ends the deal: the step's own deal is
                # shown (39 points), not the next deal's fresh table.
                assert solved["view"]["schnapsen"]["points"][0] == 39
            lesson = opened.ask_one(type="next")
        assert lesson["finished"]
        assert opened.error(type="next")["kind"] == "no_lesson"


def test_lesson_answers_are_checked(client: TestClient) -> None:
    with table(client) as opened:
        opened.ask_one(type="learn", game="durak")
        lesson = opened.ask_one(type="next")  # covering in suit: 9♠ on 7♠
        wrong = opened.error(type="move", move="take")
        assert wrong["kind"] == "lesson" and wrong["text"]
        assert opened.error(type="text", text="6S")["kind"] == "lesson"
        solved = opened.ask_one(type="move", move="defend:9S")
        assert solved["solved"]
        again = opened.error(type="move", move="defend:9S")  # solved already
        assert again["kind"] == "lesson" and again["text"]
        skipped = opened.ask_one(type="text", text="skip")
        assert skipped["index"] == lesson["index"] + 1
        closed = opened.ask_one(type="text", text="quit")
        assert closed["type"] == "lesson_closed"
        assert opened.error(type="next")["kind"] == "no_lesson"


def play_and_leave(client: TestClient, game: str, moves: int) -> str:
    with table(client) as opened:
        state = opened.ask_one(type="new", game=game)
        for _ in range(moves):
            state = opened.ask(type="move", move=first_move(state["view"]))[-1]
        return str(state["file"])


def test_saves_list_and_replay(client: TestClient, games_dir: Path) -> None:
    name = play_and_leave(client, "durak", 3)
    (games_dir / "damaged.json").write_text("{ not json")
    with table(client) as opened:
        saves = opened.ask_one(type="saves")["games"]
        entry = next(g for g in saves if g["file"] == name)
        assert entry["game"] == "durak" and not entry["finished"] and entry["moves_text"]
        damaged = next(g for g in saves if g["file"] == "damaged.json")
        assert "damaged.json" in damaged["error"]
        replay = opened.ask_one(type="replay", file=name)
        total = replay["total"]
        assert replay["index"] == 0 and total == len(load_log(games_dir / name).moves)
        assert replay["view"]["moves"] == []
        for index in range(1, total + 1):
            step = opened.ask_one(type="step", index=index)
            assert step["index"] == index and step["events"] and step["analysis"]
        assert step["unfinished"]
        error = opened.error(type="step", index=total + 1)
        assert error["kind"] == "no_such_step" and str(total) in error["text"]
        assert opened.error(type="replay", file="damaged.json")["kind"] == "save"


def test_the_page_resumes_a_game_the_terminal_saved(client: TestClient, games_dir: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["play", "durak", "--seed", "5"], input="1\nquit\n")
    assert result.exit_code == 0, result.output
    (path,) = games_dir.glob("durak-*.json")
    before = load_log(path)
    with table(client) as opened:
        state = opened.ask_one(type="resume", file=path.name)
        assert state["file"] == path.name and state["moves_played"] == len(before.moves)
        messages = opened.play_out(state, first_move)
    after = load_log(path)
    assert after.finished and after.moves[: len(before.moves)] == before.moves
    assert messages[-1]["view"]["outcome"] is not None
    with table(client) as opened:
        assert opened.error(type="resume", file=path.name)["kind"] == "finished"


def test_the_terminal_resumes_and_replays_a_game_the_page_saved(
    client: TestClient, games_dir: Path
) -> None:
    name = play_and_leave(client, "schnapsen", 2)
    runner = CliRunner()
    path = str(games_dir / name)
    resumed = runner.invoke(app, ["play", "schnapsen", "--resume", path], input="quit\n")
    assert resumed.exit_code == 0 and "Resuming" in resumed.output
    replayed = runner.invoke(app, ["replay", path, "--all"])
    assert replayed.exit_code == 0 and "Replay of Schnapsen" in replayed.output


def test_a_new_deal_after_game_over(client: TestClient) -> None:
    with table(client) as opened:
        first = opened.ask_one(type="new", game="durak")
        final = opened.play_out(first, first_move)[-1]
        again = opened.ask_one(type="new", game="durak")
    assert again["view"]["outcome"] is None and again["file"] != final["file"]


def test_the_level_is_the_chosen_one(client: TestClient, games_dir: Path, stand_ins: list) -> None:
    with table(client) as opened:
        opened.send(type="settings", level="hard")
        assert opened.receive()["type"] == "strings"
        state = opened.ask_one(type="new", game="durak")
        state = opened.ask_one(type="move", move=first_move(state["view"]))
        other = opened.ask_one(type="new", game="durak", level="normal")
        other = opened.ask_one(type="move", move=first_move(other["view"]))
    assert [s.level for s in stand_ins] == ["hard", "normal"]
    assert json.loads((games_dir / state["file"]).read_text())["levels"]["1"] == "hard"
    assert json.loads((games_dir / other["file"]).read_text())["levels"]["1"] == "normal"
    assert cardavia.GAMES == GAMES
