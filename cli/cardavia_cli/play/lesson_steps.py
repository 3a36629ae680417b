"""The steps of ``cardavia learn``: one idea each, on a real position dealt
by the engine from an explicit deck and reached by real moves.

Texts are marked with ``N_`` and translated when shown; ``{a}``, ``{b}``
and ``{c}`` stand for the step's cards, ``{word}`` for its move word.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..words.card_faces import SUITS, ranks_of
from ..words.i18n import N_

# The accepted answers of a step: canonical moves, or one of these rules.
ANY_ATTACK = "any-attack"
ANY_PLAY = "any-play"
ANY_LEGAL = "any-legal"
WINS_TRICK = "wins-trick"
# The answer is a card that may NOT be played (a defence the engine refuses).
ILLEGAL_DEFENCE = "illegal-defence"
# In ``after``: the computer answers by a fixed simple rule.
COMPUTER_REPLY = "*"


@dataclass(frozen=True)
class Step:
    title: str
    text: str
    question: str
    success: str
    deck: tuple[str, ...]
    setup: tuple[str, ...] = ()
    accept: tuple[str, ...] = (ANY_LEGAL,)
    after: tuple[str, ...] = ()
    cards: dict[str, str] = field(default_factory=dict)
    word: str | None = None
    games: tuple[str, ...] = ("durak", "perevodnoy")
    # The seats the step is dealt to (RULES.md chapter 7 from three on).
    players: int = 2


def full_deck(game: str) -> list[str]:
    return [rank + suit for suit in SUITS for rank in ranks_of(game)]


def durak_deck(hand0: str, hand1: str, trump_card: str, stock_first: str = "") -> tuple[str, ...]:
    """Seat 0's six cards, seat 1's six, the trump card, then the stock (the
    given cards first, the rest in canonical order)."""
    head = hand0.split() + hand1.split() + [trump_card] + stock_first.split()
    rest = [card for card in full_deck("durak") if card not in head]
    return tuple(head + rest)


def table_deck(hands: tuple[str, ...], trump_card: str) -> tuple[str, ...]:
    """Each seat's six cards (seat 0 first), the trump card, then the stock
    in canonical order: a deal at a table of ``len(hands)``."""
    head = [card for hand in hands for card in hand.split()] + [trump_card]
    rest = [card for card in full_deck("durak") if card not in head]
    return tuple(head + rest)


def schnapsen_deck(
    hand0: str, hand1: str, indicator: str, stock_first: str = ""
) -> tuple[str, ...]:
    """Seat 0 (non-dealer, leads) gets deck[0:3]+deck[7:9], seat 1 (dealer)
    deck[3:6]+deck[9:11], deck[6] is the indicator, deck[11:] the stock."""
    h0, h1 = hand0.split(), hand1.split()
    stock = stock_first.split()
    used = [*h0, *h1, indicator, *stock]
    rest = [card for card in full_deck("schnapsen") if card not in used]
    return tuple(h0[:3] + h1[:3] + [indicator] + h0[3:] + h1[3:] + stock + rest)


# A whole deal played down to its last bout (found once with the engine and
# kept here; the tests replay it): seat 0 is left with К♠ alone, stock empty.
ENDGAME_DECK = tuple(
    [
        "7S",
        "7H",
        "KH",
        "9D",
        "TS",
        "TD",
        "8H",
        "6D",
        "TH",
        "JS",
        "8D",
        "7C",
        "AH",
        "AD",
        "8C",
        "6H",
        "AC",
        "7D",
        "QC",
        "QH",
        "JD",
        "JC",
        "AS",
        "9S",
        "6S",
        "KC",
        "QD",
        "TC",
        "KD",
        "KS",
        "9C",
        "JH",
        "9H",
        "QS",
        "8S",
        "6C",
    ]
)
ENDGAME_MOVES = tuple(
    [
        "attack:KH",
        "take",
        "stop",
        "attack:7S",
        "defend:8H",
        "stop",
        "attack:JS",
        "defend:7H",
        "stop",
        "attack:TS",
        "defend:6H",
        "attack:TD",
        "defend:KH",
        "stop",
        "attack:JD",
        "defend:AD",
        "stop",
        "attack:8C",
        "defend:JC",
        "stop",
        "attack:6D",
        "defend:7D",
        "attack:7C",
        "defend:AC",
        "attack:6S",
        "defend:9S",
        "stop",
        "attack:QC",
        "defend:KC",
        "attack:KD",
        "defend:TH",
        "stop",
        "attack:8D",
        "defend:9D",
        "attack:8S",
        "defend:9H",
        "stop",
        "attack:9C",
        "defend:AH",
        "attack:AS",
        "defend:QH",
        "stop",
        "attack:TC",
        "defend:JH",
        "stop",
    ]
)


# A perevodnoy deal (seed 3079, found once with the engine) played to a bout
# where the computer attacks with 6♣ holding one card, the stock empty: seat
# 0 holds 6♠ but may not transfer (two attacks against one card).
def words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


TRANSFER_LIMIT_DECK = words(
    "QH 8H 8D 9C AS 9S KD QC 6C 6D AH TC 7D KS TH 8C 6H TS "
    "KC 7H 7C JH 7S 8S KH AC QS JC JS JD QD AD 9D TD 9H 6S"
)
TRANSFER_LIMIT_MOVES = words(
    "attack:QC defend:8D stop attack:8H defend:KD stop attack:TC transfer:TH defend:6D "
    "defend:AH stop attack:6H defend:QH stop attack:9C defend:KC stop attack:7C defend:8C "
    "stop attack:9S defend:KS stop attack:JH transfer:JC defend:KH defend:AC stop "
    "attack:7H defend:JD attack:JS defend:QS stop attack:AS defend:9D stop attack:TD "
    "transfer:TS defend:AD defend:QD stop attack:6C"
)

DURAK_STEPS: tuple[Step, ...] = (
    Step(
        title=N_("Opening an attack"),
        text=N_(
            "The holder of the lowest trump attacks first and may open with any card. "
            "Hearts are trumps here and you hold {a}, the lowest trump."
        ),
        question=N_("Open the attack with any card, for example {b}."),
        success=N_("Your card is on the table: the defender must now beat it or take it."),
        deck=durak_deck("7S 9D TC QD 6H KC", "8S JS 9C QC 8D AS", "KH"),
        accept=(ANY_ATTACK,),
        cards={"a": "6H", "b": "7S"},
    ),
    Step(
        title=N_("Beating in suit"),
        text=N_(
            "A higher card of the same suit beats an attack card. "
            "On {a}, a {b} will do; a {c} will not."
        ),
        question=N_("The computer attacks with {a}. Beat it in its own suit."),
        success=N_("Beaten: {b} beats {a} because it is a higher spade."),
        deck=durak_deck("9S 6S 8D JC QD 9C", "7S 6H TD 8C KS AD", "KH"),
        setup=("attack:7S",),
        accept=("defend:9S",),
        cards={"a": "7S", "b": "9S", "c": "6S"},
    ),
    Step(
        title=N_("Beating with a trump"),
        text=N_(
            "A trump beats any card of another suit. Hearts are trumps here, so {b} beats "
            "even {a}. A trump attack can only be beaten by a higher trump."
        ),
        question=N_("The computer attacks with {a}. Beat it with your trump."),
        success=N_("The lowest trump beat the highest spade."),
        deck=durak_deck("6H 7C 8D 9D JD QC", "AS 9C KD TS 8S 7D", "KH", "6C 6D"),
        setup=("attack:7C", "defend:9C", "stop", "attack:AS"),
        accept=("defend:6H",),
        cards={"a": "AS", "b": "6H"},
    ),
    Step(
        title=N_("An illegal defence"),
        text=N_("A card of another suit that is not a trump does not beat, however high it is."),
        question=N_(
            "The computer attacks with {a}. Type the one card of yours that cannot beat it."
        ),
        success=N_("Right: {c} is neither a spade nor a trump, so the table refuses it."),
        deck=durak_deck("9S TS JS 8H QH AC", "7S 7H 6C 8C 9D TD", "KH"),
        setup=("attack:7S",),
        accept=(ILLEGAL_DEFENCE,),
        cards={"a": "7S", "c": "AC"},
    ),
    Step(
        title=N_("Adding cards"),
        text=N_(
            "Once the attacks are beaten, the attacker may add a card whose rank is already "
            "on the table, in attack or defence: after {a} beaten by {b}, a {c} may be added. "
            "There are at most six attack cards, and never more than the defender held when "
            "the bout began."
        ),
        question=N_("Add a card of a rank that is on the table."),
        success=N_("{c} lies open beside the beaten pair: the defender must beat it too, or take."),
        deck=durak_deck("7S 9D 6H TC QC KD", "9S 8C JD TH 7D AS", "KH"),
        setup=("attack:7S", "defend:9S"),
        accept=("attack:9D",),
        cards={"a": "7S", "b": "9S", "c": "9D"},
    ),
    Step(
        title=N_("Transferring the attack"),
        text=N_(
            "Before any card is beaten, the defender may lay a card of the same rank beside "
            "the attack and pass it on: the attacker becomes the defender and must face every "
            "card. The new defender must hold at least as many cards as there are attack cards, "
            "and there are never more than six attack cards."
        ),
        question=N_("The computer attacks with {a}. Transfer the attack with {b}."),
        success=N_("Now the computer defends against both cards."),
        deck=durak_deck("7D 9C JC QS 8D KC", "7S 6H TD 8C KS AD", "KH"),
        setup=("attack:7S",),
        accept=("transfer:7D",),
        cards={"a": "7S", "b": "7D"},
        games=("perevodnoy",),
    ),
    Step(
        title=N_("Transferring back"),
        text=N_(
            "Transfers may go back and forth: while no attack card is beaten, each new "
            "defender may pass the attack on again with a card of the same rank. You attacked "
            "with {c}, and the computer passed it back to you with {a}."
        ),
        question=N_("Pass the attack back to the computer with {b}."),
        success=N_(
            "The computer now faces three sevens: it must beat them all, take, or transfer."
        ),
        deck=durak_deck("7S 7C 6H 9D JC QC", "7D 8S TD 8C KS AD", "KH"),
        setup=("attack:7S", "transfer:7D"),
        accept=("transfer:7C",),
        cards={"a": "7D", "b": "7C", "c": "7S"},
        games=("perevodnoy",),
    ),
    Step(
        title=N_("The transfer limit"),
        text=N_(
            "A transfer may never give the new defender more attack cards than that player "
            "holds. The stock is empty and the computer, having attacked with {a}, has one card "
            "left: with your {b} it would face two attack cards, so you cannot transfer."
        ),
        question=N_("Type {word} {b} to see why not, then beat {a} with {c} or take."),
        success=N_("The table counts for you: a transfer is offered only when it is allowed."),
        deck=TRANSFER_LIMIT_DECK,
        setup=TRANSFER_LIMIT_MOVES,
        accept=(ANY_LEGAL,),
        cards={"a": "6C", "b": "6S", "c": "7D"},
        word="transfer",
        games=("perevodnoy",),
    ),
    Step(
        title=N_("Taking the cards"),
        text=N_(
            "A defender who cannot or will not beat the card takes: the defender picks up every "
            "card on the table, and the same attacker attacks again."
        ),
        question=N_("You cannot beat {a}. Take the cards: type {word}."),
        success=N_("You picked up the cards. The computer attacks again."),
        deck=durak_deck("7D 9C JC 8D KC 6C", "AS 6H TD 8C KS QD", "KH"),
        setup=("attack:AS",),
        accept=("take",),
        after=("stop",),
        cards={"a": "AS"},
        word="take",
    ),
    Step(
        title=N_("A successful defence"),
        text=N_(
            "When every attack is beaten and the attacker adds nothing more, the bout is over: "
            "the cards go to the discard pile for good and the defender attacks next."
        ),
        question=N_("The computer attacks with {a}. Beat it."),
        success=N_("Your defence held: now you attack."),
        deck=durak_deck("TC 6S 8D JS QD 9D", "8C 6H TD 7C KS AD", "KH"),
        setup=("attack:8C",),
        accept=("defend:TC",),
        after=("stop",),
        cards={"a": "8C"},
    ),
    Step(
        title=N_("Refilling and the end"),
        text=N_(
            "After each bout both players draw up to six cards from the stock, the attacker "
            "first, then the defender. Once the stock is empty, a player without cards is out; the "
            "last one holding cards is the durak."
        ),
        question=N_("The stock is empty and you hold one card. Attack with {a}."),
        success=N_("You have no cards left and the stock is empty: the computer is the durak."),
        deck=ENDGAME_DECK,
        setup=ENDGAME_MOVES,
        accept=("attack:KS",),
        after=(COMPUTER_REPLY, "stop"),
        cards={"a": "KS"},
    ),
)

SCHNAPSEN_STEPS: tuple[Step, ...] = (
    Step(
        title=N_("Leading and following"),
        text=N_(
            "The leader plays any card, the other answers with one. While the talon is open "
            "nobody has to follow suit: the higher card of the led suit wins, unless a trump "
            "is played. Hearts are trumps here."
        ),
        question=N_("You lead: play any card."),
        success=N_("The winner of a trick leads the next one."),
        deck=schnapsen_deck("AS TS KD JC QC", "KS QS JD TD AC", "JH"),
        accept=(ANY_PLAY,),
        after=(COMPUTER_REPLY,),
        games=("schnapsen",),
    ),
    Step(
        title=N_("Drawing from the talon"),
        text=N_(
            "After each trick both draw one card from the talon, the winner first, so both "
            "hold five again. Win this trick with a higher card of the led suit or a trump."
        ),
        question=N_("The computer leads {a}. Win the trick."),
        success=N_("You won the trick, drew first from the talon, and lead next."),
        deck=schnapsen_deck("JS AD TC QC KH", "AS QD KC JD QS", "JH"),
        setup=("play:JS", "play:AS", "play:QD"),
        accept=(WINS_TRICK,),
        cards={"a": "QD"},
        games=("schnapsen",),
    ),
    Step(
        title=N_("Marriages"),
        text=N_(
            "A king and queen of the same suit in your hand form a marriage: lead one of them "
            "and declare it for 20 points, 40 in trumps. The points count once you have won a "
            "trick; until then they are pending."
        ),
        question=N_("Declare the marriage of {a} and {b}: type {word}."),
        success=N_("20 points declared; the led card must still be answered."),
        deck=schnapsen_deck("KC QC AS TS JD", "KS QS JC TD AD", "JH"),
        accept=("marriage:KC", "marriage:QC"),
        cards={"a": "KC", "b": "QC"},
        word="marriage",
        games=("schnapsen",),
    ),
    Step(
        title=N_("Exchanging the trump jack"),
        text=N_(
            "While the talon is open, the leader holding the trump jack may swap it for the "
            "face-up trump card under the talon."
        ),
        question=N_("You hold {b}. Exchange it for {a}: type {word}."),
        success=N_("{a} is in your hand and the jack lies under the talon."),
        deck=schnapsen_deck("JH AS TS KD QC", "KS QS JC TD AD", "AH"),
        accept=("exchange",),
        cards={"a": "AH", "b": "JH"},
        word="exchange",
        games=("schnapsen",),
    ),
    Step(
        title=N_("Closing the talon"),
        text=N_(
            "The leader may close the talon: nobody draws any more and strict rules apply at "
            "once. The closer must then reach 66, or the opponent scores."
        ),
        question=N_("Close the talon: type {word}."),
        success=N_("The talon is closed. From now on strict rules apply."),
        deck=schnapsen_deck("AS TS AC TC KH", "KS QS JC JD QD", "JH"),
        accept=("close",),
        word="close",
        games=("schnapsen",),
    ),
    Step(
        title=N_("Strict rules"),
        text=N_(
            "Once the talon is closed or used up, you must follow suit and beat the led card "
            "if you can; without a card of that suit you must play a trump."
        ),
        question=N_("The computer closed the talon and leads {a}. Answer by the strict rules."),
        success=N_("Only a higher spade was allowed here."),
        deck=schnapsen_deck("QD AS TS JS KH", "AD KS QC JC TD", "JH", "KD KC"),
        setup=("play:QD", "play:AD", "close", "play:KS"),
        accept=(ANY_LEGAL,),
        cards={"a": "KS"},
        games=("schnapsen",),
    ),
    Step(
        title=N_("Reaching 66"),
        text=N_(
            "The first to reach 66 points wins the deal: card points (ace 11, ten 10, king 4, "
            "queen 3, jack 2) plus marriages. The deal is worth 1 to 3 game points, taken "
            "off the match score that runs from 7 down to 0."
        ),
        question=N_("You have 39 points and hold {a} and {b}, the trump marriage. Declare it."),
        success=N_(
            "40 more points: you pass 66 at once. The computer has no trick, so you win "
            "3 game points."
        ),
        deck=schnapsen_deck("AS TS KH QH AC", "JS QS JC QC KD", "TH"),
        setup=("play:AS", "play:JS", "play:TS", "play:QS", "play:AC", "play:JC"),
        accept=("marriage:KH", "marriage:QH"),
        cards={"a": "KH", "b": "QH"},
        games=("schnapsen",),
    ),
)


# The steps of a bigger table (``cardavia learn durak --players 3``), dealt
# to three: you, Computer 1 and Computer 2, clockwise.
TABLE_STEPS: tuple[Step, ...] = (
    Step(
        title=N_("Throwing in"),
        text=N_(
            "At a table of three or more the main attacker is not alone: once every attack "
            "is beaten, the others may throw in cards of a rank on the table too, in turn "
            "clockwise from the main attacker, skipping the defender. Computer 1 attacked "
            "Computer 2 with {a}, which was beaten by {b}, and then passed."
        ),
        question=N_("Throw in a card of a rank that is on the table, for example {c}."),
        success=N_(
            "Computer 2 had to beat {c} too. After each defence everyone may throw in again, "
            "the main attacker first; the bout ends when all of them have passed."
        ),
        deck=table_deck(("9D 8C JC QD AC TS", "7S 6H 8D TC QC KD", "9S 8S JD TH 7D AS"), "KH"),
        setup=("attack:7S", "defend:9S", "stop"),
        accept=(ANY_ATTACK,),
        after=(COMPUTER_REPLY,),
        cards={"a": "7S", "b": "9S", "c": "9D"},
        players=3,
    ),
    Step(
        title=N_("Transferring to the next seat"),
        text=N_(
            "At a bigger table a transfer does not send the attack back to the attacker: it "
            "goes on clockwise to the next player after you, who must face every card, and "
            "you become the main attacker. Computer 2 attacks you with {a}."
        ),
        question=N_("Transfer the attack with {b}: Computer 1, next after you, then defends."),
        success=N_("Computer 1 now faces both sevens, and you are the main attacker."),
        deck=table_deck(("7D 9C JC QS 8D KC", "8S TD 8C KS AD JS", "7S 6H TS QD 9H AC"), "KH"),
        setup=("attack:7S",),
        accept=("transfer:7D",),
        cards={"a": "7S", "b": "7D"},
        games=("perevodnoy",),
        players=3,
    ),
)


def steps_for(game: str, players: int = 2) -> list[Step]:
    """The lesson's steps: a duel's, or with ``players`` above two those of
    a bigger table (Durak games only)."""
    if players > 2:
        return [step for step in TABLE_STEPS if game in step.games]
    source = SCHNAPSEN_STEPS if game == "schnapsen" else DURAK_STEPS
    return [step for step in source if game in step.games]
