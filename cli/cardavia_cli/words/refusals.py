"""Why a move the player named cannot be played now, in the player's
language: the rule it breaks, told with the cards of the position
("You cannot play Д♥ now: no card of rank Д is on the table.").

Only seat 0's observation is read, as the table shows it; the engine's
``legal_moves`` stays the judge of what is legal, these sentences only say
why not. The terminal, the web table and the lessons all refuse with them.
"""

from __future__ import annotations

from typing import Any

from .card_faces import CardView, ranks_of
from .glossary import game_title, suit_name
from .i18n import _, ngettext
from .narration import open_attack
from .seats import HUMAN

MAX_ATTACKS = 6


def rank_label(card: str, view: CardView) -> str:
    """The rank as the table shows it (Д, 10, B…), without the suit."""
    label = view.label(card)
    return label[: -len(view.suit_mark(card[1]))]


def _rank_of_table(obs: dict[str, Any]) -> set[str]:
    return {card[0] for pair in obs.get("table") or [] for card in pair if card is not None}


def _beats(card: str, attack: str, trump: str, game: str) -> bool:
    order = ranks_of(game)
    if card[1] == attack[1]:
        return order.index(card[0]) > order.index(attack[0])
    return card[1] == trump


def beat_reason(card: str, attack: str, obs: dict[str, Any], view: CardView) -> str:
    """Why ``card`` does not beat ``attack`` (Durak)."""
    trump = str(obs["trump"])
    if card[1] == attack[1]:
        return _("it is lower than {attack}.").format(attack=view.label(attack))
    if attack[1] == trump:
        return _("{attack} is a trump: only a higher trump beats it.").format(
            attack=view.label(attack)
        )
    return _("it is neither of the suit of {attack} nor a trump.").format(attack=view.label(attack))


def transfer_reason(card: str | None, obs: dict[str, Any], view: CardView) -> str | None:
    """Why the defender cannot transfer (with ``card``, or at all); None if
    nothing in the position forbids it."""
    if obs.get("game") != "perevodnoy":
        return _("there is no transferring in classic Durak.")
    table = obs.get("table") or []
    if obs.get("defender") != HUMAN or obs.get("taking") or not table:
        return _("only the defender can transfer, and only when facing an attack.")
    if any(defence is not None for _attack, defence in table):
        return _("a card has been beaten in this bout, so the attack can no longer be transferred.")
    attack_rank = table[0][0][0]
    if card is not None and card[0] != attack_rank:
        return _("it is not of the rank of the attack ({rank}).").format(
            rank=rank_label(table[0][0], view)
        )
    if card is None and not any(c[0] == attack_rank for c in obs.get("hand") or []):
        return _("you hold no card of rank {rank}.").format(rank=rank_label(table[0][0], view))
    attacks = len(table) + 1
    if attacks > MAX_ATTACKS:
        return _("a bout never has more than six attack cards.")
    held = int(obs["hand_sizes"][1 - HUMAN])
    if attacks > held:
        return ngettext(
            "the computer holds only {n} card, so it could not face {attacks} attack cards.",
            "the computer holds only {n} cards, so it could not face {attacks} attack cards.",
            held,
        ).format(n=held, attacks=attacks)
    return None


def add_reason(card: str, obs: dict[str, Any], view: CardView) -> str | None:
    """Why the attacker cannot add ``card`` (Durak); None if it may."""
    table = obs.get("table") or []
    if not table:
        return None
    if len(table) >= int(obs["limit"]):
        return _("the limit of this bout, {limit} attack cards, has been reached.").format(
            limit=obs["limit"]
        )
    if card[0] not in _rank_of_table(obs):
        return _("no card of rank {rank} is on the table.").format(rank=rank_label(card, view))
    return None


def strict_reason(card: str, obs: dict[str, Any], view: CardView) -> str | None:
    """Why the strict rules of Schnapsen forbid answering the lead with ``card``."""
    lead = obs.get("lead")
    if lead is None or (obs.get("closed") is None and not obs.get("exhausted")):
        return None
    hand = [str(c) for c in obs.get("hand") or []]
    trump = str(obs["trump"])
    same = [c for c in hand if c[1] == lead[1]]
    higher = [c for c in same if _beats(c, lead, trump, "schnapsen")]
    if higher and card not in higher:
        return _("by the strict rules you must beat {lead} with a higher card of its suit.").format(
            lead=view.label(lead)
        )
    if same and card not in same:
        return _("by the strict rules you must follow the suit of {lead}.").format(
            lead=view.label(lead)
        )
    trumps = [c for c in hand if c[1] == trump]
    if not same and trumps and card[1] != trump:
        return _(
            "by the strict rules you must play a trump: you hold no card of the suit of {lead}."
        ).format(lead=view.label(lead))
    return None


