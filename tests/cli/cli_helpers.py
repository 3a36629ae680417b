"""Helpers shared by the CLI tests (imported by name: tests/ has no packages)."""

from __future__ import annotations

from pathlib import Path

from cardavia_cli import i18n
from cardavia_cli.main import app
from typer.testing import CliRunner

LANGUAGES = i18n.LANGUAGES
GAMES = ("durak", "perevodnoy", "schnapsen")


def run(runner: CliRunner, args: list[str], stdin: str = "") -> tuple[int, str]:
    result = runner.invoke(app, args, input=stdin, catch_exceptions=False)
    return result.exit_code, result.output


def saved_games(directory: Path) -> list[Path]:
    return sorted(directory.glob("*.json")) if directory.exists() else []
