"""Turning what the player types into canonical moves."""

from __future__ import annotations

from typing import Any

import cardavia
import pytest
from cardavia_cli.play.lesson_steps import durak_deck, schnapsen_deck
from cardavia_cli.words import i18n
from cardavia_cli.words.card_faces import CardView
from cardavia_cli.words.moves_input import ordered_moves, parse_cards, parse_input
from cardavia_cli.words.narration import move_label
from cli_helpers import LANGUAGES

# The move words of every language (the glossary's terms), English alongside.
WORDS = {
    "en": ("take", "stop", "transfer", "close", "exchange", "marriage"),
    "ru": ("беру", "бито", "перевод", "закрыть", "обмен", "марьяж"),
    "uk": ("беру", "бито", "переведення", "закрити", "обмін", "мар'яж"),
    "el": ("παίρνω", "τέλος", "μεταφορά", "κλείσιμο", "αλλαγή", "γάμος"),
    "vi": ("lấy", "xong", "chuyển", "đóng", "đổi", "kết đôi"),
    "ms": ("ambil", "selesai", "pindah", "tutup", "tukar", "kahwin"),
    "nb": ("ta opp", "ferdig", "send videre", "lukk", "bytt", "meld"),
    "de": ("aufnehmen", "fertig", "weitergeben", "zudrehen", "tauschen", "ansagen"),
}
KINDS = ("take", "stop", "transfer", "close", "exchange", "marriage")


def position(game: str, deck: list[str] | None = None, moves: tuple[str, ...] = ()) -> Any:
    g = cardavia.new_game(game, seed=None if deck else 3, deck=deck)
    for move in moves:
        g.play(move)
    return g


def durak_defending() -> Any:
    """Seat 0 defends against 7♠ holding 9♠ 6♠ 7♦ Д♠ В♣ and the trump 8♥."""
    g = cardavia.new_game(
        "perevodnoy", deck=list(durak_deck("9S 6S 7D QS 8H JC", "7S 6H TD 8C KS AD", "KH"))
    )
    g.play("attack:7S")
    return g


def schnapsen_marriages() -> Any:
    """Seat 0 leads holding К♥ Д♥ К♣ Д♣: two marriages."""
    return cardavia.new_game(
        "schnapsen", deck=list(schnapsen_deck("KH QH KC QC JS", "QS JD AS KS AD", "TS"))
    )


@pytest.fixture(autouse=True)
def english() -> None:
    i18n.set_language("en")


def view(game: str) -> CardView:
    return CardView(game=game, color=False)


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("7S", ["7S"]),
        ("7♠", ["7S"]),
        ("7s", ["7S"]),
        ("10♠", ["TS"]),
        ("10s", ["TS"]),
        ("Д♠", ["QS"]),
        ("дs", ["QS"]),
        ("QS", ["QS"]),
        ("qs", ["QS"]),
        ("В♦", ["JD"]),
        ("JD", ["JD"]),
        ("К♥", ["KH"]),
        ("kh", ["KH"]),
        ("Т♣", ["AC"]),
        ("AC", ["AC"]),
        ("T♣", ["TC", "AC"]),  # Latin T looks like the Cyrillic Т: either
        ("7 ♠", ["7S"]),
        ("7♠\ufe0f", ["7S"]),
        ("6♡", ["6H"]),
        ("1S", []),
        ("7X", []),
        ("", []),
        ("ZZ", []),
    ],
)
def test_card_spellings_durak(text: str, cards: list[str]) -> None:
    assert parse_cards(text, "durak") == cards


@pytest.mark.parametrize(("text", "ascii_table", "cards"), [
    ("TS", False, ["TS", "AS"]),
    ("TS", True, ["TS"]),
    ("Т♠", True, ["AS"]),
    ("AS", True, ["AS"]),
])  # fmt: skip
def test_latin_t_is_the_ten_when_the_table_shows_the_ace_as_a(
    text: str, ascii_table: bool, cards: list[str]
) -> None:
    assert parse_cards(text, "durak", ascii_table) == cards


def test_t_asks_unless_the_table_is_ascii() -> None:
    g = cardavia.new_game(
        "durak", deck=list(durak_deck("TS AS 6D 7D 8D 6H", "7S 6C TD 8C KS AD", "KH"))
    )
    parsed = parse_input("TS", g, view("durak"))
    assert parsed.kind == "choose" and set(parsed.options) == {"attack:TS", "attack:AS"}
    plain = CardView(game="durak", ascii=True, color=False)
    assert (parse_input("TS", g, plain).kind, parse_input("TS", g, plain).move) == (
        "move",
        "attack:TS",
    )
    assert parse_input("AS", g, plain).move == "attack:AS"


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("B♥", ["JH"]),
        ("bh", ["JH"]),
        ("D♠", ["QS"]),
        ("DD", ["QD"]),
        ("K♣", ["KC"]),
        ("10♦", ["TD"]),
        ("TD", ["TD"]),
        ("A♠", ["AS"]),
        ("Д♠", ["QS"]),
        ("7S", []),
    ],
)
def test_card_spellings_schnapsen(text: str, cards: list[str]) -> None:
    assert parse_cards(text, "schnapsen") == cards


