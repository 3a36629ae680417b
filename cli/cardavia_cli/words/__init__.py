"""What the player reads and types, in their language: shared by the
terminal and the web. Imports the engine and nothing else of the CLI.

- ``i18n``, ``glossary``: the catalogs and the one vocabulary of each
  language (games, moves, levels, suits);
- ``card_faces``, ``themes``: how a card is written and coloured;
- ``moves_input``: what a player types, read as moves;
- ``narration``, ``refusals``, ``summaries``: what happened, why a move is
  refused, how a deal or a game ended;
- ``table_words``, ``table_help``, ``advice``, ``games``, ``rules_text``:
  the table's lines, the help, the computer's advice, the games and the
  rules texts;
- ``record_words``: the player's record and rating in words;
- ``seats``: the player is seat 0, the computer seat 1.
"""
