"""One vocabulary per language (``cardavia_cli.words.glossary``): every term is
found in the rules text of each of its games and in the table's sentences,
players can type every move term, and the variants a language chose
against (and the other register, and seat numbers) appear nowhere in its
catalog or its rules texts."""

from __future__ import annotations

import re

import cardavia
import pytest
from babel.messages.catalog import Catalog
from cardavia import rules
from cardavia_cli.main import app
from cardavia_cli.play.lesson_steps import schnapsen_deck
from cardavia_cli.words import i18n
from cardavia_cli.words.card_faces import CardView
from cardavia_cli.words.glossary import DURAKS, TERM_IDS, TERMS, terms
from cardavia_cli.words.moves_input import command_table, parse_input, word_table
from cardavia_cli.words.table_seats import computer_name
from cli_helpers import LANGUAGES, adding, defending
from click.testing import CliRunner
from test_cli_catalogs import load

# What each language decided against: other words for a glossary term, the
# other register, and seat numbers. Searched in every translation (the
# synonyms players may type excepted) and in the rules texts.
SEAT = {
    "en": r"\bseat [01]\b",
    "ru": r"\bмест[еоа] [01]",
    "uk": r"\bмісц[еія] [01]",
    "el": r"\bθέση [01]",
    "vi": r"\b(ghế|vị trí) [01]",
    "ms": r"\btempat( duduk)? [01]",
    "nb": r"\bplass [01]",
    "de": r"\bPlatz [01]",
}
BANNED: dict[str, tuple[str, ...]] = {
    "en": (r"\bcover(s|ed|ing)?\b", r"\bdiscarded\b"),
    "ru": (r"прикуп", r"\bматч", r"\bсдач[аиуеё]", r"покры", r"\bкон[аеу]?\b", r"червы"),
    "uk": (r"[Пп]ерекидн", r"прикуп", r"\bматч", r"\bвзятк(а|ою|ці)\b", r"гідн(ість|ості|істю)"),
    "el": (r"Σνάπσεν", r"λεβέ", r"\bματς\b", r"Μεταβιβάσιμ", r"βαθμ(ός|οί|ούς|ό)\b"),
    "vi": (
        r"nhép", r"(thắng|ăn|được) lượt", r"[Ll]ượt vừa rồi", r"lượt cuối",
        r"(đóng|từ|dưới) bộ bài",
    ),
    "ms": (r"\bdaun\b", r"\btalon\b", r"\bpusingan\b", r"\bjek\b", r"\bmenutup (kad|\{)"),
    "nb": (r"\bkamp(en|er|ene)?\b", r"\bdekk(e|er|et)?\b", r"overførbar", r"\bkastes\b"),
    "de": (
        r"\bSie\b", r"\bIhnen\b", r"\bIhr(e|en|em|er|es)?\b", r"abgeb", r"\bStapel\b",
        r"Ablagestapel", r"\b(decken|deckt|deckst|gedeckt|abdecken)\b",
    ),
}  # fmt: skip
# What a fluent reader changed (issue 24, item 11): each phrasing quoted
# there, and the variants of it, appear nowhere again.
FLUENT: dict[str, tuple[str, ...]] = {
    # English Durak players end a bout; "beaten" is a Russian table's word.
    "en": (r"\bsays?: beaten\b",),
    # A bout is a заход: "розыгрыш" is a deal or a draw; "Вы ходите." reads
    # as "your move" beside "Ход компьютера."; a card a table "refuses".
    "ru": (r"розыгрыш", r"(?m)^Вы ходите\.$", r"стол (её|его) не принимает"),
    # The attacker says "бито"; "відбій" is the pile the cards go to.
    "uk": (r"(?m)^Ви ходите\.$", r"стіл (її|його) не приймає", r"«відбій»", r"Бито: карти йдуть"),
    # ντάμα is feminine: "its partner" is not "το ταίρι του" after "ρήγα ή ντάμα".
    "el": (r"ρήγα ή (τη |την )?ντάμα[^.·;]{0,40}ταίρι του\b", r"τραπέζι δεν το δέχεται"),
    # One word for defending: chặn.
    "vi": (r"phòng thủ", r"bàn chơi không nhận"),
    # A trick is a trik; the cards in hand are "Kad anda".
    "ms": (r"tangkapan", r"(?-i:\bTangan (anda|komputer)\b)", r"meja menolaknya", r"kelompok Ray"),
    # Card names are one word; a heading or a count is indefinite.
    "nb": (
        r"\b(spar|hjerter|ruter|kløver) (ess|konge|dame|knekt)\b",
        r"(?m)^(Talongen|Bunken|Kastebunken|Bordet)( \(|:)",
        r"\bfrø\b", r"bordet avviser",
    ),
    # "vorlegen"; one word for card points (Augen) and for a shuffled deal;
    # a full sentence after a colon starts with a capital.
    "de": (
        r"legt eine beliebige Karte(?! vor)", r"\bleg eine beliebige Karte\.",
        r"Kartenpunkt", r"Austeilung", r"nimmt der Tisch sie nicht an",
        r": (du (kannst|hast|bist|verteidigst|greifst|hältst|sagst|spielst)|er (muss|hat)"
        r"|der (Verteidiger|Angreifer|Computer) |die Karten kommen|die höhere|wer|niemand"
        r"|jetzt|solange|nachdem|schreib|wähl|starte|nimm|gib|leg|schlag|spiel|mach"
        r"|eröffne|sag|tausch|dreh)\b",
    ),
}  # fmt: skip
# Case matters for these: German "sie"/"ihr" (they, her) are not the formal "Sie".
CASE_SENSITIVE = {"de"}
# Typed synonyms may be any word a player uses, chosen or not.
UNCHECKED_CONTEXTS = {"move words"}


