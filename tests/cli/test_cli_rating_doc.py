"""The levels' ratings are measured, not chosen: the table the player's
rating uses (``play/rating.py``) is the fit of the measured tournaments in
``benches/level_ratings.py``, and docs/RATING.md shows the same tables."""

from __future__ import annotations

import contextlib
import io
import math
import sys
from pathlib import Path

from cardavia_cli.play.rating import LEVEL_RATINGS, START

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "benches"))

import level_ratings  # noqa: E402


def test_the_code_holds_the_fitted_ratings() -> None:
    assert level_ratings.fitted_ratings() == {g: dict(r) for g, r in LEVEL_RATINGS.items()}
    assert level_ratings.ANCHOR == ("normal", START)


def test_the_document_shows_the_fit_and_its_measurements() -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        level_ratings.main()
    document = (ROOT / "docs" / "RATING.md").read_text(encoding="utf-8")
    missing = [line for line in printed.getvalue().splitlines() if line not in document]
    assert missing == []


def test_the_document_is_linked() -> None:
    for name in ("README.md", "docs/AI.md"):
        assert "RATING.md" in (ROOT / name).read_text(encoding="utf-8"), name


def test_the_fit_recovers_known_ratings() -> None:
    """Rows generated from ratings 1100 / 1500 / 1700 / 1300 at their
    expected scores give those ratings back."""
    truth = {"easy": 1100.0, "normal": 1500.0, "hard": 1700.0, "greedy": 1300.0}
    pairs = [("normal", "greedy"), ("hard", "normal"), ("easy", "greedy"), ("normal", "easy")]
    rows = []
    for a, b in pairs:
        wins = round(10_000 * level_ratings.expected(truth[a], truth[b]))
        rows.append(level_ratings.Row("durak", a, b, wins, 0, 10_000 - wins, "made up"))
    found = level_ratings.fit("durak", tuple(rows))
    for player, rating in truth.items():
        assert math.isclose(found[player][0], rating, abs_tol=1.0), player
    assert found["normal"] == (1500.0, 0.0)
    assert 0 < found["hard"][1] < 30


def test_wilson_and_gap() -> None:
    low, high = level_ratings.wilson(0.5, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)
    assert math.isclose(level_ratings.elo_gap(0.75), 190.85, abs_tol=0.01)
    assert level_ratings.elo_gap(1.0) == math.inf
