"""Why a move the player named cannot be played now, in the player's
language ("You cannot play Д♥ now: no card of rank Д is on the table.").

The engine is the judge and gives the reason: ``game.refusal(move)`` is
``{"reason": kind, **data}`` from the core's one list (docs/SCHEMA.md,
Refusals). Here each reason becomes words, and the player's words choose
which refusal to tell: a bare card may mean an attack, a defence or a
transfer, so the one about what the position asks of the player is told.
No rule is known here. The terminal, the web table and the lessons all
refuse with these sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .card_faces import CardView
from .glossary import game_title, suit_name
from .i18n import _, ngettext

#: The engine's refusal of a move string, or None if it is legal.
Refuse = Callable[[str], "dict[str, Any] | None"]

# Reasons that only say the move belongs to the other role (or game): when
# a card may mean several moves, another refusal says more.
ROLE_REASONS = frozenset({"not_attacker", "not_defender", "not_a_move"})
# The card moves of every game; the engine says which belong to this one.
CARD_KINDS = ("attack", "defend", "transfer", "play", "marriage")
# A transfer refusal not worth adding to a defence's: the card was never one.
NOT_A_TRANSFER = ROLE_REASONS | {"transfer_rank", "no_transfer"}


def rank_label(card: str, view: CardView) -> str:
    """The rank as the table shows it (Д, 10, B…), without the suit."""
    label = view.label(card)
    return label[: -len(view.suit_mark(card[1]))]


def _rank(rank: object, view: CardView) -> str:
    return rank_label(f"{rank}S", view)


def _card(card: object, view: CardView) -> str:
    return view.label(str(card))


def reason_text(refusal: dict[str, Any], kind: str, view: CardView) -> str:
    """The reason of a refusal as the end of a sentence ("…: {reason}"), for
    a move of ``kind`` (attack, defend, take, play, close…)."""
    reason = str(refusal.get("reason"))
    if reason == "not_defender":
        if kind == "transfer":
            return _("only the defender can transfer, and only when facing an attack.")
        return _("you are the attacker; there is nothing for you to beat.")
    if reason == "not_attacker":
        return _("you are the defender; beat {attack} or take.").format(
            attack=_card(refusal["attack"], view)
        )
    if reason == "leader_only":
        if kind == "marriage":
            return _("only the leader can declare a marriage, by leading its king or queen.")
        return _("only the leader may do that, before leading a card.")
    if reason == "does_not_beat":
        attack = _card(refusal["attack"], view)
        if refusal.get("how") == "lower":
            return _("it is lower than {attack}.").format(attack=attack)
        if refusal.get("how") == "not_trump":
            return _("{attack} is a trump: only a higher trump beats it.").format(attack=attack)
        return _("it is neither of the suit of {attack} nor a trump.").format(attack=attack)
    if reason == "next_defender_too_few":
        held = int(refusal["hand_size"])
        return ngettext(
            "the computer holds only {n} card, so it could not face {attacks} attack cards.",
            "the computer holds only {n} cards, so it could not face {attacks} attack cards.",
            held,
        ).format(n=held, attacks=refusal["attacks"])
    texts: dict[str, Callable[[], str]] = {
        "game_over": lambda: _("the game is over."),
        "not_a_move": lambda: _("it is not a move of this game."),
        "not_in_hand": lambda: _("you do not hold {card}.").format(
            card=_card(refusal["card"], view)
        ),
        "open_first": lambda: _("open the bout with a card first."),
        "bout_limit": lambda: _(
            "the limit of this bout, {limit} attack cards, has been reached."
        ).format(limit=refusal["limit"]),
        "rank_not_on_table": lambda: _("no card of rank {rank} is on the table.").format(
            rank=_rank(refusal["rank"], view)
        ),
        "no_transfer": lambda: _("there is no transferring in classic Durak."),
        "transfer_after_defence": lambda: _(
            "a card has been beaten in this bout, so the attack can no longer be transferred."
        ),
        "transfer_rank": lambda: _("it is not of the rank of the attack ({rank}).").format(
            rank=_rank(refusal["rank"], view)
        ),
        "must_beat": lambda: _(
            "by the strict rules you must beat {lead} with a higher card of its suit."
        ).format(lead=_card(refusal["lead"], view)),
        "must_follow": lambda: _("by the strict rules you must follow the suit of {lead}.").format(
            lead=_card(refusal["lead"], view)
        ),
        "must_trump": lambda: _(
            "by the strict rules you must play a trump: you hold no card of the suit of {lead}."
        ).format(lead=_card(refusal["lead"], view)),
        "stock_closed": lambda: _("the talon is closed."),
        "stock_exhausted": lambda: _("the talon is used up."),
        "no_trump_jack": lambda: _("you do not hold the trump jack."),
        "close_needs_five": lambda: _("you need five cards in hand."),
        "not_king_or_queen": lambda: _("a marriage is declared by leading a king or a queen."),
        "marriage_declared": lambda: _("you have declared the marriage in {suit} already.").format(
            suit=suit_name(str(refusal["suit"]))
        ),
        "no_marriage": lambda: _("you need the king and the queen of one suit in hand."),
    }
    text = texts.get(reason)
    return text() if text is not None else _("it is not possible now.")


def _told(refusals: Iterable[tuple[str, dict[str, Any]]]) -> tuple[str, dict[str, Any]] | None:
    """The refusal worth telling: the first that is not only about the role."""
    listed = list(refusals)
    for kind, refusal in listed:
        if refusal.get("reason") not in ROLE_REASONS:
            return kind, refusal
    return listed[0] if listed else None


def card_refusal(card: str, kinds: tuple[str, ...], refuse: Refuse, view: CardView) -> str:
    """The sentence refusing ``card`` (in hand) for the move kinds the
    player's words meant (all card moves for a bare card)."""
    meant = [kind for kind in CARD_KINDS if kind in kinds] or list(CARD_KINDS)
    if "play" in meant and "marriage" in meant:
        meant.remove("marriage")  # "K♥" or "play K♥": the card, not the marriage
    refusals = [(kind, refuse(f"{kind}:{card}")) for kind in meant]
    found = [(kind, refusal) for kind, refusal in refusals if refusal is not None]
    told = _told(found)
    if told is None:
        return _("You cannot play {card} now.").format(card=view.label(card))
    kind, refusal = told
    reason = reason_text(refusal, kind, view)
    if kind == "transfer":
        return _("You cannot transfer now: {reason}").format(reason=reason)
    if refusal.get("reason") == "does_not_beat" and "transfer" in meant:
        # A card of the attack's rank might have been meant as a transfer.
        transfer = dict(found).get("transfer")
        if transfer is not None and transfer.get("reason") not in NOT_A_TRANSFER:
            why = reason_text(transfer, "transfer", view)
            reason += " " + _("Nor can it be transferred: {reason}").format(reason=why)
    return _("You cannot play {card} now: {reason}").format(card=view.label(card), reason=reason)


