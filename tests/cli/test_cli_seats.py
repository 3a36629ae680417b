"""Durak at a table of three to six in the terminal (issue 23, item 5):
every seat shown, each computer seat's move told, runs of forced passes
summed up, bad player counts refused in the player's language, saves at
N seats (and old saves as duels), machine mode, the players setting."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia_cli.main import app
from cardavia_cli.play.lesson_steps import steps_for
from cardavia_cli.play.lessons import accepts, position
from cardavia_cli.play.logged_game import LoggedGame
from cardavia_cli.play.saves import GameLog, SaveError, load_log, new_log, result_of, write_log
from cardavia_cli.terminal import table
from cardavia_cli.terminal.machine import run_machine
from cardavia_cli.words import i18n, table_seats
from cardavia_cli.words.card_faces import CardView
from cli_helpers import StandIn, lesson_answer, run, saved_games
from click.testing import CliRunner
from rich.console import Console

pexpect = pytest.importorskip("pexpect")

SUITS, RANKS = "SHDC", "6789TJQKA"
CANONICAL = [rank + suit for suit in SUITS for rank in RANKS]


def table_deck(hands: list[str], trump: str) -> list[str]:
    """A deck dealing ``hands`` (seat 0 first), then the trump card, then
    the rest of the cards in canonical order."""
    dealt = [card for hand in hands for card in hand.split()] + [trump]
    return dealt + [card for card in CANONICAL if card not in dealt]


# Hearts are trumps; seat 0 holds the lowest (6♥) and attacks seat 1, and
# neither seat 2 nor seat 3 holds a seven or a nine to throw in.
FOUR = table_deck(
    ["7S 6H 8C 8D TD JD", "9S 7D QS KS AS JC", "6S 8S TS QD KD AD", "6D JS QC KC AC TC"], "KH"
)


class Scripted:
    """An opponent that plays the given moves when legal, else the first legal."""

    def __init__(self, *moves: str) -> None:
        self.moves = set(moves)
        self.asked: list[int] = []

    def choose(self, observation: Mapping[str, Any], seed: int) -> str:
        self.asked.append(int(observation["seat"]))
        legal = sorted(observation["legal_moves"])
        return next((m for m in legal if m in self.moves), legal[0])

    def analyse(self, observation: Mapping[str, Any], seed: int) -> list[dict[str, Any]]:
        return [{"move": m, "visits": 1, "value": 0.5} for m in observation["legal_moves"]]


def four_seats(opponent: Any) -> LoggedGame:
    log = GameLog(
        game="durak",
        seed=None,
        deck=list(FOUR),
        levels={"0": "human", "1": "easy", "2": "easy", "3": "easy"},
        players=4,
    )
    return LoggedGame(log.new_game(), log, opponent)


VIEW = CardView(game="durak", color=False)


def test_forced_passes_of_computer_seats_are_told_at_once() -> None:
    opponent = Scripted("defend:9S")
    played = four_seats(opponent)
    assert played.game.current_player == 0
    played.apply(0, "attack:7S", VIEW)
    seat = played.computer_seat()
    obs, seed = played.computer_request()
    assert seat == 1 and obs["seat"] == 1
    assert played.apply(seat, opponent.choose(obs, seed), VIEW) == ["Computer 1 beats 7♠ with 9♠."]
    assert played.apply(0, "stop", VIEW) == ["You pass."]
    assert played.forced_passes(VIEW) == [
        "Computer 2 and Computer 3 pass: no card to throw in.",
        "Everyone has passed: beaten, the cards go to the discard pile.",
    ]
    # Both passes were played and saved, neither asked of the opponent.
    assert [(m["seat"], m["move"]) for m in played.log.moves[-2:]] == [(2, "stop"), (3, "stop")]
    assert opponent.asked == [1]
    assert load_log(Path(str(played.log.path))).moves == played.log.moves
    # The defender of the bout that ended attacks next, and chooses.
    assert played.computer_seat() == 1 and played.forced_passes(VIEW) == []


def test_forced_passes_in_russian() -> None:
    i18n.set_language("ru")
    played = four_seats(Scripted("defend:9S"))
    played.play(0, "attack:7S", VIEW)
    played.play(1, "defend:9S", VIEW)
    played.play(0, "stop", VIEW)
    assert played.forced_passes(VIEW)[0] == "Компьютер 2 и Компьютер 3: пас, подкинуть нечего."


def test_a_duel_has_no_forced_passes_of_its_own() -> None:
    """Two seats: the computer chooses even its only move, as it always did."""
    log = new_log("durak", "easy", seed=3)
    played = LoggedGame(log.new_game(), log, StandIn("easy"))
    while not played.computer_to_move():
        played.play(0, sorted(played.game.legal_moves())[0], VIEW)
    assert played.forced_passes(VIEW) == []


def test_the_table_shows_every_seat_and_its_role() -> None:
    played = four_seats(Scripted())
    played.play(0, "attack:7S", VIEW)
    obs = played.game.observation(0)
    console = Console(width=80, record=True, color_system=None)
    console.print(table.render(obs, VIEW, moves=[], hints=False))
    text = console.export_text()
    assert "── Durak · 4 players ──" in text
    rows = [line for line in text.splitlines() if line[2:5] in ("You", "Com")]
    assert len(rows) == 4
    assert "main attacker" in rows[0] and "▶" in rows[1] and "defender" in rows[1]
    assert "throwing in" in rows[2] and "throwing in" in rows[3]
    assert "Computer 1 to move." in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_a_seat_that_passed_and_one_that_is_out() -> None:
    obs = dict(four_seats(Scripted()).game.observation(0))
    obs.update(passed=[2], out=[[3]], hand_sizes=[6, 6, 6, 0], current_player=1)
    console = Console(width=80, record=True, color_system=None)
    console.print(table.render(obs, VIEW, moves=[], hints=False, out_after={3: 7}))
    text = console.export_text()
    assert "passed" in text and "out since bout 7" in text


# A seat's badge is read beside "You" and above the player's own hand as
# well as beside a computer's name: a third-person verb ("throws in",
# "підкидає", "ρίχνει", "nimmt auf") reads wrongly there. Each language's
# set names a role (noun or participle) or says the word a seat said.
THIRD_PERSON = {
    "en": r"\b(throws|takes)\b",
    "ru": r"\b(берёт|подкидывает|отбивается|заходит)\b",
    "uk": r"(?<!хто )\b(бере|підкидає|відбивається|ходить)\b",
    "el": r"\b(ρίχνει|παίρνει|αμύνεται|επιτίθεται)\b",
    "de": r"\b(nimmt|legt|verteidigt|greift)\b",
}


@pytest.mark.parametrize("lang", list(THIRD_PERSON))
def test_the_seat_badges_read_beside_you(lang: str) -> None:
    roles = [
        table_seats.SeatRole(0, role, to_move=False, bout=bout, passed=passed)
        for role, bout, passed in [
            ("attacker", None, False), ("attacker", None, True), ("defender", None, False),
            ("thrower", None, False), ("passed", None, True), ("out", None, False),
            ("out", 7, False), ("durak", None, False),
        ]
    ]  # fmt: skip
    with i18n.speaking(lang):
        badges = [table_seats.role_badge(role) for role in roles]
        badges.append(i18n.pgettext("seat", "taking"))
    assert all(badges) and len(set(badges)) == len(badges)
    assert [b for b in badges if re.search(THIRD_PERSON[lang], b)] == []


def test_your_own_row_says_your_role_in_ukrainian() -> None:
    played = four_seats(Scripted())
    played.play(0, "attack:7S", VIEW)
    obs = dict(played.game.observation(0))
    obs.update(attacker=1, defender=2, throwers=[0, 3])
    console = Console(width=80, record=True, color_system=None)
    with i18n.speaking("uk"):
        console.print(table.render(obs, VIEW, moves=[], hints=False))
    you = next(line for line in console.export_text().splitlines() if line[2:4] == "Ви")
    assert you.endswith("той, хто підкидає")


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
def test_a_whole_four_seat_game(runner: CliRunner, games_dir: Path, game: str) -> None:
    code, out = run(runner, ["play", game, "--players", "4", "--seed", "5"], stdin="1\n" * 3000)
    assert code == 0
    assert "· 4 players ──" in out and "Computer 3" in out
    assert "── The game is over ──" in out
    assert any(end in out for end in ("You are the durak", "You are not the durak", "A draw"))
    [path] = saved_games(games_dir)
    saved = json.loads(path.read_text())
    assert saved["players"] == 4 and saved["finished"]
    assert {m["seat"] for m in saved["moves"]} == {0, 1, 2, 3}
    assert saved["levels"] == {"0": "human", "1": "normal", "2": "normal", "3": "normal"}
    log = load_log(path)
    assert log.players == 4 and result_of(log) in ("win", "loss", "draw")


@pytest.mark.parametrize(
    ("args", "lang", "said"),
    [
        (["durak", "--players", "7"], "ru", "Дурак: играют от 2 до 6 человек, а не 7."),
        (["perevodnoy", "--players", "1"], "de", "spielt man zu 2 bis 6, nicht zu 1."),
        (["schnapsen", "--players", "3"], "de", "Schnapsen spielt man zu zweit"),
        (["schnapsen", "--players", "3"], "ru", "Шнапсен — игра для двоих"),
        (["durak", "--players", "four"], "ru", "Число игроков должно быть целым числом"),
        (["durak", "--players", "9"], "en", "Durak is played by 2 to 6 players, not 9."),
    ],
)
def test_a_bad_player_count_is_refused(
    runner: CliRunner, games_dir: Path, args: list[str], lang: str, said: str
) -> None:
    code, out = run(runner, ["play", *args, "--lang", lang], stdin="1\nquit\n")
    assert code == 1
    assert said in out
    assert saved_games(games_dir) == []


def test_machine_mode_refuses_a_bad_count_in_json(runner: CliRunner) -> None:
    code, out = run(runner, ["play", "durak", "--players", "8", "--json"])
    assert code != 0
    assert json.loads(out.strip().splitlines()[-1])["error"]


def test_save_and_resume_at_four_seats(runner: CliRunner, games_dir: Path) -> None:
    args = ["play", "perevodnoy", "--players", "4", "--seed", "8"]
    code, out = run(runner, args, stdin="1\n1\nquit\n")
    assert code == 0 and "Game saved" in out
    [path] = saved_games(games_dir)
    first = json.loads(path.read_text())
    assert first["players"] == 4 and not first["finished"]
    code, out = run(runner, ["play", "--resume", str(path)], stdin="1\n" * 3000)
    assert code == 0 and "Resuming" in out and "· 4 players ──" in out
    resumed = json.loads(path.read_text())
    assert resumed["finished"] and resumed["players"] == 4
    assert resumed["moves"][: len(first["moves"])] == first["moves"]


def test_a_save_without_players_is_a_duel(tmp_path: Path) -> None:
    log = new_log("durak", "easy", seed=4)
    path = write_log(log, tmp_path / "old.json")
    data = json.loads(path.read_text())
    assert "players" not in data  # a duel's save reads as it always did
    assert load_log(path).players == 2


@pytest.mark.parametrize("players", [9, 1, "4", True, None])
def test_a_save_with_a_bad_table_is_refused(tmp_path: Path, players: object) -> None:
    log = new_log("durak", "easy", seed=4, players=4)
    data = log.to_json()
    data["players"] = players
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError):
        load_log(path)


def test_a_move_by_a_seat_beyond_the_table_is_refused(tmp_path: Path) -> None:
    log = new_log("durak", "easy", seed=4, players=3)
    data = log.to_json()
    data["moves"] = [{"seat": 3, "move": "stop", "time": "2026-01-01T00:00:00+00:00"}]
    path = tmp_path / "beyond.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError):
        load_log(path)


def test_schnapsen_saved_with_players_is_refused(tmp_path: Path) -> None:
    data = new_log("schnapsen", "easy", seed=4).to_json()
    data["players"] = 3
    path = tmp_path / "schnapsen.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="a table of 3 players is not possible"):
        load_log(path)


def test_machine_mode_names_the_seats_of_the_computer_moves() -> None:
    log = new_log("durak", "easy", seed=5, players=3)
    played = LoggedGame(log.new_game(), log, StandIn("easy"))
    out = io.StringIO()
    run_machine(played, [], out)
    first = json.loads(out.getvalue())
    assert len(first["ai_seats"]) == len(first["ai_moves"])
    assert set(first["ai_seats"]) <= {1, 2}
    assert first["current_player"] in (0, None)


def test_the_players_setting(runner: CliRunner, games_dir: Path) -> None:
    code, out = run(runner, ["config", "set", "players", "3"])
    assert code == 0
    code, out = run(runner, ["play", "durak", "--seed", "2"], stdin="quit\n")
    assert "· 3 players ──" in out
    # Schnapsen stays a duel whatever the setting says.
    code, out = run(runner, ["play", "schnapsen", "--seed", "2"], stdin="quit\n")
    assert code == 0 and "players ──" not in out
    result = runner.invoke(app, ["config", "set", "players", "7"], env={"CARDAVIA_LANG": "de"})
    assert result.exit_code == 1
    assert "Durak spielt man zu 2 bis 6, nicht zu 7." in result.output


def test_the_players_setting_is_not_written_for_two(runner: CliRunner, tmp_path: Path) -> None:
    run(runner, ["config", "set", "players", "2"])
    stored = json.loads((tmp_path / "config" / "config.json").read_text())
    assert "players" not in stored


def test_the_engine_refuses_what_the_terminal_refuses() -> None:
    """The bounds are the engine's: the terminal asks, it does not know."""
    with pytest.raises(cardavia.InvalidArgumentError):
        cardavia.new_game("durak", seed=0, players=7)


