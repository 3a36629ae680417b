"""The player's record (play/record.py) and rating (play/rating.py): the
tallies and streaks, the Elo maths against a hand-computed example, each
finished game counted once by its save, damaged and newer record files, and
``cardavia stats`` in two languages and as JSON."""

from __future__ import annotations

import json
import math
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from cardavia_cli.play import rating
from cardavia_cli.play.record import Record, Tally, parse_record
from cardavia_cli.play.record_file import (
    RecordError,
    count_finished,
    load_record,
    read_record,
    record_path,
)
from cardavia_cli.play.saves import GameLog, load_log, write_log
from cli_helpers import GAMES, run, saved_games
from click.testing import CliRunner

# ------------------------------------------------------------ the maths


def test_elo_against_a_hand_computed_example() -> None:
    """By hand: against a level 200 points above, E = 1 / (1 + 10^(200/400))
    = 1 / (1 + 3.16228) = 0.24025; a first win (K = 800 / 20 = 40) gains
    40 × 0.75975 = 30.390. After 20 games K = 800 / 40 = 20; a draw against
    a level 200 below (E = 0.75975) costs 20 × 0.25975 = 5.195."""
    assert rating.expected(1500, 1700) == pytest.approx(0.240253, abs=1e-6)
    assert rating.expected(1500, 1300) == pytest.approx(0.759747, abs=1e-6)
    assert rating.expected(1600, 1600) == 0.5
    assert rating.updated(1500, 0, 1700, 1.0) == pytest.approx(1530.390, abs=1e-3)
    assert rating.updated(1500, 20, 1300, 0.5) == pytest.approx(1494.805, abs=1e-3)
    assert rating.updated(1500, 0, 1500, 0.0) == pytest.approx(1480.0)


def test_k_shrinks_with_the_games_played() -> None:
    ks = [rating.k_factor(n) for n in range(60)]
    assert ks[0] == 40 and ks[20] == 20 and ks[30] == 16 and ks[59] == 16
    assert ks == sorted(ks, reverse=True)


@pytest.mark.parametrize(
    ("outcome", "score"),
    [
        ({"winner": 0, "loser": 1, "draw": False}, 1.0),
        ({"winner": 1, "loser": 0, "draw": False}, 0.0),
        ({"winner": None, "loser": None, "draw": True}, 0.5),
        ({"winner": 0, "match_points": [0, 4], "deals": []}, 1.0),
        ({"winner": None, "loser": None, "draw": False}, None),
        (None, None),
    ],
)
def test_score_of_an_outcome(outcome: dict[str, Any] | None, score: float | None) -> None:
    assert rating.score_of(outcome) == score


def test_every_level_of_every_game_has_a_rating() -> None:
    from cardavia.ai import LEVELS

    for game in GAMES:
        assert set(rating.LEVEL_RATINGS[game]) == set(LEVELS)
        assert rating.LEVEL_RATINGS[game]["normal"] == rating.START


# ---------------------------------------------------------- the tallies


def test_wins_draws_losses_and_streaks() -> None:
    tally = Tally()
    for score in (1.0, 1.0, 0.5, 1.0, 1.0, 1.0, 0.0, 1.0):
        tally.add(score)
    assert (tally.wins, tally.draws, tally.losses, tally.games) == (6, 1, 1, 8)
    assert (tally.streak, tally.best_streak) == (1, 3)


def test_a_game_is_counted_once_by_its_key() -> None:
    record = Record()
    first = record.add("a.json", "durak", "hard", 1.0)
    assert first is not None and first.before == 1500 and first.change > 0
    assert record.add("a.json", "durak", "hard", 0.0) is None
    entry = record.games["durak"]
    assert entry.rated == 1 and entry.total.wins == 1 and entry.levels["hard"].wins == 1
    second = record.add("b.json", "durak", "easy", 0.0)
    assert second is not None and second.before == first.after
    assert entry.total.games == 2 and entry.total.streak == 0 and entry.total.best_streak == 1


def test_the_record_round_trips() -> None:
    record = Record()
    for i, score in enumerate((1.0, 0.5, 0.0, 1.0)):
        record.add(f"{i}.json", GAMES[i % 3], "normal", score)
    again = parse_record(json.loads(json.dumps(record.to_json())))
    assert again == record


# ------------------------------------------------- counting a saved game


def finished_log(tmp_path: Path, name: str = "durak-1.json", winner: int = 0) -> GameLog:
    log = GameLog(game="durak", seed=1, deck=None, levels={"0": "human", "1": "normal"})
    log.finished = True
    log.outcome = {"winner": winner, "loser": 1 - winner, "draw": False}
    log.path = tmp_path / "games" / name
    log.id = name.removesuffix(".json")
    return log


