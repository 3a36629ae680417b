"""A game against the computer, whoever shows it: the opponent and the
seeds of its moves, the logged game and its saves, the player's record
and rating, the settings, the lessons' positions and answers, and the
measurements of ``cardavia bench``.
Imports the engine and ``words``; never ``terminal`` or ``web``.
"""
