"""Compile printed card text into Abilities (the formulaic Warlord grammar, CR 510.2).

"[Limited] [Spend] Order: [cost:] effect" and "[Spend] React: trigger[, cost]: effect",
older forms included: "Order: Once per turn: ..." (510.7), "React: Play after ... to ..."
and "Discard a card to ..." (510.2.1). Lines that are not Orders or Reacts are static text;
sentences the importer already reads as facts (keywords, restrictions, item bonuses) make
no ability. Whatever is not understood stays on a manual ability with its text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from engine.cards import card_text
from engine.cards.abilities import (
    Ability,
    AbilityKind,
    Cost,
    CostKind,
    Effect,
    Means,
    Performer,
    Qualifier,
    Trigger,
    Who,
    Window,
)
from engine.cards.ability_compose import compile_effect
from engine.cards.ability_effects import NUMBERS
from engine.cards.ability_static import compile_static
from engine.cards.ability_triggers import read_trigger
from engine.cards.card_filter import read_target_words
from engine.cards.model import CardType

_HEADER = re.compile(
    r"^(?:(?P<time>daybreak|nightfall)\s*[-\u2013]\s*)?"
    r"(?P<words>(?:(?:limited|roll|destroy|spend|death|kill|enter)\s+)*)"
    r"(?P<kind>order|react|reaxt)\b\s*(?:\((?P<element>\w+)\))?\s*:?\s*",
    re.I,
)
_ONCE = re.compile(r"^once per (?P<what>turn|game)\s*[,:]?\s*", re.I)
_TIMING = re.compile(r"\b(?:before|after|when|whenever|instead of|if|during|at the)\b", re.I)
_COST_VERB = r"(?:spend|discard|destroy|kill|stun|remove|target|inflict|roll|reveal|pay|banish)"
_COST_SPLIT = re.compile(rf",\s*(?:and\s+)?(?={_COST_VERB}\b)|\s+and\s+(?={_COST_VERB}\b)", re.I)
_COST_TO = re.compile(rf"^(?P<cost>{_COST_VERB}\b[^.:]*?)(?<!\bup) to (?P<effect>.+)$", re.I | re.S)
_N = r"(?:a|an|one|two|three|four|five|\d+|x)"
_TARGET = re.compile(
    rf"^target (?:(?P<n>{_N}|up to (?:two|three|\d+)) )?(?P<side>opposing |other |another )?"
    r"(?P<desc>(?:(?!within\b|in\b|up\b)[\w-]+ ){0,4}?)"
    r"(?:character|characters|(?P<noun>(?!rank|ranks|item|items|player|card|cards|opponent"
    r"|character)[a-z-]+))"
    r"(?: (?:within|up to) (?P<r>one|two|three|\d+) ranks?(?: away)?| in any rank| in play"
    r"| in (?P<here>this) rank| in (?P<yours>your) (?:army|formation)"
    r"| in (?P<whose>your|the|an opposing|any) (?:first|front|1st) rank)?$",
    re.I,
)
# "Target a character within two ranks. The target ..." / "Target character within one rank
# (, who) must succeed with ...": targets chosen as the effect begins (510.5 step 3).
_OPENING_TARGET = re.compile(
    r"(?P<target>target [^.:,]+?)(?:\.\s+(?P<rest>\S.*)|,? (?:who )?(?P<must>must \S.*))$",
    re.I | re.S,
)
_THIS_CARD = re.compile(r"\bthis (?:item|weapon|armor|staff|potion|artifact|shield)\b")
_THE_ITEM = re.compile(
    r"\bthe (?:item|weapon|armor|staff|potion|artifact|shield|card|helm|ring|boots|cloak"
    r"|amulet|bow|sword|axe|dagger|mace|bracers|gauntlets|robe"
    r"|wand|rod|orb|book|tome|banner|horn|gem|crown|spear|quiver|scroll|charm|talisman|relic"
    r"|medallion|pendant|necklace|mask|gloves|belt|cape|lance|hammer|blade|flail|whip|totem)\b"
)
# Words of a card name that the text also uses as game words ("an Earth spell", "your Elves"):
# they do not stand for the card itself.
_NOT_A_NAME = frozenset(
    re.findall(
        r"\w+",
        "the and of lord lady sir dark great earth water fire air frost ice cold lightning"
        " poison radiant holy necrotic physical arcane light death life blood shadow storm stone"
        " war elf elven elves dwarf dwarven orc human goblin fighter cleric rogue wizard warlord"
        " dragon daemon undead knight steel iron silver gold black white red blue green grey"
        " gray spell action order react strike attack shield weapon armor item ring helm"
        " character army rank free kingdoms mercenary nothrog deverenian chosen"
        " journey survey",  # keywords (602.4, 602.17)
    )
)
# An Order or React printed after other sentences on the same line starts a new ability.
_SEGMENT = re.compile(
    r"(?<=[.!)])\s+(?=(?:(?:Daybreak|Nightfall)\s*[-\u2013]\s*)?"
    r"(?:(?:Limited|Roll|Destroy|Spend|Death|Kill|Enter)\s+)*(?:Order|React)\b\s*(?:\(\w+\))?\s*:)"
)
# "This is a Fire action." names the damage type of the card's actions (510.23-510.25).
_ELEMENT_FACT = re.compile(r"this is an? \w+ (?:action|spell|attack|order)\.?", re.I)
_CLASSES_FACT = re.compile(
    r"this character is (?:both |also )?(?:an? (?:fighter|cleric|rogue|wizard)(?:,? and |, |$))+"
)
# "This is a Fire action." in an effect: the damage type of the action (old names read as
# the new ones, 510.23-510.25), not an effect.
_ELEMENT_SAID = re.compile(
    r"(?:^|(?<=[.!]))\s*this is an? (?P<type>fire|water|frost|earth|physical|air|lightning"
    r"|poison|necrotic|radiant|arcane) (?:action|order|react|attack)\.?\s*$",
    re.I,
)
_ELEMENTS = {"water": "Frost", "earth": "Physical", "air": "Lightning"}
# 510.6: "Druids perform this action without spending.", "Level 4 or higher wizards play this
# without spending": who performs the card's Spend abilities without spending.
_WAIVER = re.compile(
    r"(?P<who>[a-z0-9' -]+?) (?:may )?(?:perform|play|cast) this(?: action| card| spell)?"
    r" without spending"
)
_HIGHER = re.compile(
    r"(?P<who>[a-z' -]*?) ?higher than (?:level (?P<n>\d+)|(?P<o>\d+)(?:st|nd|rd|th) level)"
)
_STATIC_QUOTE = re.compile(r"\"[^\"]*\"|\u201c[^\u201d]*\u201d")


def performer_for(kind: CardType) -> Performer:
    """Who performs a card's abilities (507.6, 507.7, 508.4)."""
    if kind is CardType.CHARACTER or kind is CardType.TOKEN:
        return Performer.THIS_CHARACTER
    if kind in (CardType.ITEM, CardType.EPIC_CLASS):
        return Performer.BEARER
    if kind is CardType.ACTION:
        return Performer.CHARACTER_YOU_CONTROL
    return Performer.CONTROLLER


