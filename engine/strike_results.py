"""What an ability does "if the strike hits" or "if it misses", run where 509.5 puts it.

509.5 step 4b: "Reacts or effects that happen 'after hitting', 'if a strike hits', or 'after
missing' take place directly after this step and before proceeding to the next step": right
after the hit or miss is known, before the wounds (steps 5-6), so that they still find the
target in play when the wounds kill it. The strike of an ability is pushed above the ability's
`ResolvingAbility` frame; when it reaches that step, the effects printed right after the
strike effect with a condition on its result run in a `ResolvingAbility` frame of their own
pushed above the strike (`stop` ends it before the next effect, and the card stays where it
is), the ability itself going on after them once the strike is over. The ability's own
effects run before the "after hitting / missing" react window of that moment.
"""

from __future__ import annotations

from engine.cards.abilities import Check, Op
from engine.feats import abilities_of
from engine.frames import ResolvingAbility
from engine.tx import Tx
from engine.values import replace

_STRIKE = Op.STRIKE
_HIT = Check.HIT


def run_hit_effects(tx: Tx, index: int, hit: bool) -> bool:
    """The strike at `index` (the top frame) has just hit or missed (509.5 step 4): if the
    ability under it prints effects on that result right after its last strike, push them
    to run now (True); False when there are none, or they already ran."""
    parent = tx.stack[index - 1] if index > 0 else None
    if not isinstance(parent, ResolvingAbility):
        return False
    effects = abilities_of(tx.card(parent.card))[parent.ability].effects
    at = parent.next_effect
    if at >= len(effects) or effects[at].op is not _STRIKE:
        return False
    if parent.strikes_done < effects[at].times:
        return False  # "if the strike hits" follows the last strike of the effect
    end = at + 1
    while end < len(effects) and _on_the_result(effects[end].condition):
        end += 1
    if end == at + 1:
        return False
    tx.set_frame(index - 1, replace(parent, next_effect=end, strikes_done=0, hit=hit))
    tx.push_frame(replace(parent, next_effect=at + 1, strikes_done=0, hit=hit, stop=end))
    return True


def _on_the_result(condition: object) -> bool:
    return condition is not None and getattr(condition, "check", None) is _HIT