def test_replay_of_a_four_seat_game(runner: CliRunner, games_dir: Path) -> None:
    run(runner, ["play", "durak", "--players", "4", "--seed", "6"], stdin="1\n" * 3000)
    [path] = saved_games(games_dir)
    code, out = run(runner, ["replay", str(path), "--all"])
    assert code == 0
    assert "· 4 players ──" in out and "so every hand is shown" in out
    moves = json.loads(path.read_text())["moves"]
    assert f"Move {len(moves)} of {len(moves)}" in out
    assert "Computer 2" in out and "out since bout" in out
    assert any(end in out for end in ("You are the durak", "You are not the durak", "A draw"))


def test_the_computer_seats_of_the_real_opponent_play_legal_moves() -> None:
    """``AiOpponent`` at a bigger table: the engine's search, from each
    seat's own observation."""
    from cardavia_cli.play.opponent import AiOpponent

    game = cardavia.new_game("perevodnoy", seed=11, players=3)
    ai = AiOpponent("easy")
    for ply in range(40):
        if game.is_over:
            break
        seat = int(game.current_player or 0)
        move = ai.choose(game.observation(seat), ply)
        assert move in game.legal_moves()
        game.play(move)


def test_hints_at_a_bigger_table_speak_of_not_being_the_durak() -> None:
    from cardavia_cli.terminal.session import advice_text

    played = four_seats(Scripted())
    obs = played.game.observation(0)
    rows = [{"move": m, "visits": 100, "value": 0.8} for m in sorted(obs["legal_moves"])]
    text = advice_text(rows, obs, VIEW).plain
    assert "Your chance not to be the durak after each move" in text