def compile_abilities(
    text: str, name: str, kind: CardType, classes: Iterable[str] = ()
) -> tuple[Ability, ...]:
    """Every ability of a card's text, in printed order. `classes` are the card's classes
    (203.1): a sentence restating them ("Kabyrr is a fighter and a wizard.") is a fact."""
    compiler = _Compiler(name, kind, classes)
    out: list[Ability] = []
    for line in text.replace("\r\n", "\n").split("\n"):
        for segment in _SEGMENT.split(line.strip()):
            if segment.strip():
                out += compiler.line(segment.strip())
    return _waive_spending(out, compiler.waivers, compiler.performer)


def _waive_spending(
    abilities: list[Ability], waivers: list[tuple[str, str]], performer: Performer
) -> tuple[Ability, ...]:
    """510.6: the card's Spend abilities name who performs them without spending; with no
    Spend ability to apply to (or two such sentences), the sentences stay manual text."""
    if not waivers:
        return tuple(abilities)
    if len(waivers) > 1 or not any(a.is_spend for a in abilities):
        text = " ".join(sentence for sentence, _ in waivers)
        return (*abilities, Ability(AbilityKind.STATIC, text, performer, effect_text=text))
    words = waivers[0][1]
    return tuple(replace(a, spend_waived=words) if a.is_spend else a for a in abilities)