def found(term: str, text: str) -> bool:
    """``term`` in ``text``, each of its words allowing an inflected ending
    (one letter from five letters on, two from seven)."""
    text = text.casefold()
    for word in term.casefold().split():
        stems = [word] + [word[:-n] for n, size in ((1, 5), (2, 7)) if len(word) >= size]
        if not any(stem in text for stem in stems):
            return False
    return True


def translations(lang: str, catalog: Catalog | None = None) -> list[str]:
    out = []
    for message in catalog or load(lang):
        if not message.id or message.context in UNCHECKED_CONTEXTS:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out.extend(strings)
    return out


def table_sentences(lang: str) -> str:
    """Every translation but the glossary's own entries."""
    return "\n".join(
        s
        for m in load(lang)
        if m.id and m.context not in ("glossary", *UNCHECKED_CONTEXTS)
        for s in (m.string if isinstance(m.string, tuple) else (m.string,))
    )


@pytest.fixture
def speak(request: pytest.FixtureRequest) -> None:
    i18n.set_language(request.node.callspec.params["lang"])


@pytest.mark.usefixtures("speak")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_term_is_in_the_rules_of_its_games(lang: str) -> None:
    words = terms()
    missing = [
        (term.id, words[term.id], game)
        for term in TERMS
        for game in term.games
        if not found(words[term.id], rules.text(game, lang))
    ]
    assert missing == []


@pytest.mark.usefixtures("speak")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_term_is_used_at_the_table(lang: str) -> None:
    """The table says each term in its own sentences, but for the names it
    shows as they are (the games, the suits)."""
    words = terms()
    sentences = table_sentences(lang)
    unused = [t.id for t in TERMS if not t.shown and not found(words[t.id], sentences)]
    assert unused == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rejected_variants_appear_nowhere(lang: str) -> None:
    flags = 0 if lang in CASE_SENSITIVE else re.IGNORECASE
    texts = {"catalog": "\n".join(translations(lang))}
    # The words a rules text tells players they may type (`cover`) are code.
    texts.update({game: re.sub(r"`[^`]*`", "", rules.text(game, lang)) for game in cardavia.GAMES})
    hits = [
        (where, match.group(0), text[max(0, match.start() - 30) : match.end() + 30])
        for pattern in (*BANNED[lang], *FLUENT.get(lang, ()), SEAT[lang])
        for where, text in texts.items()
        for match in re.finditer(pattern, text, flags)
    ]
    assert hits == []


# One word for one thing: every translation of a text that names a bout, a
# trick or defending says the language's word for it (a pattern that its
# inflections match; for a bout and a trick, the glossary's term matches it).
SAME_WORD: dict[str, tuple[str, dict[str, str]]] = {
    "bout": (r"\bbouts?\b", {
        "en": r"\bbout", "ru": r"заход|зайд", "uk": r"розіграш|зайд", "el": r"γύρ",
        "vi": r"hiệp", "ms": r"pertarungan", "nb": r"runde", "de": r"Runde",
    }),
    "trick": (r"\btricks?\b", {
        "en": r"trick", "ru": r"взят(к|ок)", "uk": r"взят", "el": r"μπάζ", "vi": r"nước bài",
        "ms": r"\btrik\b", "nb": r"stikk", "de": r"Stich",
    }),
    "defend": (r"\bdefen(ds?|der|ders|ce|ding)\b", {
        "en": r"defen", "ru": r"отби|защит", "uk": r"відби|захист", "el": r"αμύν|άμυν|αμυν",
        "vi": r"chặn", "ms": r"bertahan|pertahanan", "nb": r"forsvar", "de": r"verteidig|Abwehr",
    }),
}  # fmt: skip


