"""Players that are other programs: ``cmd:COMMAND`` in a tournament.

The program is started once per tournament thread and plays over its
standard input and output, one line each way per move:

* Cardavia writes ``{"observation": {...}, "seed": N}``: the observation of
  the seat to move (``Game.observation``) and a seed the player may use to
  stay reproducible; at a Durak table of three to six also ``"players": N``,
  the seats at the table (the program may be asked for any seat, and at
  one table for several). A request without ``players`` is of a duel.
* The program answers with the move, alone on a line, in the notation of
  ``legal_moves`` (``attack:7S``, ``take``, ...).

``python -m cardavia.serve PLAYER`` is such a program for every player a
tournament knows; it lets two builds of Cardavia (two environments) meet
in one tournament. The program's standard error is left to the terminal.
"""

from __future__ import annotations

import contextlib
import json
import shlex
import subprocess
import threading
from collections.abc import Mapping
from typing import Any

from .errors import IllegalMoveError, InvalidArgumentError

__all__ = ["ExternalPlayer"]


class ExternalPlayer:
    """A ``cmd:`` player: one process of ``command`` per thread that asks."""

    def __init__(self, spec: str, command: str) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as exc:
            raise InvalidArgumentError(
                kind="player_command", field="player", value=spec, reason=str(exc)
            ) from None
        if not self.argv:
            raise InvalidArgumentError(kind="no_command", field="player", value=spec)
        self.spec = spec
        self._local = threading.local()
        self._lock = threading.Lock()
        self._processes: list[subprocess.Popen[str]] = []

    def _process(self) -> subprocess.Popen[str]:
        process: subprocess.Popen[str] | None = getattr(self._local, "process", None)
        if process is None:
            try:
                process = subprocess.Popen(
                    self.argv,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                    encoding="utf-8",
                    bufsize=1,
                )
            except OSError as exc:
                raise InvalidArgumentError(
                    kind="player_start", field="player", value=self.spec, reason=str(exc)
                ) from None
            self._local.process = process
            with self._lock:
                self._processes.append(process)
        return process

    def choose(self, observation: Mapping[str, Any], seed: int) -> str:
        process = self._process()
        assert process.stdin is not None and process.stdout is not None
        message: dict[str, Any] = {"observation": observation, "seed": seed}
        seats = observation.get("players", 2)
        if seats != 2:
            # A duel's request stays as it was, for the programs of before.
            message["players"] = seats
        request = json.dumps(message, ensure_ascii=False)
        try:
            process.stdin.write(request + "\n")
            process.stdin.flush()
            answer = process.stdout.readline()
        except OSError:
            answer = ""
        if not answer:
            # Its output is closed: it has ended or is about to.
            try:
                code = process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                raise InvalidArgumentError(
                    kind="player_silent", field="player", value=self.spec
                ) from None
            raise InvalidArgumentError(
                kind="player_ended", field="player", value=self.spec, code=code
            )
        move = answer.strip()
        legal = [str(m) for m in observation["legal_moves"]]
        if move not in legal:
            raise IllegalMoveError(
                kind="illegal_answer", field="move", value=move, player=self.spec, legal=legal
            )
        return move

    def close(self) -> None:
        """End every process: their input closes, and any that lingers is
        stopped after a few seconds."""
        with self._lock:
            processes, self._processes = self._processes, []
        for process in processes:
            if process.stdin is not None:
                with contextlib.suppress(OSError):
                    process.stdin.close()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            if process.stdout is not None:
                process.stdout.close()
