"""The levels' fixed Elo ratings (docs/RATING.md) from measured tournaments.

Every row of ``MEASURED`` is one `cardavia tournament` between two players
(the levels and the `greedy` bot, which links them), as A's wins, draws and
losses. Per game, the ratings are the maximum-likelihood fit of the Elo
model to all rows at once (a draw counting half a win and half a loss),
with `normal` anchored at 1500; each rating's 95% interval comes from the
curvature of the likelihood. `cardavia_cli/play/rating.py` holds the
rounded result, and tests/cli/test_cli_rating_doc.py holds the code, this
fit and the document to the same numbers.

    python benches/level_ratings.py        # the Markdown table of RATING.md
"""

from __future__ import annotations

import math
from dataclasses import dataclass

ANCHOR = ("normal", 1500.0)
SCALE = 400.0 / math.log(10.0)  # Elo points per unit of the logistic


@dataclass(frozen=True)
class Row:
    """One measured tournament: A against B, A's wins, draws and losses."""

    game: str
    a: str
    b: str
    wins: int
    draws: int
    losses: int
    source: str

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games


# Seed 2026 throughout, one thread a game, the current build's levels
# (easy 1,000, normal 60,000, hard 300,000 iterations).
MEASURED: tuple[Row, ...] = (
    Row("durak", "normal", "greedy", 1591, 114, 295, "AI.md, the current build, 1,000 deals"),
    Row("durak", "hard", "normal", 58, 3, 39, "AI.md, the current build, 50 deals"),
    Row("durak", "easy", "greedy", 105, 11, 484, "RATING.md, 300 deals"),
    Row("durak", "normal", "easy", 99, 0, 1, "RATING.md, 50 deals"),
    Row("perevodnoy", "normal", "greedy", 1086, 37, 143, "AI.md, the current build, 633 deals"),
    Row("perevodnoy", "hard", "normal", 56, 4, 40, "AI.md, the current build, 50 deals"),
    Row("perevodnoy", "easy", "greedy", 189, 15, 396, "RATING.md, 300 deals"),
    Row("perevodnoy", "normal", "easy", 37, 0, 3, "RATING.md, 20 deals"),
    Row("schnapsen", "normal", "greedy", 1947, 0, 53, "AI.md, the current build, 1,000 deals"),
    Row("schnapsen", "hard", "normal", 53, 0, 47, "AI.md, the current build, 50 deals"),
    Row("schnapsen", "easy", "greedy", 503, 0, 97, "RATING.md, 300 deals"),
    Row("schnapsen", "normal", "easy", 92, 0, 8, "RATING.md, 50 deals"),
)


def expected(a: float, b: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, (b - a) / 400.0))


def fit(game: str, rows: tuple[Row, ...] = MEASURED) -> dict[str, tuple[float, float]]:
    """Each player's rating in ``game`` and the half-width of its 95%
    interval (0 for the anchor): Newton's method on the log-likelihood."""
    used = [row for row in rows if row.game == game and row.games]
    players = sorted({p for row in used for p in (row.a, row.b)} - {ANCHOR[0]})
    ratings = {p: ANCHOR[1] for p in players}
    ratings[ANCHOR[0]] = ANCHOR[1]
    for _ in range(100):
        gradient, hessian = _derivatives(used, players, ratings)
        step = _solve(hessian, gradient)
        for p, delta in zip(players, step, strict=True):
            ratings[p] -= delta
        if max(abs(d) for d in step) < 1e-9:
            break
    _gradient, hessian = _derivatives(used, players, ratings)
    covariance = _inverse([[-h for h in line] for line in hessian])
    out = {ANCHOR[0]: (ANCHOR[1], 0.0)}
    for i, p in enumerate(players):
        out[p] = (ratings[p], 1.96 * math.sqrt(covariance[i][i]))
    return out


def _derivatives(
    rows: list[Row], players: list[str], ratings: dict[str, float]
) -> tuple[list[float], list[list[float]]]:
    index = {p: i for i, p in enumerate(players)}
    gradient = [0.0] * len(players)
    hessian = [[0.0] * len(players) for _ in players]
    for row in rows:
        e = expected(ratings[row.a], ratings[row.b])
        g = row.games * (row.score - e) / SCALE
        h = -row.games * e * (1.0 - e) / SCALE**2
        for p, sign in ((row.a, 1.0), (row.b, -1.0)):
            if p in index:
                gradient[index[p]] += sign * g
        for p in (row.a, row.b):
            for q in (row.a, row.b):
                if p in index and q in index:
                    hessian[index[p]][index[q]] += h if p == q else -h
    return gradient, hessian


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    inverse = _inverse(matrix)
    return [sum(a * b for a, b in zip(line, vector, strict=True)) for line in inverse]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan with partial pivoting (the matrices here are 3 by 3)."""
    n = len(matrix)
    work = [[*line, *(1.0 if i == j else 0.0 for j in range(n))] for i, line in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        work[col], work[pivot] = work[pivot], work[col]
        lead = work[col][col]
        work[col] = [x / lead for x in work[col]]
        for r in range(n):
            if r != col:
                factor = work[r][col]
                work[r] = [x - factor * y for x, y in zip(work[r], work[col], strict=True)]
    return [line[n:] for line in work]


def wilson(score: float, n: int) -> tuple[float, float]:
    z = 1.96
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def elo_gap(score: float) -> float:
    """The rating difference that expects ``score`` (±inf at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return 400.0 * math.log10(score / (1.0 - score))


def fitted_ratings() -> dict[str, dict[str, int]]:
    """The rounded ratings of the levels (not of greedy), per game."""
    games = sorted({row.game for row in MEASURED})
    return {
        game: {p: round(r) for p, (r, _ci) in fit(game).items() if p != "greedy"} for game in games
    }


def main() -> None:
    print("| game | A | B | A wins / draws / losses | A's score (95% CI) | gap alone |")
    print("|---|---|---|---|---|---|")
    for row in MEASURED:
        if not row.games:
            continue
        low, high = wilson(row.score, row.games)
        gap = elo_gap(row.score)
        print(
            f"| {row.game} | `{row.a}` | `{row.b}` | {row.wins} / {row.draws} / {row.losses} "
            f"| {100 * row.score:.1f}% [{100 * low:.1f}, {100 * high:.1f}] | {gap:+.0f} |"
        )
    print()
    print("| game | `easy` | `normal` | `hard` | `greedy` (not a level) |")
    print("|---|---|---|---|---|")
    for game in sorted({row.game for row in MEASURED}):
        found = fit(game)
        cells = []
        for p in ("easy", "normal", "hard", "greedy"):
            r, ci = found[p]
            cells.append(f"{round(r)} ± {round(ci)}" if ci else f"{round(r)}")
        print(f"| {game} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