def test_unfinished_unsaved_or_levelless_games_do_not_count(tmp_path: Path) -> None:
    log = finished_log(tmp_path)
    log.finished = False
    assert count_finished(log).counted is None
    log = finished_log(tmp_path)
    log.path = None
    assert count_finished(log).counted is None
    log = finished_log(tmp_path)
    log.levels["1"] = "ai:50"
    assert count_finished(log).counted is None
    assert not record_path().exists()


def test_a_finished_game_counts_once(tmp_path: Path) -> None:
    log = finished_log(tmp_path)
    first = count_finished(log)
    assert first.counted is not None and first.error is None
    assert first.counted.after == pytest.approx(1520.0)  # K 40, E ½ at level normal
    # The same save finished again (taken over elsewhere, or saved twice).
    again = count_finished(load_log_like(log))
    assert again.counted is None and again.error is None
    record, _ = load_record()
    assert record.games["durak"].total.games == 1


def load_log_like(log: GameLog) -> GameLog:
    """The same save as another opening reads it: same id, a moved file."""
    copy = GameLog(game=log.game, seed=log.seed, deck=None, levels=dict(log.levels), id=log.id)
    copy.finished, copy.outcome = log.finished, log.outcome
    copy.path = Path("elsewhere") / "renamed.json"
    return copy


def test_games_finished_at_once_are_all_counted(tmp_path: Path) -> None:
    """The terminal and web tables may finish games at the same moment:
    the lock makes each read the others' counts."""
    logs = [finished_log(tmp_path, f"durak-{i}.json", winner=i % 2) for i in range(16)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(count_finished, logs))
    assert all(r.counted is not None for r in results)
    entry = read_record(record_path()).games["durak"]
    assert entry.rated == 16 and (entry.total.wins, entry.total.losses) == (8, 8)


def test_no_temp_file_is_left(tmp_path: Path) -> None:
    count_finished(finished_log(tmp_path))
    assert sorted(p.name for p in record_path().parent.iterdir()) == [
        "record.json",
        "record.json.lock",
    ]


# --------------------------------------------------- damaged and newer files

DAMAGED = {
    "not json": ("{", "not_json"),
    "empty": ("", "not_json"),
    "a list": ("[]", "not_a_record"),
    "other format": ('{"format": "other", "schema": 1}', "not_a_record"),
    "no schema": ('{"format": "cardavia-record", "games": {}, "counted": []}', "not_a_record"),
    "negative wins": (None, "bad_field"),
    "streak above best": (None, "bad_field"),
    "a bool count": (None, "bad_field"),
    "unknown game": (None, "bad_field"),
    "unknown level": (None, "bad_field"),
    "rating not a number": (None, "bad_field"),
    "counted not names": (None, "bad_field"),
}


def damaged_text(kind: str) -> str:
    text, _reason = DAMAGED[kind]
    if text is not None:
        return text
    record = Record()
    record.add("x.json", "durak", "easy", 1.0)
    data = record.to_json()
    tally = data["games"]["durak"]["levels"]["easy"]
    if kind == "negative wins":
        tally["wins"] = -1
    elif kind == "streak above best":
        tally["streak"] = 5
    elif kind == "a bool count":
        tally["draws"] = True
    elif kind == "unknown game":
        data["games"]["poker"] = data["games"]["durak"]
    elif kind == "unknown level":
        data["games"]["durak"]["levels"]["wizard"] = tally
    elif kind == "rating not a number":
        data["games"]["durak"]["rating"] = math.nan
    elif kind == "counted not names":
        data["counted"] = [1]
    return json.dumps(data)


@pytest.mark.parametrize("kind", sorted(DAMAGED))
def test_a_damaged_record_is_kept_aside_and_a_new_one_begins(tmp_path: Path, kind: str) -> None:
    text = damaged_text(kind)
    path = record_path()
    path.parent.mkdir(parents=True)
    path.write_text(text)
    tallied = count_finished(finished_log(tmp_path))
    assert tallied.recovery is not None and tallied.recovery.reason == DAMAGED[kind][1]
    assert tallied.recovery.kept_as == path.with_name("record.json.bad")
    assert tallied.recovery.kept_as.read_text() == text
    assert tallied.counted is not None
    assert read_record(path).games["durak"].total.games == 1


