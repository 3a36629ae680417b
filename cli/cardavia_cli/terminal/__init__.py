"""The terminal: rich views and the interactive loops (the table, the play
session, machine mode, replay, lessons, and the views of analyse,
tournament, saves, stats, games and bench), the localized ``--help`` and plain
ASCII output. Imports ``words`` and ``play``; never ``web``.
"""