@pytest.mark.parametrize(("game", "count"), [("durak", 1), ("perevodnoy", 2)])
def test_the_steps_of_a_bigger_table_are_real_positions(game: str, count: int) -> None:
    steps = steps_for(game, 3)
    assert len(steps) == count
    for step in steps:
        g = position(game, step)
        assert g.players == 3 and g.current_player == 0
        assert any(accepts(step, g, m) for m in g.legal_moves()), step.title
    obs = position(game, steps[0]).observation(0)
    # You throw in: neither the main attacker nor the defender, after a pass.
    assert obs["attacker"] == 1 and obs["defender"] == 2 and obs["passed"] == [1]


def test_transferring_goes_on_to_the_next_seat() -> None:
    step = steps_for("perevodnoy", 3)[1]
    g = position("perevodnoy", step)
    g.play("transfer:7D")
    obs = g.observation(0)
    assert obs["attacker"] == 0 and obs["defender"] == 1


@pytest.mark.parametrize("lang", ["en", "ru", "de"])
def test_the_lesson_of_a_bigger_table(runner: CliRunner, lang: str) -> None:
    answers = "".join(lesson_answer("perevodnoy", s) + "\n" for s in steps_for("perevodnoy", 3))
    code, out = run(runner, ["learn", "perevodnoy", "--players", "3", "--lang", lang], answers)
    assert code == 0
    i18n.set_language(lang)
    for step in steps_for("perevodnoy", 3):
        assert i18n._(step.title) in out
    assert (
        i18n._("Well done! Play a real game with: cardavia play {game}").format(game="perevodnoy")
        in out
    )