def waiver_words(sentence: str) -> str | None:
    """The target words of the performers a normalised waiver sentence names ("druids" ->
    "druids", "characters higher than level 5" -> "level 6 or higher"), or None."""
    m = _WAIVER.fullmatch(sentence.rstrip(".! "))
    if m is None:
        return None
    who = m["who"]
    higher = _HIGHER.fullmatch(who)
    if higher:
        level = int(higher["n"] or higher["o"]) + 1
        who = f"level {level} or higher {higher['who']}"
    words = re.sub(r"\bcharacters?\b", "", who).strip()
    words = re.sub(r"\s+", " ", words)
    if not words or read_target_words(words) is None:
        return None
    return words


class _Compiler:
    def __init__(self, name: str, kind: CardType, classes: Iterable[str] = ()) -> None:
        self.name = name
        self.kind = kind
        self.classes = frozenset(c.casefold() for c in classes)
        self.performer = performer_for(kind)
        words = [w for w in re.split(r"[\s,]+", name) if len(w) >= 3 and w[0].isupper()]
        self.names = sorted(
            {name, *(w for w in words if w.casefold() not in _NOT_A_NAME)}, key=len, reverse=True
        )
        self.is_character = kind in (CardType.CHARACTER, CardType.TOKEN)
        self.waivers: list[tuple[str, str]] = []  # 510.6: (sentence, who: target words)

    def line(self, line: str) -> list[Ability]:
        header = _HEADER.match(line)
        if header is None:
            return self.static(line)
        qualifiers = [Qualifier(w.casefold()) for w in header["words"].split()]
        if header["time"]:
            qualifiers.insert(0, Qualifier(header["time"].casefold()))
        body = line[header.end() :].strip()
        once = _ONCE.match(body)
        if once:
            qualifiers.append(
                Qualifier.LIMITED if once["what"].casefold() == "turn" else Qualifier.ONCE_PER_GAME
            )
            body = body[once.end() :].strip()
        kind = AbilityKind.ORDER if header["kind"].casefold() == "order" else AbilityKind.REACT
        element = (header["element"] or "").title()
        quals = tuple(dict.fromkeys(qualifiers))
        if kind is AbilityKind.ORDER:
            return [self.order(line, body, quals, element)]
        return [self.react(line, body, quals, element)]

    # -- Orders ----------------------------------------------------------------------------
    def order(self, line: str, body: str, quals: tuple[Qualifier, ...], element: str) -> Ability:
        cost_text, effect_text = _split_colon(body)
        if cost_text is None:
            cost_text, effect_text = _cost_to(effect_text)
        costs, quals = self.costs(cost_text, quals)
        return self.finish(AbilityKind.ORDER, line, quals, element, costs, None, effect_text)

    # -- Reacts ----------------------------------------------------------------------------
    def react(self, line: str, body: str, quals: tuple[Qualifier, ...], element: str) -> Ability:
        named = _named_window(quals)
        if named is not None:
            cost_text, effect_text = _split_colon(body)
            costs, quals = self.costs(cost_text, quals)
            return self.finish(AbilityKind.REACT, line, quals, element, costs, named, effect_text)
        body = re.sub(r"^(?:play|player)\s+(?=before|after|when|instead)", "", body, flags=re.I)
        head, effect_text = _split_colon(body)
        timing = _TIMING.search(head if head is not None else body)
        if timing is None:
            trigger = Trigger(Window.UNKNOWN, text=(head or "").strip())
            costs, quals = self.costs(head, quals)
            return self.finish(AbilityKind.REACT, line, quals, element, costs, trigger, effect_text)
        if head is not None:
            before_trigger = head[: timing.start()].strip(" ,")
            trigger_text, after = _cut_trigger(head[timing.start() :], colon=True)
            cost_text = ", ".join(p for p in (before_trigger, after) if p)
        else:
            before_trigger = body[: timing.start()].strip(" ,")
            trigger_text, rest = _cut_trigger(body[timing.start() :], colon=False)
            cost_text, effect_text = _cost_to(rest)
            if before_trigger:
                cost_text = ", ".join(p for p in (before_trigger, cost_text or "") if p)
        trigger = read_trigger(self.normalise(trigger_text), trigger_text)
        if not effect_text.strip():  # no effect could be told apart: keep the whole text
            effect_text = body
        costs, quals = self.costs(cost_text or None, quals)
        return self.finish(AbilityKind.REACT, line, quals, element, costs, trigger, effect_text)

    # -- shared ----------------------------------------------------------------------------
    def finish(
        self,
        kind: AbilityKind,
        line: str,
        quals: tuple[Qualifier, ...],
        element: str,
        costs: tuple[Cost, ...],
        trigger: Trigger | None,
        effect_text: str,
    ) -> Ability:
        effect_text = effect_text.strip()
        opening = _OPENING_TARGET.match(effect_text)
        if opening and not any(c.kind is CostKind.TARGET for c in costs):
            target = self.cost(opening["target"])
            if target.kind is CostKind.TARGET:  # 510.5 step 3: targeting as part of the effect
                costs = (*costs, target)
                who = "each target" if target.amount > 1 else "the target"
                effect_text = opening["rest"] if opening["rest"] else f"{who} {opening['must']}"
        has_target = any(c.kind is CostKind.TARGET for c in costs)
        said = _ELEMENT_SAID.search(effect_text)
        compiled_text = effect_text
        if said and said.start() > 0:  # "This is a Fire action.": its damage type (510.23-25)
            element = element or _ELEMENTS.get(said["type"].casefold(), said["type"].title())
            compiled_text = effect_text[: said.start()] + effect_text[said.end() :]
        effects = (
            compile_effect(self.normalise(compiled_text), has_target) if compiled_text else None
        )
        return Ability(
            kind=kind,
            text=line,
            performer=self.performer,
            qualifiers=quals,
            element=element,
            costs=costs,
            trigger=trigger,
            effects=effects or (),
            effect_text=effect_text,
            manual=effects is None,
        )

    def costs(
        self, text: str | None, quals: tuple[Qualifier, ...]
    ) -> tuple[tuple[Cost, ...], tuple[Qualifier, ...]]:
        """The cost parts of a cost text (510.2); "once per turn" becomes Limited (510.7)."""
        if not text or not text.strip():
            return (), quals
        out: list[Cost] = []
        extra: list[Qualifier] = []
        for part in _COST_SPLIT.split(text.strip().rstrip(".,")):
            part = part.strip(" ,.")
            if not part:
                continue
            once = _ONCE.match(part + ",")
            if once and once.end() >= len(part):
                extra.append(
                    Qualifier.LIMITED if once["what"] == "turn" else Qualifier.ONCE_PER_GAME
                )
                continue
            folded = part.casefold()
            if folded in ("twice per turn", "up to twice per turn"):
                extra.append(Qualifier.TWICE_PER_TURN)
                continue
            if folded == "spend":  # "..., spend: ..." spends the performer (510.6)
                extra.append(Qualifier.SPEND)
                continue
            out.append(self.cost(part))
        return tuple(out), tuple(dict.fromkeys((*quals, *extra)))

    def cost(self, part: str) -> Cost:
        text = self.normalise(part, cost=True)
        if text.startswith(("if ", "only if ", "while ", "unless ")):
            return Cost(CostKind.CONDITION, text=part)
        m = re.fullmatch(rf"discard (?P<n>{_N}) cards?(?: from your hand)?", text)
        if m:
            amount = NUMBERS.get(m["n"], 1) if not m["n"].isdigit() else int(m["n"])
            return Cost(CostKind.DISCARD_CARDS, amount, part) if m["n"] != "x" else _other(part)
        if re.fullmatch(r"(?:spend|exhaust)(?: and (?:stun|destroy|discard))? this card", text):
            if " destroy " in text:
                return Cost(CostKind.DESTROY_SOURCE, 1, part)
            return Cost(CostKind.SPEND_SOURCE, 1, part)
        if re.fullmatch(r"(?:destroy|discard) this card", text):
            kind = (
                CostKind.DESTROY_SOURCE if text.startswith("destroy") else CostKind.DISCARD_SOURCE
            )
            return Cost(kind, 1, part)
        if text == "kill this character" or (text == "kill this card" and not self.is_character):
            return Cost(CostKind.KILL_PERFORMER, 1, part)
        if re.fullmatch(r"stun this character", text):
            return Cost(CostKind.STUN_PERFORMER, 1, part)
        m = re.fullmatch(rf"(?:inflict (?P<n>{_N}) wounds? on this character|this character "
                         rf"suffers (?P<n2>{_N}) wounds?)", text)  # fmt: skip
        if m:
            word = m["n"] or m["n2"]
            return (
                Cost(CostKind.WOUND_PERFORMER, _count(word), part) if word != "x" else _other(part)
            )
        m = re.fullmatch(
            rf"remove (?P<n>{_N}) (?P<name>[a-z]+?)(?: counters?| tokens?)?"
            r"(?: from this (?:card|character))?",
            text,
        )
        if m and m["n"] != "x":
            name = m["name"].rstrip("s").title()
            return Cost(CostKind.REMOVE_COUNTERS, _count(m["n"]), part, name=name)
        if re.match(r"kill (?:a|an|one|another) ", text):
            return Cost(CostKind.KILL_CHARACTER, 1, part)
        if re.match(r"spend (?:a|an|one|another) ", text):
            return Cost(CostKind.SPEND_CHARACTER, 1, part)
        m = _TARGET.fullmatch(part.strip())
        if m and (m["n"] or "a").casefold() != "x":
            side = Who.ANY
            if m["side"]:
                side = Who.OPPOSING if m["side"].strip().casefold() == "opposing" else Who.OTHER
            count = (m["n"] or "a").casefold().removeprefix("up to ")
            within = _count(m["r"].casefold()) if m["r"] else (0 if m["here"] else None)
            whose = (m["whose"] or "").casefold()
            if m["yours"] or whose == "your":  # "another Dwarf in your army"
                side = Who.ANOTHER_YOURS if side is Who.OTHER else Who.YOURS
            side = Who.OPPOSING if whose == "an opposing" else side
            rank = 1 if whose else None
            words = " ".join(w for w in ((m["desc"] or "").strip(), m["noun"] or "") if w)
            words = words.casefold()
            if words and read_target_words(words) is None:
                return _other(part)
            return Cost(
                CostKind.TARGET,
                _count(count),
                part,
                side=side,
                within_ranks=within,
                rank=rank,
                name=words,
            )
        return _other(part)

    def static(self, line: str) -> list[Ability]:
        """Constant text: one STATIC ability of the sentences compiled into ongoing effects
        (engine.cards.ability_static), one manual STATIC ability of the others, leaving out
        the sentences read as facts."""
        unread = [s for s in card_text.sentences(line) if not self.is_fact(s)]
        for sentence in list(unread):
            words = waiver_words(self.normalise(sentence))
            if words is not None:  # 510.6: applied to the card's Spend abilities
                self.waivers.append((sentence, words))
                unread.remove(sentence)
        compiled: list[tuple[str, tuple[Effect, ...]]] = []
        manual: list[str] = []
        for sentence in unread:
            effects = compile_static(self.normalise(sentence))
            if effects is None:
                manual.append(sentence)
            else:
                compiled.append((sentence, effects))
        out: list[Ability] = []
        if compiled:
            text = " ".join(s for s, _ in compiled)
            effects = tuple(e for _, group in compiled for e in group)
            out.append(
                Ability(
                    AbilityKind.STATIC,
                    text,
                    self.performer,
                    effects=effects,
                    effect_text=text,
                    manual=False,
                )
            )
        if manual:
            text = " ".join(manual)
            out.append(
                Ability(AbilityKind.STATIC, text, self.performer, effect_text=text, manual=True)
            )
        return out

    def is_fact(self, sentence: str) -> bool:
        """Sentences the importer reads into keywords, restrictions or item bonuses."""
        if _STATIC_QUOTE.search(sentence):
            return False
        if card_text.text_keywords(sentence, self.name, self.is_character):
            return True
        restricted = self.kind in (CardType.ITEM, CardType.ACTION, CardType.EPIC_CLASS)
        if restricted and card_text.restriction(sentence, {}) is not None:
            return True
        if _ELEMENT_FACT.fullmatch(sentence.strip()):
            return True
        said = _CLASSES_FACT.fullmatch(self.normalise(sentence).rstrip(".! "))
        if said and self.classes:  # 203.4.2: the classes of a multi-class card, restated
            named = set(re.findall(r"fighter|cleric|rogue|wizard", said[0]))
            return named <= self.classes and len(named) >= 2
        if self.kind in (CardType.ITEM, CardType.EPIC_CLASS):
            return card_text.item_bonuses(sentence).any
        return False

    def normalise(self, text: str, cost: bool = False) -> str:
        """Lower case, with the card's references to itself made uniform (see module doc).
        In a cost, "the Staff" / "the item" is the card itself; in an effect it may be a
        target, so only "this item" is."""
        out = text.strip()
        for name in self.names:
            if name in out:
                out = _replace_name(out, name)
        out = out.casefold()
        self_word = "this character" if self.is_character else "this card"
        out = out.replace("\x00", self_word).replace("\x01", f"{self_word}'s")
        out = _THIS_CARD.sub("this card", out)
        if cost and not self.is_character:  # "spend the Helm": the item names itself
            out = _THE_ITEM.sub("this card", out)
        out = re.sub(
            r"\bthis (?:fighter|cleric|rogue|wizard|warlord|monk|ranger|paladin|druid|"
            r"barbarian|illusionist|necromancer|sorcerer|bard|assassin|knight|priest)\b",
            "this character",
            out,
        )
        out = re.sub(r"(?:^|(?<=[.;] ))(?:he|she|it) ", "this character ", out)
        return re.sub(r"\s+", " ", out).strip()


