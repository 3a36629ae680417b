"""``python -m cardavia_cli`` runs the ``cardavia`` command."""

from __future__ import annotations

from .main import app

app(prog_name="cardavia")