def test_a_duel_lesson_is_unchanged_and_schnapsen_has_no_table(runner: CliRunner) -> None:
    assert steps_for("durak") == steps_for("durak", 2)
    code, out = run(runner, ["learn", "schnapsen", "--players", "3", "--lang", "ru"])
    assert code == 1 and "Шнапсен — игра для двоих" in out


def test_a_bigger_table_is_tallied_not_rated(runner: CliRunner, tmp_path: Path) -> None:
    code, out = run(runner, ["play", "durak", "--players", "3", "--seed", "5"], "1\n" * 3000)
    assert code == 0
    assert "Durak at a table of 3: 1 played, the durak in " in out
    record = json.loads((tmp_path / "data" / "record.json").read_text())
    assert record["games"] == {}  # no rating: the levels are measured in duels
    tally = record["tables"]["durak"]["3"]
    assert tally["games"] == 1 and tally["durak"] + tally["draws"] <= 1
    code, out = run(runner, ["stats"])
    assert code == 0 and "Durak at a table of 3: 1 played" in out
    code, out = run(runner, ["stats", "--json"])
    assert json.loads(out)["games"]["durak"]["tables"]["3"]["games"] == 1


def test_a_duellists_record_has_no_tables(runner: CliRunner, tmp_path: Path) -> None:
    run(runner, ["play", "durak", "--seed", "5"], "1\n" * 3000)
    record = json.loads((tmp_path / "data" / "record.json").read_text())
    assert "tables" not in record and record["games"]["durak"]["all"]["games"] == 1


