"""The player's record in words: the rating after a game, the record's
columns and notes, and what happened to a record file that could not be
used. The numbers come from ``play.record``; here they are only written."""

from __future__ import annotations

from .figures import decimal
from .glossary import game_title, level_name
from .i18n import _, ngettext

# The columns of a tally, in the order the terminal and the page show them;
# ``streak`` shows the current streak of wins with the best in brackets.
COLUMNS = ("games", "wins", "draws", "losses", "streak")


def column_names() -> dict[str, str]:
    return {
        "level": _("Level"),
        "games": _("Games"),
        "wins": _("Won"),
        "draws": _("Drawn"),
        "losses": _("Lost"),
        "streak": _("Streak (best)"),
    }


def streak_cell(streak: int, best: int) -> str:
    return f"{streak} ({best})"


def all_levels() -> str:
    """The row that adds up every level."""
    return _("all levels")


def rating_number(rating: float) -> str:
    # Elo ratings are written as whole numbers without digit grouping.
    return str(round(rating))


def change_number(change: float) -> str:
    """A rating change with its sign, to a tenth: +23.4, −0.4, ±0."""
    tenths = round(change, 1)
    if tenths == 0:
        return "±0"
    sign = "+" if tenths > 0 else "−"
    return sign + decimal(abs(tenths), 1)


def record_heading(game: str) -> str:
    return _("Your record in {game}").format(game=game_title(game))


def matches_note() -> str:
    return _("In {game} a game is a whole match, counted when it ends.").format(
        game=game_title("schnapsen")
    )


def rating_line(rating: float, rated: int) -> str:
    return ngettext(
        "Your rating: {rating} after {n} rated game.",
        "Your rating: {rating} after {n} rated games.",
        rated,
    ).format(rating=rating_number(rating), n=rated)


def unrated_line(start: float) -> str:
    return _("Your rating starts at {rating} and changes when your first game ends.").format(
        rating=rating_number(start)
    )


def level_ratings_line(ratings: dict[str, int]) -> str:
    """The fixed ratings of the levels the player's rating is measured by."""
    listed = " · ".join(f"{level_name(level)} {rating}" for level, rating in ratings.items())
    return _("The levels' ratings: {levels}.").format(levels=listed)


def no_games_text(game: str | None) -> str:
    if game is None:
        return _("No finished games yet: your record begins when your first game ends.")
    return _("No finished games of {game} yet.").format(game=game_title(game))


def after_game_line(game: str, before: float, after: float, level: str, level_rating: int) -> str:
    """The end of a game: the new rating and its change against the level."""
    return _(
        "Your rating in {game}: {rating} ({change} against level {level}, rated {level_rating})."
    ).format(
        game=game_title(game),
        rating=rating_number(after),
        change=change_number(after - before),
        level=level_name(level),
        level_rating=level_rating,
    )


def streak_line(streak: int) -> str | None:
    """A run of wins worth saying (two or more)."""
    if streak < 2:
        return None
    return ngettext(
        "{n} win in a row at this level.", "{n} wins in a row at this level.", streak
    ).format(n=streak)


def damage_reason(reason: str) -> str:
    texts = {
        "not_json": _("it is damaged or truncated (not valid JSON)"),
        "not_a_record": _("it is not a Cardavia record"),
    }
    return texts.get(reason, _("a field is missing or has the wrong type"))


def recovery_line(path: str, kept_as: str, reason: str) -> str:
    return _(
        "Your record file {path} could not be used: {reason}. It is kept as {kept} "
        "and a new record has begun."
    ).format(path=path, reason=damage_reason(reason), kept=kept_as)


def record_error_line(kind: str, path: str, detail: str) -> str:
    """Why the record file was left as it is."""
    if kind == "newer":
        return _(
            "Your record file {path} was written by a newer version of Cardavia "
            "(format {found}); this one leaves it as it is."
        ).format(path=path, found=detail)
    if kind == "unreadable":
        return _("Your record file {path} cannot be read ({error}).").format(
            path=path, error=detail
        )
    return _("Your record file {path} cannot be written ({error}).").format(path=path, error=detail)


def not_counted_line() -> str:
    return _("This game is not counted in your record.")


def table_line(game: str, players: int, games: int, durak: int) -> str:
    """A game at a bigger table in the record: how often the player was the
    durak, beside the share of one seat in ``players``."""
    share = round(100 * durak / games) if games else 0
    return _(
        "{game} at a table of {players}: {n} played, the durak in {durak} "
        "({share}%; an even share is {fair}%)."
    ).format(
        players=players,
        game=game_title(game),
        n=games,
        durak=durak,
        share=share,
        fair=round(100 / players),
    )
