"""Real terminal sessions (pexpect): a whole game of each kind, and Ctrl-C.

A spawned process cannot be handed the stand-in opponent of the other CLI
tests, so these play the real AI at ``--level easy`` (a few ms a move)."""

from __future__ import annotations

import io
import os
import re
import signal
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

PROMPT = r"Your move \(number, card or word; \? for advice\) > "
NEXT_DEAL = r"Press Enter for the next deal > "
ENDS = [
    "You win! The computer is the durak.",
    "You are the durak. The computer wins.",
    "A draw: nobody is the durak.",
    "You win the match!",
    "The computer wins the match.",
]


def default_sigint() -> None:
    """Run in the child before exec: Ctrl-C interrupts the game as it does
    when a person starts it from a terminal. A job that pytest runs in the
    background starts with SIGINT ignored, exec keeps that, and Python then
    installs no KeyboardInterrupt handler. The reset belongs here rather
    than in the CLI, which should keep honouring an inherited SIG_IGN
    (`nohup`, `cmd &`) as programs do."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(args: list[str], tmp_path: Path) -> pexpect.spawn:
    env = dict(os.environ)
    env.update(
        {
            "CARDAVIA_DATA_DIR": str(tmp_path / "data"),
            "CARDAVIA_CONFIG_DIR": str(tmp_path / "config"),
            "TERM": "xterm-256color",
            "COLUMNS": "60",
            "LINES": "30",
        }
    )
    for name in ("CARDAVIA_LANG", "LC_ALL", "LANG", "NO_COLOR"):
        env.pop(name, None)
    return pexpect.spawn(
        sys.executable,
        ["-m", "cardavia_cli", *args],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(30, 60),
        preexec_fn=default_sigint,
    )


def play_to_the_end(child: pexpect.spawn) -> tuple[int, int]:
    """Answer 1 to every prompt and Enter to every deal's summary; the
    number of moves and of summaries waited on."""
    turns = summaries = 0
    while True:
        index = child.expect([PROMPT, NEXT_DEAL, *ENDS])
        if index == 0:
            child.sendline("1")
            turns += 1
        elif index == 1:
            child.sendline("")
            summaries += 1
        else:
            return turns, summaries
        assert turns < 1000


@pytest.mark.parametrize(("game", "seed"), [("durak", 7), ("perevodnoy", 8), ("schnapsen", 9)])
def test_a_whole_game_in_a_terminal(game: str, seed: int, tmp_path: Path) -> None:
    child = spawn(["play", game, "--seed", str(seed), "--lang", "en", "--level", "easy"], tmp_path)
    seen = io.StringIO()
    child.logfile_read = seen
    try:
        turns, summaries = play_to_the_end(child)
        # A Schnapsen player has played a match, not a game.
        child.expect("The match is saved in" if game == "schnapsen" else "The game is saved in")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert turns > 3
    assert child.exitstatus == 0
    saved = list((tmp_path / "data" / "games").glob(f"{game}-*.json"))
    assert len(saved) == 1
    out = seen.getvalue()
    if game == "schnapsen":
        # Every deal but the last waits for Enter with its summary; the
        # last one is summed up before the match's result, under a header
        # that names that deal (not the next one).
        deals = [int(n) for n in re.findall(r"── Deal (\d+) is over ──", out)]
        assert summaries >= 1 and deals == list(range(1, summaries + 2))
        blocks = out.split("── Deal ")[1:]
        for block in blocks:
            summary = block.split("── ", 1)[0]
            for line in ("Points (cards and marriages): you", "Tricks won: you", "Last trick:"):
                assert line in summary
        assert re.search(r"(You win|The computer wins) \d game points?\.", out)
        final = out.rsplit("── Deal", 1)[1]
        assert re.search(r"Match \(from 7 down to 0\): you 0 |· computer 0", final)
        assert f"Schnapsen · deal {deals[-1]} ──" in out.rsplit(NEXT_DEAL.replace("\\", ""), 1)[-1]
    else:
        assert summaries == 0
        assert "── The game is over ──" in out
        assert re.search(r"The stock was empty and (you|the computer) had played all|a draw", out)
        assert "still held:" in out


@pytest.mark.usefixtures("sigint_at_start")
def test_ctrl_c_saves_and_tells_how_to_resume(tmp_path: Path) -> None:
    child = spawn(["play", "durak", "--seed", "3", "--level", "easy"], tmp_path)
    try:
        child.expect(PROMPT)
        child.sendline("1")
        child.expect(PROMPT)
        child.sendintr()
        child.expect("Game saved. To continue it, run:")
        child.expect("--resume")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    [path] = list((tmp_path / "data" / "games").glob("durak-*.json"))
    resumed = spawn(["play", "durak", "--resume", str(path)], tmp_path)
    try:
        resumed.expect("Resuming")
        resumed.expect(PROMPT)
        resumed.sendline("quit")
        resumed.expect(pexpect.EOF)
    finally:
        resumed.close(force=True)