def marriage_reason(card: str | None, obs: dict[str, Any]) -> str:
    if obs.get("lead") is not None or obs.get("current_player") != HUMAN:
        return _("only the leader can declare a marriage, by leading its king or queen.")
    hand = set(obs.get("hand") or [])
    declared = set((obs.get("marriages") or [[], []])[HUMAN])
    suits = [card[1]] if card is not None else ["S", "H", "D", "C"]
    for suit in suits:
        if f"K{suit}" in hand and f"Q{suit}" in hand and suit in declared:
            return _("you have declared the marriage in {suit} already.").format(
                suit=suit_name(suit)
            )
    return _("you need the king and the queen of one suit in hand.")


def talon_reason(obs: dict[str, Any], closing: bool) -> str:
    """Why the talon cannot be closed, or the trump jack exchanged, now."""
    if obs.get("closed") is not None:
        return _("the talon is closed.")
    if obs.get("exhausted"):
        return _("the talon is used up.")
    if obs.get("lead") is not None:
        return _("only the leader may do that, before leading a card.")
    if closing:
        return _("you need five cards in hand.")
    return _("you do not hold the trump jack.")


def transfer_only(kinds: tuple[str, ...]) -> bool:
    """Whether the word typed before a card can only mean a transfer."""
    return "transfer" in kinds and not {"attack", "defend", "play"} & set(kinds)


def card_refusal(card: str, kinds: tuple[str, ...], obs: dict[str, Any], view: CardView) -> str:
    """The sentence refusing ``card`` (in hand) for the move kinds meant."""
    reason = card_reason(card, kinds, obs, view)
    if reason is None:
        return _("You cannot play {card} now.").format(card=view.label(card))
    if transfer_only(kinds) and obs.get("game") != "schnapsen":
        # "transfer 6♠" typed: refused as a transfer, not as a card played.
        return _("You cannot transfer now: {reason}").format(reason=reason)
    return _("You cannot play {card} now: {reason}").format(card=view.label(card), reason=reason)


def card_reason(
    card: str, kinds: tuple[str, ...], obs: dict[str, Any], view: CardView
) -> str | None:
    game = str(obs.get("game"))
    if game == "schnapsen":
        if "marriage" in kinds and "play" not in kinds:
            return marriage_reason(card, obs)
        return strict_reason(card, obs, view)
    if obs.get("current_player") != HUMAN:
        return None
    if obs.get("attacker") == HUMAN:
        if "transfer" in kinds and "attack" not in kinds:
            return transfer_reason(card, obs, view)
        if "defend" in kinds and "attack" not in kinds:
            return _("you are the attacker; there is nothing for you to beat.")
        return add_reason(card, obs, view)
    attack = open_attack(obs)
    if attack is None:
        return None
    if "transfer" in kinds and "defend" not in kinds:
        return transfer_reason(card, obs, view)
    if "attack" in kinds and "defend" not in kinds:
        return _("you are the defender; beat {attack} or take.").format(attack=view.label(attack))
    reason = beat_reason(card, attack, obs, view)
    if game == "perevodnoy" and card[0] == attack[0]:
        why = transfer_reason(card, obs, view)
        if why is not None:
            reason += " " + _("Nor can it be transferred: {reason}").format(reason=why)
    return reason


def word_refusal(kind: str, word: str, obs: dict[str, Any], view: CardView) -> str:
    """The sentence refusing a move word (``take``, ``close``…) with no card."""
    game = str(obs.get("game"))
    schnapsen_kinds = ("play", "marriage", "exchange", "close")
    if (game == "schnapsen") != (kind in schnapsen_kinds):
        return _("“{word}” is not a move of {game}.").format(word=word, game=game_title(game))
    if game == "schnapsen":
        if kind == "close":
            return _("You cannot close the talon now: {reason}").format(
                reason=talon_reason(obs, closing=True)
            )
        if kind == "exchange":
            return _("You cannot exchange the trump jack now: {reason}").format(
                reason=talon_reason(obs, closing=False)
            )
        if kind == "marriage":
            return _("You cannot declare a marriage now: {reason}").format(
                reason=marriage_reason(None, obs)
            )
        return _("“{word}” is not possible now.").format(word=word)
    attack = open_attack(obs)
    attacking = obs.get("attacker") == HUMAN
    if kind == "take":
        if attacking:
            return _("You cannot take: only the defender takes, and you are attacking.")
        return _("“{word}” is not possible now.").format(word=word)
    if kind == "stop":
        if not attacking and attack is not None:
            return _(
                "You cannot stop: only the attacker ends the bout. Beat {attack} or take."
            ).format(attack=view.label(attack))
        if not obs.get("table"):
            return _("You cannot stop: open the bout with a card first.")
        return _("“{word}” is not possible now.").format(word=word)
    if kind == "transfer":
        reason = transfer_reason(None, obs, view)
        if reason is not None:
            return _("You cannot transfer now: {reason}").format(reason=reason)
    if kind == "defend" and attacking:
        return _("You cannot beat anything: you are attacking.")
    if kind == "attack" and not attacking and attack is not None:
        return _("You cannot attack now: you are defending. Beat {attack} or take.").format(
            attack=view.label(attack)
        )
    return _("“{word}” is not possible now.").format(word=word)
