"""Each game is typed with its own words (issue 24, item 6): Schnapsen
players "stechen" or "trump" with a card and declare "20" or "40"; a word of
the other game is named as such; examples come from the game's own deck."""

from __future__ import annotations

import random
from typing import Any

import cardavia
import pytest
from cardavia_cli.play.lesson_steps import schnapsen_deck
from cardavia_cli.words import i18n
from cardavia_cli.words.card_faces import CardView
from cardavia_cli.words.glossary import card_words, marriage_value_words, terms
from cardavia_cli.words.moves_input import normalize, parse_input
from cardavia_cli.words.table_help import help_text
from cli_helpers import LANGUAGES, defending

# Durak's own word for taking, typed in Schnapsen.
TAKE = {
    "en": "take", "ru": "беру", "uk": "беру", "el": "παίρνω", "vi": "lấy",
    "ms": "ambil", "nb": "ta opp", "de": "aufnehmen",
}  # fmt: skip


@pytest.fixture(autouse=True)
def english() -> None:
    i18n.set_language("en")


def schnapsen(hand: str, indicator: str = "TS") -> Any:
    """Seat 0 leads holding ``hand`` (five cards); trumps are the indicator's suit."""
    spare = ("QC", "JD", "JS", "KC", "AD", "TC", "AC", "TD", "TH", "AH")
    others = [c for c in spare if c not in hand.split() and c != indicator][:5]
    return cardavia.new_game(
        "schnapsen", deck=list(schnapsen_deck(hand, " ".join(others), indicator))
    )


def view(game: str) -> CardView:
    return CardView(game=game, color=False)


def meant(parsed: Any) -> set[str]:
    return {parsed.move} if parsed.move else set(parsed.options)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_schnapsen_card_words_play_the_card(lang: str) -> None:
    """ "stechen A♠", "beat A♠", "trump A♠", "take A♠": A♠ is led, as it is legal."""
    i18n.set_language(lang)
    g = schnapsen("KH QH KC QC AS")
    assert "play:AS" in g.legal_moves()
    spoken = [w for w in card_words("schnapsen")["play"].split("|")]
    for word in ("beat", "trump", "take", *spoken):
        for card in ("A♠", "as"):
            parsed = parse_input(f"{word} {card}", g, view("schnapsen"))
            assert (parsed.kind, parsed.move) == ("move", "play:AS"), (word, parsed)


def test_stechen_is_a_german_schnapsen_word() -> None:
    i18n.set_language("de")
    g = schnapsen("KH QH KC QC AS")
    assert parse_input("stechen A♠", g, view("schnapsen")).move == "play:AS"
    assert parse_input("Steche A♠", g, view("schnapsen")).move == "play:AS"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_durak_words_in_schnapsen_are_named_as_such(lang: str) -> None:
    i18n.set_language(lang)
    g = schnapsen("KH QH KC QC AS")
    before = g.to_dict()
    for typed in ("stop", "take", "add A♠", TAKE[lang], "transfer"):
        parsed = parse_input(typed, g, view("schnapsen"))
        assert parsed.kind == "invalid", typed
        message = parsed.message or ""
        assert normalize(typed.split(" ")[0] if typed == "add A♠" else typed) in message
        assert "7♠" not in message
    assert g.to_dict() == before


def test_a_durak_word_in_schnapsen_says_what_schnapsen_has() -> None:
    g = schnapsen("KH QH KC QC AS")
    parsed = parse_input("stop", g, view("schnapsen"))
    assert parsed.message == (
        "“stop” is a Durak word. In Schnapsen you play a card such as D♥, declare 20 or 40, "
        "exchange the trump jack or close the talon."
    )


@pytest.mark.parametrize("game", ["durak", "perevodnoy"])
@pytest.mark.parametrize("typed", ["marriage", "close", "exchange", "declare 40", "twenty"])
def test_schnapsen_words_in_durak_are_named_as_such(game: str, typed: str) -> None:
    g = cardavia.new_game(game, seed=3)
    parsed = parse_input(typed, g, view(game))
    assert parsed.kind == "invalid"
    first = typed.split(" ")[0]
    assert (parsed.message or "").startswith(f"“{first}” is a Schnapsen word. In ")


