"""The table as card players expect it (issue 15): the end of a deal and of
a game summed up, advice numbers that say what they are, moves typed as
people say them with the reason of every refusal, lessons about their own
position, settings and saves, the rules one section at a time, and the
Durak table's limit and discards."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import cardavia
import pytest
from cardavia import rules
from cardavia_cli.main import app
from cardavia_cli.play.lesson_steps import durak_deck, steps_for
from cardavia_cli.play.lessons import position
from cardavia_cli.play.logged_game import LoggedGame
from cardavia_cli.play.saves import GameLog
from cardavia_cli.terminal.session import PlaySession, Settings, advice_text
from cardavia_cli.terminal.table import render
from cardavia_cli.words import i18n
from cardavia_cli.words.advice import analysis_line
from cardavia_cli.words.card_faces import CardView
from cardavia_cli.words.moves_input import parse_input
from cardavia_cli.words.narration import move_label
from cardavia_cli.words.summaries import final_deal, finished_deal
from cardavia_cli.words.table_words import tip
from cli_helpers import LANGUAGES, StandIn, adding, defending, run, saved_games
from click.testing import CliRunner
from rich.console import Console


def text_of(renderable: object, width: int = 100) -> str:
    console = Console(width=width, no_color=True, highlight=False)
    with console.capture() as captured:
        console.print(renderable)
    return captured.get()


# ------------------------------------------------ 1. the end of a deal


@pytest.mark.parametrize("seed", range(12))
def test_a_deal_is_summed_up_from_the_engines_record(seed: int) -> None:
    """Every deal of a match is summed up as the engine recorded it, once,
    the moment it ends; the last one with the match over."""
    rng = random.Random(seed)
    g = cardavia.new_game("schnapsen", seed=seed)
    summaries = 0
    while not g.is_over:
        before = g.observation(0)
        g.play(rng.choice(g.legal_moves()))
        after = g.observation(0)
        summary = finished_deal(before, after)
        if summary is None:
            assert len(after["deals"]) == len(before["deals"])
            continue
        summaries += 1
        record = after["deals"][-1]
        assert summary.number == len(after["deals"]) == summaries
        assert list(summary.points) == record["points"]
        assert list(summary.tricks) == record["tricks_won"]
        assert list(summary.match_points) == record["match_points"]
        assert (summary.winner, summary.game_points, summary.reason) == (
            record["winner"],
            record["game_points"],
            record["reason"],
        )
        assert summary.match_over == g.is_over
    assert summaries == len(g.outcome["deals"])
    assert final_deal(g.observation(0)).match_over


def test_the_match_waits_for_enter_after_each_deal(runner: CliRunner) -> None:
    code, out = run(runner, ["play", "schnapsen", "--seed", "2"], stdin="1\n" * 3000)
    assert code == 0
    deals = [int(n) for n in re.findall(r"── Deal (\d+) is over ──", out)]
    assert len(deals) >= 2 and deals == list(range(1, len(deals) + 1))
    assert out.count("Press Enter for the next deal") == len(deals) - 1
    for block in out.split("── Deal ")[1:]:
        summary = block.split("── ", 1)[0]
        assert "Points (cards and marriages): you" in summary and "Tricks won: you" in summary
        assert re.search(r"(You win|The computer wins) \d game points?\.", summary)
        assert "Match (from 7 down to 0)" in summary
    # The last board shows the last deal, not one more.
    assert f"Schnapsen · deal {deals[-1]} ──" in out
    assert f"Schnapsen · deal {deals[-1] + 1} ──" not in out


def test_the_durak_end_shows_what_each_still_held(runner: CliRunner) -> None:
    code, out = run(runner, ["play", "durak", "--seed", "3"], stdin="1\n" * 3000)
    assert code == 0
    end = out.split("── The game is over ──", 1)[1]
    assert re.search(r"The stock was empty and (you|the computer) had played all|draw", end)
    assert re.search(r"(The computer still held|You still held): \S+", end) or "draw" in end


# ----------------------------------------------------- 2. honest advice


@pytest.mark.parametrize(
    ("game", "words"),
    [("durak", "to win the game"), ("schnapsen", "to win the match")],
)
def test_advice_shows_the_chance_itself(game: str, words: str) -> None:
    g = defending() if game == "durak" else cardavia.new_game(game, seed=5)
    obs = g.observation(0)
    assert obs["legal_moves"]
    rows = [{"move": m, "visits": 1, "value": 0.333} for m in obs["legal_moves"]]
    out = " ".join(text_of(advice_text(rows, obs, CardView(game=game, color=False))).split())
    assert words in out and ": 33%" in out
    assert "about" not in out


def searched(moves: list[str], values: list[float], visits: list[int]) -> list[dict[str, Any]]:
    """Rows as a tree search gives them: most visited first."""
    rows = [
        {"move": m, "visits": n, "value": v} for m, v, n in zip(moves, values, visits, strict=True)
    ]
    return sorted(rows, key=lambda r: -int(r["visits"]))


def test_advice_lists_every_move_by_the_chance_it_shows() -> None:
    """Issue 24: five moves of six were shown (the trump К♥ left out), in
    the order of visits, not of the percentages printed."""
    g = cardavia.new_game("durak", seed=3)
    obs = g.observation(g.current_player)
    moves = list(obs["legal_moves"])
    assert len(moves) > 5
    values = [0.40, 0.62, 0.55, 0.30, 0.58, 0.47, 0.50, 0.45][: len(moves)]
    visits = [20000, 9000, 5000, 1200, 800, 400, 300, 200][: len(moves)]
    rows = searched(moves, values, visits)
    view = CardView(game="durak", color=False)
    out = text_of(advice_text(rows, obs, view))
    lines = [line.strip() for line in out.splitlines() if re.search(r": \d+%$", line.strip())]
    assert len(lines) == len(moves)
    shown = [int(line.rsplit(" ", 1)[1].rstrip("%")) for line in lines]
    assert shown == sorted(shown, reverse=True)
    # The suggestion stays the search's choice, the most visited move.
    first = " ".join(out.split())
    assert first.startswith(f"The computer suggests: {move_label(moves[0], obs, view)}")


def test_a_move_the_search_barely_tried_gets_no_figure() -> None:
    """Issue 24: a move the search hardly tried showed "0%"."""
    g = cardavia.new_game("durak", seed=3)
    obs = g.observation(g.current_player)
    moves = list(obs["legal_moves"])
    rows = searched(moves, [0.6] + [0.0] * (len(moves) - 1), [5000] + [3] * (len(moves) - 1))
    view = CardView(game="durak", color=False)
    out = text_of(advice_text(rows, obs, view), width=200)
    assert ": 0%" not in out
    assert out.count("barely tried by the computer, no figure") == len(moves) - 1
    # Unrated moves come last, after every figure.
    lines = [line.strip() for line in out.splitlines()[2:] if line.strip()]
    assert lines[0].endswith(": 60%")


def test_a_solved_position_is_rated_whatever_its_visits() -> None:
    """A solve reports each move once (one world, nothing hidden): exact
    values, not barely tried ones."""
    g = cardavia.new_game("durak", seed=3)
    obs = g.observation(g.current_player)
    rows = [
        {"move": m, "visits": 1, "value": 1.0 - i % 2} for i, m in enumerate(obs["legal_moves"])
    ]
    out = text_of(advice_text(rows, obs, CardView(game="durak", color=False)))
    assert "barely tried" not in out and ": 100%" in out and ": 0%" in out


@pytest.mark.parametrize(
    ("best", "played", "words"),
    [
        # One point below the best, inside the search's noise: no mistake.
        ((30000, 0.60), (8000, 0.59), "as good as"),
        # Twenty points below, far beyond it.
        ((30000, 0.60), (8000, 0.40), "best was"),
        ((30000, 0.60), (20, 0.10), "barely tried"),
    ],
)
def test_a_replay_calls_a_move_worse_only_beyond_the_noise(
    best: tuple[int, float], played: tuple[int, float], words: str
) -> None:
    g = cardavia.new_game("durak", seed=3)
    obs = g.observation(1)
    moves = obs["legal_moves"]
    rows = searched(moves[:2], [best[1], played[1]], [best[0], played[0]])
    rows += [{"move": m, "visits": 500, "value": 0.2} for m in moves[2:]]
    view = CardView(game="durak", color=False)
    for seat, whose in ((0, "Your move, from your seat"), (1, "The computer's move, from its")):
        line = analysis_line(rows, moves[1], seat, obs, view)
        assert line.startswith(whose) and words in line
        assert ("%" in line.split(";")[0]) == (words != "barely tried")


def test_the_terminal_says_the_computer_is_thinking() -> None:
    """Issue 24: a `hard` move takes seconds; the table says why it waits.
    On a terminal only (a transient spinner): piped output stays clean."""
    # Seat 0, the player, leads this deal.
    log = GameLog(game="durak", seed=1, deck=None, levels={"0": "human", "1": "easy"})
    outputs = []
    for terminal in (True, False):
        console = Console(file=io.StringIO(), width=60, force_terminal=terminal)
        settings = Settings(hints=False, view=CardView("durak", color=False))
        played = LoggedGame(log.new_game(), log, StandIn("easy"))
        session = PlaySession(played, settings, console, input)
        session.advice(session.game.observation(0))
        outputs.append(console.file.getvalue())  # type: ignore[attr-defined]
    assert "The computer is thinking…" in outputs[0]
    assert "The computer is thinking" not in outputs[1] and "suggests" in outputs[1]


def test_replay_says_whose_view_and_skips_forced_moves(runner: CliRunner, games_dir: Path) -> None:
    run(runner, ["play", "durak", "--seed", "3", "--level", "hard"], stdin="1\n" * 3000)
    [path] = saved_games(games_dir)
    code, out = run(runner, ["replay", str(path), "--all"])
    assert code == 0
    assert "at level hard" in " ".join(out.split())
    assert "from your seat" in out and "from its seat" in out
    assert "The only possible move." in out
    # Over, so both hands: the computer's cards beside its count.
    assert re.search(r"The computer holds \d+ cards?: \S", out)
    assert "The game is over, so both hands are shown." in " ".join(out.split())


def test_an_unfinished_replay_keeps_the_hand_hidden(runner: CliRunner, games_dir: Path) -> None:
    run(runner, ["play", "durak", "--seed", "3"], stdin="1\n1\nquit\n")
    [path] = saved_games(games_dir)
    code, out = run(runner, ["replay", str(path), "--all"])
    assert code == 0
    assert not re.search(r"The computer holds \d+ cards?: \S", out)


def test_analysis_line_names_the_seat() -> None:
    g = cardavia.new_game("durak", seed=3)
    obs = g.observation(1)
    moves = obs["legal_moves"]
    rows = [{"move": m, "visits": 1, "value": 0.8 - i / 10} for i, m in enumerate(moves)]
    view = CardView(game="durak", color=False)
    assert analysis_line(rows, moves[0], 1, obs, view).startswith(
        "The computer's move, from its seat: the best (80% to win the game)"
    )
    line = analysis_line(rows, moves[1], 0, obs, view)
    assert line.startswith("Your move, from your seat: 70% to win the game; best was")


# ------------------------------------------- 4. moves as people type them


@pytest.mark.parametrize(
    ("lang", "make", "text", "move"),
    [
        ("en", adding, "add 9D", "attack:9D"),
        ("en", adding, "Attack 9♦", "attack:9D"),
        ("en", defending, "cover 9S", "defend:9S"),
        ("en", defending, "BEAT 9♠", "defend:9S"),
        ("en", defending, "transfer", "transfer:7D"),
        ("en", adding, "done", "stop"),
        ("de", defending, "weitergeben", "transfer:7D"),
        ("de", defending, "Aufnehmen", "take"),
        ("de", defending, "nehmen", "take"),
        ("ru", defending, "взять", "take"),
        ("ru", defending, "беру", "take"),
        ("ru", defending, "перевести", "transfer:7D"),
        ("ru", adding, "бито", "stop"),
        ("ru", adding, "подкинуть 9♦", "attack:9D"),
        ("uk", defending, "взяти", "take"),
        ("nb", defending, "ta opp", "take"),
        ("el", defending, "ΠΑΙΡΝΩ", "take"),
        ("vi", defending, "lấy", "take"),
        ("ms", defending, "ambil", "take"),
        ("en", defending, "take", "take"),
    ],
)
def test_words_players_use(lang: str, make: object, text: str, move: str) -> None:
    i18n.set_language(lang)
    g = make()  # type: ignore[operator]
    parsed = parse_input(text, g, CardView(game=g.game, color=False))
    assert (parsed.kind, parsed.move) == ("move", move)


@pytest.mark.parametrize(
    ("make", "text", "reason"),
    [
        (adding, "QC", "You cannot play Д♣ now: no card of rank Д is on the table."),
        (defending, "6S", "You cannot play 6♠ now: it is lower than 7♠."),
        (defending, "JC", "You cannot play В♣ now: it is neither of the suit of 7♠ nor a trump."),
        (defending, "stop", "You cannot stop: only the attacker ends the bout. Beat 7♠ or take."),
        (adding, "take", "You cannot take: only the defender takes, and you are attacking."),
        (defending, "transfer 9S", "You cannot transfer now: it is not of the rank of the attack"),
    ],
)
def test_every_refusal_says_why(make: object, text: str, reason: str) -> None:
    g = make()  # type: ignore[operator]
    parsed = parse_input(text, g, CardView(game=g.game, color=False))
    assert parsed.kind == "invalid" and (parsed.message or "").startswith(reason)


def test_refusals_in_the_players_language() -> None:
    i18n.set_language("ru")
    g = adding()
    parsed = parse_input("Д♣", g, CardView(game="durak", color=False))
    assert parsed.message == "Сейчас нельзя сыграть Д♣: на столе нет карт этого достоинства (Д)."


def test_strict_rules_refusal() -> None:
    from cardavia_cli.play.lesson_steps import schnapsen_deck

    g = cardavia.new_game(
        "schnapsen", deck=list(schnapsen_deck("QD AS TS JS KH", "AD KS QC JC TD", "JH", "KD KC"))
    )
    for move in ("play:QD", "play:AD", "close", "play:KS"):
        g.play(move)
    parsed = parse_input("KH", g, CardView(game="schnapsen", color=False))
    assert parsed.message == (
        "You cannot play K♥ now: by the strict rules you must beat K♠ with a higher card "
        "of its suit."
    )


# ----------------------------------------------------------- 5. lessons


def test_lesson_feedback_fits_its_own_position() -> None:
    """Each success text is true of the table shown under it: the steps
    whose text says a card waits to be beaten leave it unbeaten."""
    for step in steps_for("perevodnoy"):
        g = position("perevodnoy", step)
        if "must now beat" in step.success or "lies open" in step.success:
            move = next(m for m in g.legal_moves() if m in step.accept or m.startswith("attack"))
            g.play(move)
            assert step.after == ()
            assert g.observation(0)["table"][-1][1] is None, step.title


def test_skipping_every_step_earns_no_praise(runner: CliRunner) -> None:
    code, out = run(runner, ["learn", "schnapsen"], stdin="skip\n" * 7)
    assert code == 0
    assert "Well done" not in out and "You skipped every step." in out
    code, out = run(runner, ["learn", "schnapsen"], stdin="skip\n" + "quit\n")
    assert "Well done" not in out


def test_the_tip_on_a_trump_attack() -> None:
    g = cardavia.new_game(
        "durak", deck=list(durak_deck("7C 8D 9D JD QC 7H", "6H 9C KD TS 8S AS", "KH"))
    )
    g.play("attack:6H")
    text = tip(g.observation(0), CardView(game="durak", color=False)) or ""
    assert text.startswith("Tip: 6♥ is a trump: beat it with a higher trump, or take.")


def test_the_perevodnoy_lesson_teaches_transferring_back_and_the_limit(
    runner: CliRunner,
) -> None:
    titles = [step.title for step in steps_for("perevodnoy")]
    assert "Transferring back" in titles and "The transfer limit" in titles
    limit = next(s for s in steps_for("perevodnoy") if s.title == "The transfer limit")
    g = position("perevodnoy", limit)
    assert not any(m.startswith("transfer:") for m in g.legal_moves())
    parsed = parse_input("transfer 6S", g, CardView(game="perevodnoy", color=False))
    # A transfer that was typed is refused as a transfer, not as a card played.
    assert parsed.message == (
        "You cannot transfer now: the computer holds only 1 card, "
        "so it could not face 2 attack cards."
    )


# -------------------------------------------------- 6. settings and saves


@pytest.mark.parametrize(
    ("option", "env", "config", "expected"),
    [
        ("el", {"CARDAVIA_LANG": "de", "LANG": "ru_RU.UTF-8"}, "vi", "Σειρά σας."),
        (None, {"CARDAVIA_LANG": "de", "LANG": "ru_RU.UTF-8"}, "vi", "Du bist am Zug."),
        (None, {"LANG": "ru_RU.UTF-8"}, "vi", "Lượt của bạn."),
        (None, {"LC_ALL": "nb_NO.UTF-8", "LANG": "ru_RU.UTF-8"}, None, "Din tur."),
        (None, {"LANG": "ru_RU.UTF-8"}, None, "Ваш ход."),
        (None, {"LANG": "ru_RU.UTF-8"}, "auto", "Ваш ход."),
        (None, {}, None, "Your turn."),
    ],
)
def test_language_precedence(
    runner: CliRunner, option: str | None, env: dict[str, str], config: str | None, expected: str
) -> None:
    """--lang, then CARDAVIA_LANG, then the saved setting, then LC_ALL or
    LANG, then English (as --help and the README say)."""
    if config is not None:
        assert run(runner, ["config", "set", "language", config])[0] == 0
    args = ["play", "durak", "--seed", "3"] + (["--lang", option] if option else [])
    result = runner.invoke(app, args, input="quit\n", env=env)
    assert result.exit_code == 0 and expected in result.output


def test_help_states_the_language_precedence(runner: CliRunner) -> None:
    out = " ".join(run(runner, ["play", "--help"])[1].split())
    assert "CARDAVIA_LANG, then `cardavia config set language`, then LC_ALL or LANG" in out


def test_config_language_auto(runner: CliRunner, isolated_env: Path) -> None:
    assert run(runner, ["config", "set", "language", "ru"])[0] == 0
    code, _out = run(runner, ["config", "set", "language", "auto"])
    assert code == 0
    stored = json.loads((isolated_env / "config" / "config.json").read_text())
    assert stored["language"] is None
    assert "language = auto" in run(runner, ["config"])[1]


def test_saves_lists_games_and_resume_takes_the_latest(runner: CliRunner, games_dir: Path) -> None:
    assert "No saved games yet" in run(runner, ["saves"])[1]
    run(runner, ["play", "durak", "--seed", "2"], stdin="1\n" * 3000)  # finished
    run(runner, ["play", "schnapsen", "--seed", "4"], stdin="1\nquit\n")  # unfinished
    code, out = run(runner, ["saves"])
    assert code == 0
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d\s+Durak · you (won|lost)|a draw", out)
    assert re.search(r"Schnapsen · unfinished, \d+ moves? played", out)
    assert "cardavia play --resume" in out
    listed = json.loads(run(runner, ["saves", "--json"])[1])
    assert {entry["game"] for entry in listed} == {"durak", "schnapsen"}
    code, out = run(runner, ["play", "--resume"], stdin="quit\n")
    assert code == 0 and "Resuming" in out and "schnapsen-" in out
    # A game is named as the list shows it, by its file name alone.
    name = next(p.name for p in saved_games(games_dir) if p.name.startswith("durak-"))
    code, out = run(runner, ["replay", name, "--all"])
    assert code == 0 and "Replay of Durak" in out
    code, out = run(runner, ["play", "durak", "--resume"])
    assert code == 1 and "There is no unfinished game to continue." in out


# --------------------------------------------- 7. the rules at the table


def test_rules_at_the_table_one_section_at_a_time(runner: CliRunner) -> None:
    code, out = run(runner, ["play", "durak", "--seed", "3"], stdin="rules\n3\n\nquit\n")
    assert code == 0
    assert "The rules of Durak:" in out and " 3. The deal" in out
    assert "Each player gets six cards" in out  # section 3 itself
    assert "Durak is Russian for" not in out  # not the whole text


@pytest.mark.parametrize("game", cardavia.GAMES)
def test_piped_rules_have_no_trailing_spaces(runner: CliRunner, game: str) -> None:
    code, out = run(runner, ["rules", game])
    assert code == 0
    assert [line for line in out.splitlines() if line != line.rstrip()] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_say_the_table_asks_about_a_marriage(runner: CliRunner, lang: str) -> None:
    """Typing a king whose queen is held asks (the table's behaviour, tested
    in test_cli_games); the rules no longer say it simply leads."""
    moves = rules.text("schnapsen", lang).split("<!-- section: moves -->")[1]
    asks = {
        "en": "asks", "ru": "спросит", "uk": "запитає", "el": "ρωτά", "vi": "hỏi",
        "ms": "bertanya", "nb": "spør", "de": "fragt",
    }  # fmt: skip
    assert asks[lang] in moves


# ----------------------------------------------- 8. the Durak table & co


def test_the_durak_table_shows_the_limit_and_the_discards(runner: CliRunner) -> None:
    code, out = run(runner, ["play", "durak", "--seed", "3"], stdin="discards\nquit\n")
    assert code == 0
    assert "Bout limit: 6 · 5 more attack cards may be added" in out
    assert "The discard pile is empty." in out
    obs = adding().observation(0)
    shown = text_of(render(obs, CardView(game="durak", color=False), moves=[]))
    # Of seat 0's five cards only 9♦ has a rank on the table: one may be added.
    assert "Bout limit: 6 · 1 more attack card may be added" in shown


def test_discards_lists_the_pile(runner: CliRunner) -> None:
    from cardavia_cli.words.table_help import played_cards_text

    g = adding()
    g.play("stop")
    text = played_cards_text(g.observation(0), CardView(game="durak", color=False))
    assert text == "Discard pile (2 cards): 7♠ 9♠"


@pytest.mark.parametrize("args", [["rules", "Durak"], ["rules", "SCHNAPSEN"], ["games"]])
def test_names_in_any_case(runner: CliRunner, args: list[str]) -> None:
    assert run(runner, args)[0] == 0


@pytest.mark.parametrize(
    "args",
    [["rules", "poker"], ["play", "durak", "--lang", "fr"], ["rules", "durak", "--lang", "xx"]],
)
def test_errors_have_no_value_error_prefix(runner: CliRunner, args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code != 0
    assert "Value error" not in result.output and "choose" in result.output


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_prompt_fits_60_columns(lang: str) -> None:
    from cardavia_cli.terminal.session import move_prompt

    i18n.set_language(lang)
    assert len(move_prompt() + " > ") <= 60


def test_ascii_events_are_not_marked_like_the_prompt(runner: CliRunner) -> None:
    code, out = run(runner, ["play", "durak", "--seed", "3", "--ascii"], stdin="quit\n")
    assert code == 0
    assert "* The computer attacks with 7D." in out
    assert not [line for line in out.splitlines() if line.startswith("> ")]


def test_machine_mode_answers_an_empty_line(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "durak", "--seed", "3", "--json"], input="\nattack:AS\n")
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert len(lines) == 3
    assert "empty line" in lines[1]["error"]


def test_the_stand_in_is_used(stand_ins: list[StandIn], runner: CliRunner) -> None:
    run(runner, ["play", "durak", "--seed", "3"], stdin="quit\n")
    assert stand_ins and stand_ins[0].level == "normal"


# ------------------------------------- 9. what the English review saw


def schnapsen_obs(marriages: list[list[str]]) -> dict[str, object]:
    obs = cardavia.new_game("schnapsen", seed=5).observation(0)
    return {**obs, "marriages": marriages}


@pytest.mark.parametrize(
    ("marriages", "line"),
    [
        ([["C"], ["H"]], "Marriages: you ♣ · computer ♥"),
        ([[], ["S"]], "Marriages: computer ♠"),
        ([["C", "D"], []], "Marriages: you ♣♦"),
    ],
)
def test_the_marriages_line_separates_the_seats(marriages: list[list[str]], line: str) -> None:
    from cardavia_cli.words.table_words import marriages_line

    text = marriages_line(schnapsen_obs(marriages), CardView(game="schnapsen", color=False))
    assert text is not None and text.plain == line


def test_a_typed_transfer_in_classic_durak_is_refused_as_a_transfer() -> None:
    i18n.set_language("en")
    g = cardavia.new_game(
        "durak", deck=list(durak_deck("9S 6S 7D QS 8H JC", "7S 6H TD 8C KS AD", "KH"))
    )
    g.play("attack:7S")
    parsed = parse_input("transfer 7D", g, CardView(game="durak", color=False))
    assert parsed.message == "You cannot transfer now: there is no transferring in classic Durak."


def test_no_tip_to_beat_when_taking_is_the_only_move() -> None:
    i18n.set_language("en")
    view = CardView(game="durak", color=False)
    step = next(s for s in steps_for("durak") if s.title == "Taking the cards")
    only_take = position("durak", step).observation(0)
    assert only_take["legal_moves"] == ["take"]
    assert tip(only_take, view) is None
    beatable = defending().observation(0)
    assert (tip(beatable, view) or "").startswith("Tip: beat 7♠")


def test_the_last_schnapsen_lesson_ends_without_the_next_deal(runner: CliRunner) -> None:
    steps = steps_for("schnapsen")
    answers = "skip\n" * (len(steps) - 1) + "marriage\n"
    code, out = run(runner, ["learn", "schnapsen", "--lang", "en"], stdin=answers)
    assert code == 0
    last = out[out.index(f"Step {len(steps)} of {len(steps)}") :]
    assert "You win the deal: 3 game points" in last
    assert "40 more points: you pass 66 at once." in last
    # The step's table (39 points) and no second one: not deal 2's fresh table.
    assert last.count("── Schnapsen") == 1 and "deal 2" not in last
    assert "Points: you 0 · computer 0" not in last
