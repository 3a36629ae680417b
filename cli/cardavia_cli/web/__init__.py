"""``cardavia web``: the three games at a table in the browser, served on
this computer by the same package, on the same engine, AI, saves and texts
as the terminal.

- ``options``: who may connect (the launch token, hosts and origins) and
  the limits of a connection;
- ``protocol``: the page's messages, checked, and the text of every error;
- ``page_text``: the strings the page itself shows, from the catalogs;
- ``table_json``: an observation as the page draws it;
- ``connection``: one player's table: games, lessons and replays;
- ``lesson``, ``replays``: the ``learn`` steps and saved games for the page;
- ``app``: the Starlette application (page, static files, WebSocket);
- ``launch``: the command itself (uvicorn, the browser, Ctrl-C).

The server owns every game; the page sends only move strings, typed text
and settings. Imports ``words`` and ``play``; never ``terminal``.
"""