def test_an_older_bad_copy_is_never_overwritten(tmp_path: Path) -> None:
    path = record_path()
    path.parent.mkdir(parents=True)
    path.with_name("record.json.bad").write_text("first")
    path.write_text("second")
    tallied = count_finished(finished_log(tmp_path))
    assert tallied.recovery is not None
    assert tallied.recovery.kept_as.name == "record.json.bad-2"
    assert path.with_name("record.json.bad").read_text() == "first"
    assert path.with_name("record.json.bad-2").read_text() == "second"


def test_a_newer_record_is_left_as_it_is(tmp_path: Path) -> None:
    path = record_path()
    path.parent.mkdir(parents=True)
    text = json.dumps({"format": "cardavia-record", "schema": 7, "games": {}})
    path.write_text(text)
    tallied = count_finished(finished_log(tmp_path))
    assert tallied.counted is None and tallied.recovery is None
    assert tallied.error is not None and tallied.error.kind == "newer"
    assert path.read_text() == text
    assert not path.with_name("record.json.bad").exists()
    with pytest.raises(RecordError):
        load_record()


def test_an_unreadable_record_is_left_as_it_is(tmp_path: Path) -> None:
    record_path().mkdir(parents=True)  # a folder where the file should be
    tallied = count_finished(finished_log(tmp_path))
    assert tallied.error is not None and tallied.error.kind == "unreadable"
    assert record_path().is_dir()


# ------------------------------------------------------------ the commands


def play_to_the_end(runner: CliRunner, games_dir: Path, *args: str) -> tuple[str, Path, float]:
    """A game played to its end at the terminal: its output, file and the
    player's score."""
    code, out = run(runner, ["play", "durak", "--level", "hard", *args], stdin="1\n" * 3000)
    assert code == 0
    path = max(saved_games(games_dir), key=lambda p: p.stat().st_mtime)
    score = rating.score_of(json.loads(path.read_text())["outcome"])
    assert score is not None
    return out, path, score


def test_the_end_of_a_game_says_the_new_rating(runner: CliRunner, games_dir: Path) -> None:
    out, _path, score = play_to_the_end(runner, games_dir, "--seed", "2")
    hard = rating.LEVEL_RATINGS["durak"]["hard"]
    after = rating.updated(1500, 0, hard, score)
    sign = "+" if after > 1500 else "−"
    change = f"{sign}{abs(after - 1500):.1f}"
    assert f"Your rating in Durak: {round(after)} ({change} against level hard" in out
    code, shown = run(runner, ["stats", "--json"])
    found = json.loads(shown)["games"]["durak"]
    assert code == 0 and found["rated_games"] == 1
    assert found["rating"] == pytest.approx(after, abs=0.01)


def test_a_resumed_game_counts_once_and_a_replay_never(runner: CliRunner, games_dir: Path) -> None:
    code, _ = run(runner, ["play", "durak", "--seed", "4"], stdin="1\n1\nquit\n")
    assert code == 0 and not record_path().exists()
    [path] = saved_games(games_dir)
    code, _ = run(runner, ["play", "--resume", str(path)], stdin="1\n" * 3000)
    assert code == 0
    before = record_path().read_text()
    assert json.loads(before)["counted"] == [json.loads(path.read_text())["id"]]
    # Finishing the same save again (a takeover's other holder) and replaying it.
    log = load_log(path)
    write_log(log)
    assert count_finished(log).counted is None
    code, _ = run(runner, ["replay", str(path), "--all"])
    assert code == 0
    assert record_path().read_text() == before


def test_machine_mode_without_save_never_counts(runner: CliRunner) -> None:
    moves = "\n".join(["take"] * 5 + ["stop"] * 5)
    run(runner, ["play", "durak", "--seed", "5", "--json"], stdin=moves)
    assert not record_path().exists()


def test_stats_in_two_languages(runner: CliRunner, games_dir: Path) -> None:
    for seed in ("2", "3", "6"):
        play_to_the_end(runner, games_dir, "--seed", seed)
    code, out = run(runner, ["stats"])
    assert code == 0
    assert "Your record in Durak" in out and "Streak (best)" in out and "all levels" in out
    assert "Your rating:" in out and "after 3 rated games" in out
    assert "The levels' ratings: easy" in out
    code, ru = run(runner, ["stats", "--lang", "ru"])
    assert code == 0
    assert "Ваша статистика в игре «Дурак»" in ru and "Серия (лучшая)" in ru
    assert "после 3 учтённых партий" in ru and "все уровни" in ru
    record = json.loads(run(runner, ["stats", "--json"])[1])["games"]["durak"]
    hard = record["levels"]["hard"]
    assert hard["games"] == 3 == hard["wins"] + hard["draws"] + hard["losses"]
    for column in (hard["games"], hard["wins"], hard["losses"]):
        assert str(column) in out