@pytest.mark.parametrize(
    "tables",
    [
        {"durak": {"2": {"games": 1, "durak": 0, "draws": 0}}},
        {"durak": {"4": {"games": 1, "durak": 2, "draws": 0}}},
        {"chess": {"4": {"games": 1, "durak": 0, "draws": 0}}},
        {"durak": {"4": {"games": -1, "durak": 0, "draws": 0}}},
        [],
    ],
)
def test_a_record_with_bad_tables_is_damaged(tables: object) -> None:
    from cardavia_cli.play.record import FORMAT, SCHEMA_VERSION, DamagedRecord, parse_record

    data = {"format": FORMAT, "schema": SCHEMA_VERSION, "games": {}, "counted": []}
    data["tables"] = tables
    with pytest.raises(DamagedRecord):
        parse_record(data)


def test_a_table_game_counts_once() -> None:
    from cardavia_cli.play.record import Record

    record = Record()
    assert record.add_table("k", "durak", 4, "durak") is not None
    assert record.add_table("k", "durak", 4, "out") is None
    assert record.tables["durak"][4].as_json() == {"games": 1, "durak": 1, "draws": 0}
    with pytest.raises(ValueError):
        record.add_table("other", "durak", 4, "win")


def test_analyse_games_at_a_bigger_table(runner: CliRunner, games_dir: Path) -> None:
    run(runner, ["play", "durak", "--players", "3", "--seed", "5"], "1\n1\nquit\n")
    [path] = saved_games(games_dir)
    code, out = run(runner, ["analyse-games", str(path), "--level", "easy", "--json"])
    assert code == 0
    [result] = json.loads(out)["games"]
    assert [s["seat"] for s in result["summary"]] == [0, 1, 2]
    assert {d["seat"] for d in result["decisions"]} <= {0, 1, 2}
    assert len(result["decisions"]) == len(json.loads(path.read_text())["moves"])
    code, out = run(runner, ["analyse-games", str(path), "--level", "easy", "--lang", "de"])
    assert code == 0 and "Computer 2 (normal)" in out and "Mensch" in out


