"""Numbers written the way the chosen language writes them (Babel/CLDR):
decimal comma or point, digit grouping. Machine output (``--json``) keeps
plain numbers and never comes through here."""

from __future__ import annotations

from babel.numbers import format_decimal, format_percent

from .i18n import current_language, pgettext


def whole(value: float) -> str:
    """208,231 (en) · 208 231 (ru) · 208.231 (de)."""
    return str(format_decimal(round(value), format="#,##0", locale=current_language()))


def percent(value: float) -> str:
    """54.2% (en) · 54,2% (de)."""
    return str(format_percent(value, format="#,##0.0%", locale=current_language()))


def interval(low: float, high: float) -> str:
    """A 95% interval of a proportion: 47.1–61.0%."""
    lo = format_decimal(100 * low, format="0.0", locale=current_language())
    return f"{lo}–{percent(high)}"


def decimal(value: float, digits: int = 2) -> str:
    """A plain decimal number with ``digits`` places."""
    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    return str(format_decimal(value, format=pattern, locale=current_language()))


def seconds(value: float) -> str:
    """A duration: 0.072 s, or 0.03 ms when shorter than a hundredth of a
    second; the unit as the language writes it (Russian с, мс)."""
    if value < 0.01:
        return pgettext("unit", "{value} ms").format(value=decimal(1000 * value, 2))
    return pgettext("unit", "{value} s").format(value=decimal(value, 3))


def ratio(value: float) -> str:
    """A speed ratio: 231×."""
    return whole(value) + "×"
