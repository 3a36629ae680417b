"""The ``cardavia`` command: play and learn the games in a terminal."""
