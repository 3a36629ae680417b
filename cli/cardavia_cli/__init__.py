"""The ``cardavia`` command: play Durak, perevodnoy and Schnapsen in a terminal."""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