def _replace_name(text: str, name: str) -> str:
    """`text` with the whole-word `name` (and a leading "the") replaced by a NUL mark, or by
    \x01 when possessive ("Kabyrr's"); plain string search: one compiled pattern per card
    would cost more than the whole compilation."""
    out: list[str] = []
    start = 0
    while (at := text.find(name, start)) >= 0:
        end = at + len(name)
        before_ok = at == 0 or not text[at - 1].isalnum()
        after_ok = end == len(text) or not text[end].isalnum()
        if not (before_ok and after_ok):
            out.append(text[start:end])
            start = end
            continue
        head = text[start:at]
        if head[-4:] in ("the ", "The "):
            head = head[:-4]
        mark = "\x00"
        if text.startswith("'s", end):
            end += 2
            mark = "\x01"
        out += [head, mark]
        start = end
    out.append(text[start:])
    return "".join(out)


def _other(part: str) -> Cost:
    return Cost(CostKind.OTHER, 1, part)


def _count(word: str) -> int:
    word = word.casefold()
    return int(word) if word.isdigit() else NUMBERS.get(word, 1)


def _named_window(quals: tuple[Qualifier, ...]) -> Trigger | None:
    """Death, Kill and Enter Reacts name their trigger (508.6)."""
    if Qualifier.DEATH in quals:
        return Trigger(Window.DEATH, Who.THIS, Means.ANY, "Before this character is killed")
    if Qualifier.KILL in quals:
        return Trigger(Window.KILL, Who.THIS, Means.ANY, "After this character kills a character")
    if Qualifier.ENTER in quals:
        return Trigger(Window.ENTER_PLAY, Who.THIS, Means.ANY, "After this character enters play")
    return None