def word_refusal(kind: str, word: str, refuse: Refuse, obs: dict[str, Any], view: CardView) -> str:
    """The sentence refusing a move word said without a card (``take``,
    ``close``, ``transfer``…): the engine's refusal of the word's move, or of
    that move with each card in hand."""
    if kind in CARD_KINDS:
        refusals = [refuse(f"{kind}:{card}") for card in obs.get("hand") or []]
        found = [refusal for refusal in refusals if refusal is not None]
        if kind == "transfer" and found and all(r["reason"] == "transfer_rank" for r in found):
            return _("You cannot transfer now: {reason}").format(
                reason=_("you hold no card of rank {rank}.").format(
                    rank=_rank(found[0]["rank"], view)
                )
            )
        told = _told((kind, refusal) for refusal in found)
        refusal = None if told is None else told[1]
    else:
        refusal = refuse(kind)
    if refusal is None:
        return _("“{word}” is not possible now.").format(word=word)
    return _word_sentence(kind, word, refusal, str(obs.get("game")), view)


def _word_sentence(kind: str, word: str, refusal: dict[str, Any], game: str, view: CardView) -> str:
    reason = str(refusal.get("reason"))
    if reason == "not_a_move":
        return _("“{word}” is not a move of {game}.").format(word=word, game=game_title(game))
    if kind == "take" and reason == "not_defender":
        return _("You cannot take: only the defender takes, and you are attacking.")
    if kind == "stop" and reason == "not_attacker":
        return _("You cannot stop: only the attacker ends the bout. Beat {attack} or take.").format(
            attack=_card(refusal["attack"], view)
        )
    if kind == "stop" and reason == "open_first":
        return _("You cannot stop: open the bout with a card first.")
    if kind == "defend" and reason == "not_defender":
        return _("You cannot beat anything: you are attacking.")
    if kind == "attack" and reason == "not_attacker":
        return _("You cannot attack now: you are defending. Beat {attack} or take.").format(
            attack=_card(refusal["attack"], view)
        )
    text = reason_text(refusal, kind, view)
    sentences = {
        "transfer": _("You cannot transfer now: {reason}"),
        "close": _("You cannot close the talon now: {reason}"),
        "exchange": _("You cannot exchange the trump jack now: {reason}"),
        "marriage": _("You cannot declare a marriage now: {reason}"),
    }
    if kind in sentences:
        return sentences[kind].format(reason=text)
    return _("“{word}” is not possible now.").format(word=word)