def test_stats_json_is_never_localized(runner: CliRunner, games_dir: Path) -> None:
    play_to_the_end(runner, games_dir, "--seed", "2")
    english = json.loads(run(runner, ["stats", "--json"])[1])
    assert json.loads(run(runner, ["stats", "--json", "--lang", "de"])[1]) == english
    assert set(english["games"]) == set(GAMES)
    assert english["recovered"] is None and english["start_rating"] == 1500
    only = json.loads(run(runner, ["stats", "--json", "--game", "schnapsen"])[1])
    assert list(only["games"]) == ["schnapsen"] and only["games"]["schnapsen"]["rated_games"] == 0


def test_stats_with_no_games(runner: CliRunner) -> None:
    code, out = run(runner, ["stats"])
    assert code == 0 and "No finished games yet" in out
    code, out = run(runner, ["stats", "--game", "schnapsen", "--lang", "de"])
    assert code == 0 and "Noch keine beendeten Partien in Schnapsen." in out
    assert not record_path().exists()


def test_stats_refuses_an_unknown_game(runner: CliRunner) -> None:
    code, out = run(runner, ["stats", "--game", "poker"])
    assert code == 2 and "there is no game “poker”" in out


def test_stats_keeps_a_damaged_record_and_says_so(runner: CliRunner) -> None:
    path = record_path()
    path.parent.mkdir(parents=True)
    path.write_text("{")
    code, out = run(runner, ["stats", "--lang", "de"])
    said = " ".join(out.split())  # rich wraps the long path
    assert code == 0
    assert "ist nicht verwendbar" in said and "record.json.bad" in "".join(out.split())
    assert path.with_name("record.json.bad").read_text() == "{"
    path.write_text("[]")
    found = json.loads(run(runner, ["stats", "--json"])[1])
    assert found["recovered"]["reason"] == "not_a_record"


def test_stats_refuses_a_newer_record(runner: CliRunner) -> None:
    path = record_path()
    path.parent.mkdir(parents=True)
    text = json.dumps({"format": "cardavia-record", "schema": 2})
    path.write_text(text)
    code, out = run(runner, ["stats"])
    assert code == 1 and "newer version of Cardavia (format 2)" in " ".join(out.split())
    code, out = run(runner, ["stats", "--json"])
    assert code == 1 and "newer version" in json.loads(out)["error"]
    assert path.read_text() == text


def test_a_game_against_an_unusable_record_says_it_is_not_counted(
    runner: CliRunner, games_dir: Path
) -> None:
    path = record_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": "cardavia-record", "schema": 9}))
    out, _path, _score = play_to_the_end(runner, games_dir, "--seed", "2", "--lang", "ru")
    said = " ".join(out.split())
    assert "записан более новой версией Cardavia" in said
    assert "Эта партия не учтена в статистике." in said


def test_a_game_taken_over_and_finished_counts_once(games_dir: Path) -> None:
    """Two openings of one save: the first plays, the second takes it over
    and plays it to the end; the first, finishing its own copy, is refused
    its write and counts nothing."""
    from cardavia_cli.play.game_lock import TakenOver
    from cardavia_cli.play.logged_game import LoggedGame, open_saved
    from cardavia_cli.play.saves import new_log, rebuild
    from cardavia_cli.words.card_faces import CardView
    from cli_helpers import StandIn

    view = CardView("durak", color=False)

    def to_the_end(played: LoggedGame) -> None:
        while not played.game.is_over:
            seat = played.game.current_player
            played.play(seat, sorted(played.game.legal_moves())[0], view)
        played.save()

    log = new_log("durak", "easy", seed=3)
    first = LoggedGame(log.new_game(), log, StandIn("easy"))  # type: ignore[arg-type]
    first.play(first.game.current_player, sorted(first.game.legal_moves())[0], view)
    first.save()
    assert log.path is not None
    taken, lock = open_saved(log.path, "web", take_over=True)
    second = LoggedGame(rebuild(taken), taken, StandIn("easy"), lock=lock)  # type: ignore[arg-type]
    to_the_end(second)
    assert second.tallied is not None and second.tallied.counted is not None
    with pytest.raises(TakenOver):
        to_the_end(first)
    assert first.tallied is None
    record = read_record(record_path())
    assert record.counted == {log.id} and record.games["durak"].total.games == 1
