"""The user's settings (language, theme, level, hints, the players at a
Durak table) as a small JSON file.

Stored in ``$CARDAVIA_CONFIG_DIR/config.json`` when that is set (tests),
else ``$XDG_CONFIG_HOME/cardavia/config.json``, else
``~/.config/cardavia/config.json``.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..words.errors import players_refusal
from ..words.i18n import LANGUAGES, _
from ..words.themes import THEMES
from .opponent import DEFAULT_LEVEL, LEVELS
from .table_size import PlayersRefused, seat_count

KEYS: tuple[str, ...] = ("language", "theme", "level", "hints", "players")
# `config set language auto`: no language of its own; the environment decides.
AUTO_LANGUAGE = "auto"


class ConfigError(Exception):
    """A setting that cannot be read or set; the message is for the user."""


@dataclass
class Config:
    language: str | None = None
    theme: str = "default"
    level: str = DEFAULT_LEVEL
    hints: bool = True
    # The seats of a Durak table when ``play`` is not told (Schnapsen: two).
    players: int = 2

    def as_dict(self) -> dict[str, Any]:
        # A duel's table is not written: the file reads as it did before.
        return {k: v for k, v in asdict(self).items() if k != "players" or v != 2}


def config_dir() -> Path:
    override = os.environ.get("CARDAVIA_CONFIG_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "cardavia"


def config_path() -> Path:
    return config_dir() / "config.json"


def load_config() -> Config:
    """The stored settings; a missing or damaged file gives the defaults."""
    path = config_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Config()
    if not isinstance(data, dict):
        return Config()
    config = Config()
    for key in KEYS:
        if key in data:
            try:
                setattr(config, key, parse_value(key, data[key]))
            except ConfigError:
                continue
    return config


def parse_value(key: str, value: object) -> Any:
    """Check one setting; strings from the command line are converted."""
    if key == "language":
        if value is None or value == AUTO_LANGUAGE:
            return None
        if isinstance(value, str) and value.casefold() in LANGUAGES:
            return value.casefold()
        raise ConfigError(
            _("language must be one of {choices}, or auto").format(choices=", ".join(LANGUAGES))
        )
    if key == "theme":
        if isinstance(value, str) and value in THEMES:
            return value
        raise ConfigError(_("theme must be one of {choices}").format(choices=", ".join(THEMES)))
    if key == "level":
        if isinstance(value, str) and value in LEVELS:
            return value
        raise ConfigError(_("level must be one of {choices}").format(choices=", ".join(LEVELS)))
    if key == "hints":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("on", "true", "yes", "1"):
            return True
        if isinstance(value, str) and value.lower() in ("off", "false", "no", "0"):
            return False
        raise ConfigError(_("hints must be on or off"))
    if key == "players":
        number: object = value
        if isinstance(value, str) and value.strip().isdigit():
            number = int(value)
        try:
            return seat_count("durak", number)
        except PlayersRefused as refused:
            raise ConfigError(players_refusal(refused.game, refused.value, refused.error)) from None
    raise ConfigError(
        _("unknown setting {key}; choose one of {choices}").format(key=key, choices=", ".join(KEYS))
    )


def save_config(config: Config) -> Path:
    """Write the settings atomically (temp file, then ``os.replace``)."""
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".config-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(config.as_dict(), handle, indent=2, sort_keys=True)
            handle.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
