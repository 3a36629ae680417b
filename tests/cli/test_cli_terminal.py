"""Real terminal sessions (pexpect): a whole game of each kind, and Ctrl-C.

A spawned process cannot be handed the stand-in opponent of the other CLI
tests, so these play the real AI at ``--level easy`` (a few ms a move)."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

PROMPT = r"Your move \(number, card or word; \? for advice\) > "
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


@pytest.mark.parametrize(("game", "seed"), [("durak", 7), ("perevodnoy", 8), ("schnapsen", 9)])
def test_a_whole_game_in_a_terminal(game: str, seed: int, tmp_path: Path) -> None:
    child = spawn(["play", game, "--seed", str(seed), "--lang", "en", "--level", "easy"], tmp_path)
    turns = 0
    try:
        while True:
            index = child.expect([PROMPT, *ENDS])
            if index > 0:
                break
            child.sendline("1")
            turns += 1
            assert turns < 1000
        child.expect("The game is saved in")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert turns > 3
    assert child.exitstatus == 0
    saved = list((tmp_path / "data" / "games").glob(f"{game}-*.json"))
    assert len(saved) == 1


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