@pytest.mark.usefixtures("speak")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("thing", SAME_WORD)
def test_one_word_for_a_bout_a_trick_and_defending(lang: str, thing: str) -> None:
    english, said = SAME_WORD[thing][0], SAME_WORD[thing][1][lang]
    if thing in TERM_IDS:
        assert re.search(said, terms()[thing], re.IGNORECASE)
    other = []
    for message in load(lang):
        if not message.id or message.context in ("glossary", *UNCHECKED_CONTEXTS):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        if any(re.search(english, text, re.IGNORECASE) for text in ids):
            other += [(ids[0], t) for t in texts if not re.search(said, t, re.IGNORECASE)]
    assert other == []


def test_a_german_reason_is_a_sentence_of_its_own() -> None:
    """A reason follows a colon ("…: {reason}") and is a whole sentence, so
    German starts it with a capital (the English source does not)."""
    small = [
        message.string
        for message in load("de")
        if isinstance(message.id, str)
        and message.context is None
        and message.id[:1].islower()
        and message.id.endswith(".")
        and not message.id.startswith("easy,")
        and message.string[:1].islower()
    ]
    assert small == []


def test_english_schnapsen_says_talon() -> None:
    """English Durak has a stock, English Schnapsen a talon."""
    assert not re.search(r"\bstock\b", rules.text("schnapsen", "en"))
    assert "talon" in rules.text("schnapsen", "en")


def schnapsen_lead() -> cardavia.Game:
    return cardavia.new_game(
        "schnapsen", deck=list(schnapsen_deck("JH KC QC AS TS", "QS JD AD KS TD", "AH"))
    )


# A position where each move kind is legal, and a card for the card moves.
POSITIONS = {
    "take": (defending, None),
    "transfer": (defending, "7D"),
    "defend": (defending, "9S"),
    "attack": (adding, "9D"),
    "stop": (adding, None),
    "play": (schnapsen_lead, "AS"),
    "marriage": (schnapsen_lead, "KC"),
    "exchange": (schnapsen_lead, None),
    "close": (schnapsen_lead, None),
}


@pytest.mark.usefixtures("speak")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_term_can_be_typed(lang: str) -> None:
    words = terms()
    for term in (t for t in TERMS if t.move is not None):
        make, card = POSITIONS[str(term.move)]
        g = make()
        view = CardView(game=g.game, color=False)
        for typed in (words[term.id], words[term.id].upper()):
            text = f"{typed} {card}" if card else typed
            parsed = parse_input(text, g, view)
            meant = [parsed.move] if parsed.move else list(parsed.options)
            assert meant and all(m.split(":")[0] == term.move for m in meant), (term.id, text)


@pytest.mark.usefixtures("speak")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_commands_do_not_hide_move_words(lang: str) -> None:
    for game in cardavia.GAMES:
        assert set(command_table()) & set(word_table(game)) == set()


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["play", "--help"],
        ["web", "--help"],
        ["rules", "--help"],
        ["learn", "--help"],
        ["replay", "--help"],
        ["saves", "--help"],
    ],
)
def test_no_seat_numbers_in_the_help(args: list[str]) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0
    assert not re.search(r"\bseat\b", result.output, re.IGNORECASE), result.output


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", cardavia.GAMES)
def test_no_seat_numbers_at_the_table(lang: str, game: str) -> None:
    runner = CliRunner()
    result = runner.invoke(
        app, ["play", game, "--seed", "4", "--lang", lang], input="help\n?\n1\nquit\n"
    )
    assert result.exit_code == 0
    assert not re.search(SEAT[lang] + r"|\bseat\b", result.output, re.IGNORECASE)


# The words of a table of three to six (RULES.md chapter 7).
BIGGER_TABLE_TERMS = ("main attacker", "throw in", "pass", "go out")


def bigger_table_section(game: str, lang: str) -> str:
    text = rules.text(game, lang)
    assert "more-players" in rules.section_ids(text)
    return text.split("<!-- section: more-players -->")[1].split("<!-- section: ")[0]


def named(name: str, text: str) -> bool:
    """``name`` ("Computer 5") as one phrase in ``text``, each word allowing
    an inflected ending ("Компьютера 5", "του Υπολογιστή 5")."""
    words = [re.escape(w[:-1] if len(w) >= 5 else w) + r"\w*" for w in name.split()]
    return re.search(r"\s+".join(words), text) is not None


@pytest.mark.usefixtures("speak")
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", DURAKS)
def test_the_rules_tell_the_bigger_table_in_its_words(game: str, lang: str) -> None:
    """The section on three to six players says the table's words for its
    roles and moves, names the seats as the table does (the sixth holds the
    last card dealt), and says how to sit at one."""
    section = bigger_table_section(game, lang)
    words = terms()
    assert [t for t in BIGGER_TABLE_TERMS if not found(words[t], section)] == []
    assert named(computer_name(5), section) and named(computer_name(1), section)
    assert f"cardavia play {game} --players" in section


def test_a_seat_is_named_only_with_its_number() -> None:
    assert named("Computer 5", "the sixth card of Computer 5.")
    assert named("Компьютер 5", "шестая карта Компьютера 5")
    assert not named("Computer 5", "Computer 4 and then 5 cards")
