"""510.6: whether performing an ability spends its performer. "Spend Order:" spends it,
unless the card says who performs it without spending ("Druids perform this action without
spending.", `Ability.spend_waived`) and the performer is such a character."""

from __future__ import annotations

from engine.cards.abilities import Ability
from engine.stats import Board
from engine.target_filter import fits


def waived(board: Board, ability: Ability, uid: int) -> bool:
    """The card lets character `uid` perform `ability` without spending (510.6)."""
    words = ability.spend_waived
    return bool(words) and uid in board.units and fits(board, uid, words)