def test_zwanzig_in_durak_is_a_schnapsen_word() -> None:
    i18n.set_language("de")
    parsed = parse_input("zwanzig", defending(), view("perevodnoy"))
    assert (parsed.message or "").startswith("„zwanzig“ ist ein Schnapsen-Wort.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_word_alone_asks_for_the_card(lang: str) -> None:
    i18n.set_language(lang)
    g = schnapsen("KH QH KC QC AS")
    parsed = parse_input("trump", g, view("schnapsen"))
    assert parsed.kind == "invalid"
    assert "trump D♥" in (parsed.message or "")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_marriages_by_their_points(lang: str) -> None:
    """Trumps are spades: 40 is the spade marriage, 20 the heart one."""
    i18n.set_language(lang)
    g = schnapsen("KS QS KH QH AD")
    twenty = {"marriage:KH", "marriage:QH"}
    forty = {"marriage:KS", "marriage:QS"}
    marriage = terms()["marriage"]
    words = marriage_value_words()
    said = {
        20: ["20", f"20 {marriage}", f"{marriage} 20", "declare 20", "twenty"],
        40: ["40", f"40 {marriage}", "declare 40", "forty"],
    }
    said[20] += words["plain"].split("|")
    said[40] += words["trump"].split("|")
    for points, typed_list in said.items():
        for typed in typed_list:
            parsed = parse_input(typed, g, view("schnapsen"))
            assert parsed.kind == "choose", (typed, parsed)
            assert meant(parsed) == (forty if points == 40 else twenty), typed


@pytest.mark.parametrize(
    ("typed", "options"),
    [
        ("20 ansagen", {"marriage:KH", "marriage:QH", "marriage:KC", "marriage:QC"}),
        ("zwanzig", {"marriage:KH", "marriage:QH", "marriage:KC", "marriage:QC"}),
        ("einen Zwanziger ansagen", {"marriage:KH", "marriage:QH", "marriage:KC", "marriage:QC"}),
    ],
)
def test_two_twenties_ask_which(typed: str, options: set[str]) -> None:
    i18n.set_language("de")
    parsed = parse_input(typed, schnapsen("KH QH KC QC AS"), view("schnapsen"))
    assert (parsed.kind, set(parsed.options)) == ("choose", options)


def test_forty_without_the_trump_marriage_is_refused_with_the_choices() -> None:
    g = schnapsen("KH QH KC QC AS")
    before = g.to_dict()
    parsed = parse_input("40", g, view("schnapsen"))
    assert parsed.message == (
        "You cannot declare 40 now: you hold no marriage in trumps (♠); "
        "you can declare 20 in ♥ or ♣."
    )
    assert g.to_dict() == before


def test_twenty_with_only_the_trump_marriage_is_refused() -> None:
    i18n.set_language("de")
    parsed = parse_input("20 ansagen", schnapsen("KS QS AH TC AC"), view("schnapsen"))
    assert parsed.message == (
        "Du kannst jetzt keine 20 ansagen: Dein einziges Paar ist in Trumpf (♠) und zählt 40."
    )


def test_twenty_without_a_marriage_says_why() -> None:
    parsed = parse_input("20", schnapsen("KS AH TC AC JH"), view("schnapsen"))
    assert parsed.message == (
        "You cannot declare a marriage now: you need the king and the queen of one suit in hand."
    )


def test_twenty_is_no_move_number_in_durak() -> None:
    parsed = parse_input("20", defending(), view("perevodnoy"))
    assert parsed.kind == "invalid" and "There is no move 20" in (parsed.message or "")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("typed", ["", "hello there", "stechen xyz"])
def test_examples_come_from_the_games_deck(lang: str, typed: str) -> None:
    i18n.set_language(lang)
    g = schnapsen("KH QH KC QC AS")
    parsed = parse_input(typed, g, view("schnapsen"))
    message = parsed.message or ""
    assert "7♠" not in message and "D♥" in message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_schnapsen_help_speaks_of_its_own_cards(lang: str) -> None:
    i18n.set_language(lang)
    text = help_text(view("schnapsen"))
    assert "7s" not in text and "QS, as, 10h" in text
    assert "20" in text and "40" in text
    assert "7s" in help_text(view("durak"))


def test_junk_is_not_echoed_back_whole() -> None:
    g = schnapsen("KH QH KC QC AS")
    junk = "x" * 5000
    parsed = parse_input(junk, g, view("schnapsen"))
    message = parsed.message or ""
    assert parsed.kind == "invalid"
    assert len(message) < 200 and "x" * 39 + "…" in message
    d = parse_input("take " + junk, defending(), view("perevodnoy"))
    assert len(d.message or "") < 200


@pytest.mark.parametrize("typed", ["7S", "7♠", "trump 7♠", "play 9h"])
def test_a_card_of_the_other_deck_is_named_as_such(typed: str) -> None:
    g = schnapsen("KH QH KC QC AS")
    parsed = parse_input(typed, g, view("schnapsen"))
    suit = "♠" if "7" in typed else "♥"
    rank = "7" if "7" in typed else "9"
    assert parsed.message == (
        f"There is no {rank}{suit} in the Schnapsen deck: it has only B, D, K, 10, and A of "
        "each suit."
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_other_deck_in_every_language(lang: str) -> None:
    i18n.set_language(lang)
    parsed = parse_input("7♠", schnapsen("KH QH KC QC AS"), view("schnapsen"))
    assert parsed.kind == "invalid" and "7♠" in (parsed.message or "")
    assert "10" in (parsed.message or "")


def test_a_card_word_with_a_card_the_rules_forbid_tells_the_rules_reason() -> None:
    """Under the strict rules "beat B♠" is refused for the rule's reason, as
    the bare card is, never as a move of another game."""

    for seed in range(100):
        g = cardavia.new_game("schnapsen", seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            obs = g.observation(0)
            strict = obs["closed"] or obs["exhausted"]
            if g.current_player == 0 and obs["lead"] and strict:
                barred = [c for c in obs["hand"] if f"play:{c}" not in obs["legal_moves"]]
                if barred:
                    label = view("schnapsen").label(barred[0])
                    bare = parse_input(label, g, view("schnapsen")).message or ""
                    assert "strict rules" in bare
                    for word in ("beat", "trump", "take"):
                        said = parse_input(f"{word} {label}", g, view("schnapsen"))
                        assert said.message == bare
                    return
            g.play(rng.choice(g.legal_moves()))
    raise AssertionError("no such position")
