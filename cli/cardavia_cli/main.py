"""Entry point of the ``cardavia`` command."""

from __future__ import annotations

import random

import cardavia
import typer

app = typer.Typer(help="Play Durak, perevodnoy and Schnapsen against the computer.")


@app.command()
def play(game: str = typer.Argument("durak"), seed: int | None = None) -> None:
    """Play a game against a random-move opponent (plain text)."""
    g = cardavia.new_game(game, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        moves = g.legal_moves()
        if g.current_player == 1:
            move = rng.choice(moves)
            typer.echo(f"Opponent: {move}")
        else:
            obs = g.observation(0)
            typer.echo(f"Hand: {' '.join(obs['hand'])}  table: {obs.get('table', '')}")
            for i, m in enumerate(moves, 1):
                typer.echo(f"  {i}. {m}")
            answer = typer.prompt("Your move")
            move = (
                moves[int(answer) - 1]
                if answer.isdigit() and 0 < int(answer) <= len(moves)
                else answer
            )
        try:
            g.play(move)
        except cardavia.CardaviaError as exc:
            typer.echo(str(exc))
    typer.echo(f"Game over: {g.outcome}")


@app.command()
def games() -> None:
    """List the games."""
    for name in cardavia.GAMES:
        typer.echo(name)