def test_numbers_follow_the_displayed_order() -> None:
    g = durak_defending()
    obs = g.observation(0)
    moves = ordered_moves(obs)
    assert sorted(moves) == sorted(obs["legal_moves"])
    for i, move in enumerate(moves, 1):
        assert parse_input(str(i), g, view("durak")).move == move
    bad = parse_input(str(len(moves) + 1), g, view("durak"))
    assert bad.kind == "invalid" and "1 to" in (bad.message or "")


@pytest.mark.parametrize("spelling", ["9S", "9♠", "9s", "defend:9S"])
def test_a_card_names_its_move(spelling: str) -> None:
    g = durak_defending()
    parsed = parse_input(spelling, g, view("durak"))
    assert (parsed.kind, parsed.move) == ("move", "defend:9S")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_move_typed_as_the_list_reads(lang: str) -> None:
    i18n.set_language(lang)
    for g in (durak_defending(), schnapsen_marriages()):
        obs = g.observation(0)
        for move in ordered_moves(obs):
            label = move_label(move, obs, view(g.game))
            for typed in (label, label.upper(), f"  {label.lower()}."):
                assert parse_input(typed, g, view(g.game)).move == move, typed


@pytest.mark.parametrize("lang", LANGUAGES)
def test_move_words_in_every_language(lang: str) -> None:
    i18n.set_language(lang)
    g = durak_defending()
    take, _stop, transfer = WORDS[lang][0], WORDS[lang][1], WORDS[lang][2]
    for word in (take, take.upper(), "take"):
        assert parse_input(word, g, view("durak")).move == "take"
    for word in (transfer, "transfer"):
        assert parse_input(word, g, view("durak")).move == "transfer:7D"
    assert parse_input(f"{transfer} 7♦", g, view("durak")).move == "transfer:7D"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_move_words_are_the_agreed_ones(lang: str) -> None:
    i18n.set_language(lang)
    from cardavia_cli.words.moves_input import display_word

    assert tuple(display_word(k) for k in KINDS) == WORDS[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_stop_and_schnapsen_words(lang: str) -> None:
    i18n.set_language(lang)
    g = position("durak", moves=())
    # play until seat 0 may stop
    while "stop" not in g.legal_moves() or g.current_player != 0:
        g.play(sorted(g.legal_moves())[0])
    assert parse_input(WORDS[lang][1], g, view("durak")).move == "stop"
    s = schnapsen_marriages()
    assert parse_input(WORDS[lang][3], s, view("schnapsen")).move == "close"
    marriage = parse_input(WORDS[lang][5], s, view("schnapsen"))
    assert marriage.kind == "choose"
    assert set(marriage.options) == {
        "marriage:KH",
        "marriage:QH",
        "marriage:KC",
        "marriage:QC",
    }


def test_ambiguous_card_asks() -> None:
    s = schnapsen_marriages()
    parsed = parse_input("KH", s, view("schnapsen"))
    assert parsed.kind == "choose"
    assert set(parsed.options) == {"play:KH", "marriage:KH"}
    parsed = parse_input("marriage K♥", s, view("schnapsen"))
    assert (parsed.kind, parsed.move) == ("move", "marriage:KH")


def test_exchange_word() -> None:
    i18n.set_language("de")
    g = cardavia.new_game(
        "schnapsen", deck=list(schnapsen_deck("JH AS TS KS QS", "JS KD QC AD TD", "AH"))
    )
    parsed = parse_input("tauschen", g, view("schnapsen"))
    assert (parsed.kind, parsed.move) == ("move", "exchange")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("hello", "is not a move"),
        ("", "Type a number"),
        ("AH", "do not hold"),
        ("6S", "cannot play"),
        ("stop", "only the attacker ends the bout"),
        ("marriage", "is not a move of Transferable Durak"),
        ("99", "no move 99"),
    ],
)
def test_invalid_input_leaves_the_game_unchanged(text: str, fragment: str) -> None:
    g = durak_defending()
    before = g.to_dict()
    parsed = parse_input(text, g, view("durak"))
    assert parsed.kind == "invalid"
    assert fragment in (parsed.message or "")
    assert g.to_dict() == before


def test_invalid_messages_are_localized() -> None:
    i18n.set_language("ru")
    g = durak_defending()
    parsed = parse_input("AH", g, view("durak"))
    assert parsed.message == "У вас нет карты Т♥."


@pytest.mark.parametrize(
    ("text", "command"),
    [("?", "hint"), ("help", "help"), ("rules", "rules"), ("quit", "quit"), ("q", "quit")],
)
def test_commands(text: str, command: str) -> None:
    g = durak_defending()
    parsed = parse_input(text, g, view("durak"))
    assert (parsed.kind, parsed.command) == ("command", command)


@pytest.mark.parametrize(("lang", "word"), [("ru", "правила"), ("de", "beenden"), ("nb", "hjelp")])
def test_localized_commands(lang: str, word: str) -> None:
    i18n.set_language(lang)
    g = durak_defending()
    assert parse_input(word, g, view("durak")).kind == "command"
