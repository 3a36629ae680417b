"""When each seat went out, counted in bouts: the table of more than two
says "out since bout 7". The engine tells who went out (``out``) but not
when; the bouts are counted by replaying the log, a bout ending when the
table empties (RULES.md chapter 7, "After a bout")."""

from __future__ import annotations

from .saves import GameLog


def out_after_bouts(log: GameLog, upto: int | None = None) -> dict[int, int]:
    """Seat → the number of the bout after which it went out, over the
    log's first ``upto`` moves (all of them when None)."""
    game = log.new_game()
    moves = log.moves if upto is None else log.moves[:upto]
    bouts = 0
    out: dict[int, int] = {}
    for entry in moves:
        had_table = bool(game.observation(0)["table"])
        game.play(entry["move"])
        after = game.observation(0)
        if had_table and not after["table"]:
            bouts += 1
        for group in after.get("out") or []:
            for seat in group:
                out.setdefault(int(seat), bouts)
    return out