def _split_colon(body: str) -> tuple[str | None, str]:
    """(cost, effect) at the first colon outside quotes; (None, body) when there is none."""
    depth = False
    for i, ch in enumerate(body):
        if ch in '"\u201c\u201d':
            depth = not depth
        elif ch == ":" and not depth:
            return body[:i].strip(), body[i + 1 :].strip()
    return None, body.strip()


def _cost_to(text: str) -> tuple[str | None, str]:
    """510.2.1: "Discard a card to ready this character" -> cost, effect."""
    m = _COST_TO.match(text.strip())
    if m:
        return m["cost"], m["effect"]
    return None, text


def _cut_trigger(text: str, colon: bool) -> tuple[str, str]:
    """Split "after X enters play, spend the item" into the trigger and what follows."""
    cost = re.search(rf",\s*(?:and\s+)?(?={_COST_VERB}\b)", text, re.I)
    if colon:
        if cost:
            return text[: cost.start()].strip(), text[cost.end() :].strip()
        return text.strip(), ""
    ends = [m.start() for m in (re.search(r"[.,]\s", text), re.search(r"[.,]$", text)) if m]
    if ends:
        end = min(ends)
        return text[:end].strip(), text[end + 1 :].strip()
    to = re.search(r"\s+to\s+(?=[a-z])", text) or re.search(r"\s+(?=you may\b)", text)
    if to:
        return text[: to.start()].strip(), text[to.end() :].strip()
    return text.strip(), ""