def test_a_thrower_is_told_to_throw_in_or_pass() -> None:
    from cardavia_cli.words.table_words import tip

    g = position("durak", steps_for("durak", 3)[0])
    obs = g.observation(0)
    assert tip(obs, VIEW) == "Tip: throw in a card of a rank on the table, or pass."
    console = Console(width=80, record=True, color_system=None)
    console.print(table.render(obs, VIEW, moves=sorted(g.legal_moves()), hints=True))
    text = console.export_text()
    assert "Throw in 9♦" in text and "Pass: throw in nothing more · pass" in text


SEATED_ENDS = [
    "You are not the durak: Computer",
    "You are the durak: the last one left holding cards.",
    "A draw: nobody is the durak.",
]


@pytest.mark.parametrize(("game", "seed"), [("durak", 12), ("perevodnoy", 13)])
def test_a_whole_four_seat_game_in_a_terminal(game: str, seed: int, tmp_path: Path) -> None:
    """A real terminal at 80 columns, the real opponent at ``easy``."""
    from test_cli_terminal import PROMPT, spawn

    child = spawn(
        ["play", game, "--players", "4", "--seed", str(seed), "--level", "easy"], tmp_path
    )
    child.setwinsize(40, 80)
    seen = io.StringIO()
    child.logfile_read = seen
    turns = 0
    try:
        while child.expect([PROMPT, *SEATED_ENDS]) == 0:
            child.sendline("1")
            turns += 1
            assert turns < 1000
        child.expect("The game is saved in")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0 and turns > 3
    out = seen.getvalue()
    assert "· 4 players ──" in out and "── The game is over ──" in out
    assert "Computer 3" in out and "Out after bout" in out


def test_saves_name_the_size_of_a_bigger_table(runner: CliRunner) -> None:
    run(runner, ["play", "durak", "--players", "5", "--seed", "3"], "1\n1\nquit\n")
    code, out = run(runner, ["saves"])
    assert code == 0 and "Durak · 5 players ·" in out
    code, out = run(runner, ["saves", "--json"])
    assert json.loads(out)[0]["players"] == 5


def test_the_end_of_a_drawn_table() -> None:
    from cardavia_cli.words.table_seats import seated_end_lines, seated_outcome_text

    obs = {"game": "durak", "trump": "H", "outcome": {"draw": True, "loser": None, "out": [[2]]}}
    lines = seated_end_lines(obs, [[], [], []], {2: 4}, VIEW)
    assert lines == [
        "Out after bout 4: Computer 2.",
        "The last ones in played their last cards in the same bout: a draw.",
    ]
    obs["outcome"] = {"draw": True, "loser": None, "out": [], "reason": "idle_bouts"}
    assert "Fifty bouts in a row" in seated_end_lines(obs, [[], [], []], {}, VIEW)[0]
    assert seated_outcome_text(obs) == "A draw: nobody is the durak."


def test_the_end_when_you_are_the_durak() -> None:
    from cardavia_cli.words.table_seats import seated_end_lines, seated_outcome_text

    outcome = {"draw": False, "loser": 0, "out": [[1, 2]]}
    obs = {"game": "durak", "trump": "H", "outcome": outcome}
    lines = seated_end_lines(obs, [["7S", "AH"], [], []], {}, VIEW)
    assert lines == ["Out: Computer 1 and Computer 2.", "You were left holding: 7♠ Т♥"]
    assert seated_outcome_text(obs) == "You are the durak: the last one left holding cards."


def test_six_seats_show_the_trump_card_dealt_last() -> None:
    g = cardavia.new_game("durak", seed=1, players=6)
    console = Console(width=80, record=True, color_system=None)
    console.print(table.render(g.observation(0), VIEW, moves=[], hints=False))
    text = console.export_text()
    assert "dealt last to Computer 5" in text and "· 6 players ──" in text
    assert max(len(line) for line in text.splitlines()) <= 80
