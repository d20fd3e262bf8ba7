"""Card lookup in chat: /card, [[card name]] beside [[509.5]], autocomplete, the console."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from bot_fakes import FakeIndex

from bot import console
from bot.commands import Judge
from bot.commands.card_lookup import (
    CLOSE,
    IMPORT_HINT,
    CardLookup,
    SampleCards,
    match_cards,
    no_card_sentence,
)
from bot.render_text import render_reply
from bot.replies import Action, Reply
from bot.store import SettingsStore
from engine.cards.catalog import CardCatalog
from engine.cards.model import Card, CardType, Feat, Keyword
from engine.cards.sample import sample_catalog
from rules_index.models import DocumentInfo, Entry, EntryDetail

CR = DocumentInfo("cr", "Comprehensive Rules", "2.0.7", "en", "numbered", is_default=True)


def _rule(ref: str, title: str, parent: str | None) -> Entry:
    return Entry(ref=ref, doc="cr", kind="rule", title=title, text=f"{title} rules.", parent=parent)


class KeywordIndex(FakeIndex):
    """The fake index, with 602 Keywords and 603 Feats holding a few sub-rules."""

    SECTIONS: ClassVar[dict[str, tuple[Entry, ...]]] = {
        "602": (_rule("602.5", "Planar", "602"), _rule("602.9", "Charge", "602")),
        "603": (_rule("603.6", "Medicine", "603"),),
    }

    def get(self, refs: str, doc: str | None = None) -> list[EntryDetail]:
        if refs in self.SECTIONS:
            entry = _rule(refs, "Keywords" if refs == "602" else "Feats", None)
            return [EntryDetail(entry, CR, (), self.SECTIONS[refs], (), ())]
        return super().get(refs, doc)


@dataclass
class FixedCards:
    """A card source over given cards."""

    cards: tuple[Card, ...]
    imported: bool = True

    def catalog(self) -> CardCatalog:
        return CardCatalog(self.cards)

    def has_import(self) -> bool:
        return self.imported


PLANAR_CARD = Card(id="planar", name="Planar", type=CardType.ACTION, text="Become planar.")
HEALER = Card(
    id="brother-mend",
    name="Brother Mend",
    type=CardType.CHARACTER,
    level=2,
    text="Order: Heal a wound.",
    keywords=(Keyword("Charges", 3),),
    feats=(Feat("Medicine", 5),),
    extra=(("errata", "Heals only characters in his own army."), ("sets", "4E, DB")),
)


def judge_with(cards: CardLookup | None = None) -> Judge:
    index = KeywordIndex()
    return Judge(index, SettingsStore.in_memory(), cards or CardLookup(SampleCards(), index))


def imported_judge(*cards: Card) -> Judge:
    index = KeywordIndex()
    source = FixedCards((*sample_catalog().cards, *cards))
    return Judge(index, SettingsStore.in_memory(), CardLookup(source, index))


def field(reply: Reply, name: str) -> str:
    (card,) = reply.cards
    return next(f.value for f in card.fields if f.name == name)


# /card -----------------------------------------------------------------------------------------


def test_card_shows_stats_keywords_and_the_rules_they_rely_on_as_buttons() -> None:
    reply = judge_with().card("Astral Wayfarer")
    (card,) = reply.cards
    assert card.title == "Astral Wayfarer"
    assert "Wizard" in card.description and "Elven Branches" in card.description
    assert "ATK +3 Arcane" in card.description and "Skill +5" in card.description
    assert field(reply, "Keywords") == "Planar"
    assert field(reply, "Rules it relies on") == "Planar: rule 602.5"
    assert field(reply, "In the engine").startswith("full: the engine runs all of its text")
    assert [(b.label, b.action) for b in reply.buttons] == [
        ("602.5 Planar", Action("rule", "602.5"))
    ]


def test_feats_are_shown_as_feats_and_point_to_603() -> None:
    reply = imported_judge(HEALER).card("brother mend")
    names = [f.name for f in reply.cards[0].fields]
    assert field(reply, "Feats") == "Medicine +5"
    assert field(reply, "Keywords") == "Charges 3"  # the plural finds rule 602.9 Charge
    assert "Errata and rulings" in names
    assert field(reply, "Errata and rulings") == "Heals only characters in his own army."
    assert field(reply, "Rules it relies on") == "Charges: rule 602.9\nMedicine: rule 603.6"
    assert [b.action.arg for b in reply.buttons] == ["602.9", "603.6"]
    assert "sets: 4E, DB" in reply.cards[0].footer
    assert "community card file" in reply.cards[0].footer
    assert IMPORT_HINT not in reply.content


def test_without_an_import_the_sample_cards_answer_and_the_reply_says_how_to_import() -> None:
    reply = judge_with().card("Stonewarden")
    assert reply.cards[0].title == "Stonewarden"
    assert IMPORT_HINT in reply.content and "warlord-judge cards import" in reply.content
    assert "sample cards" in reply.cards[0].footer


def test_a_typo_is_forgiven_and_said() -> None:
    reply = judge_with().card("legion shieldbarer")
    assert reply.cards[0].title == "Legion Shieldbearer"
    assert "Showing Legion Shieldbearer (closest to “legion shieldbarer”)." in reply.content


def test_no_close_name_says_so_privately() -> None:
    reply = judge_with().card("xyzzy")
    assert not reply.cards and reply.ephemeral
    assert reply.content.startswith("No card is named like “xyzzy”.")


def test_a_near_name_is_offered_as_card_buttons_that_open_the_card() -> None:
    judge = judge_with()
    reply = judge.card("stonwrdn")
    assert not reply.cards and not reply.ephemeral
    assert "Did you mean Stonewarden" in reply.content
    button = next(b for b in reply.buttons if b.label == "Stonewarden")
    assert button.action == Action("card", "Stonewarden")
    opened = judge.press(button.action.to_custom_id())
    assert opened.cards[0].title == "Stonewarden"


def test_card_buttons_survive_a_restart_through_their_custom_id() -> None:
    action = Action("card", "Legion Shieldbearer")
    assert Action.from_custom_id(action.to_custom_id()) == action
    assert action.to_custom_id().startswith("wj:c:")


@pytest.mark.parametrize(("name", "error"), [("", "Type a card name"), ("x" * 300, "under 200")])
def test_bad_names_get_one_sentence(name: str, error: str) -> None:
    reply = judge_with().card(name)
    assert reply.ephemeral and error in reply.content


def test_no_card_sentence_lists_at_most_three_names() -> None:
    assert no_card_sentence("x", []) == "No card is named like “x”."
    assert no_card_sentence("x", ["A"]) == "No card is named like “x”. Did you mean A?"
    assert no_card_sentence("x", ["A", "B", "C", "D"]).endswith("Did you mean A, B or C?")


def test_exact_names_first_then_by_likeness() -> None:
    found = match_cards(sample_catalog(), "legion shieldbearer")
    assert found[0].exact and found[0].card.name == "Legion Shieldbearer"
    assert all(not m.exact for m in found[1:])
    assert [m.score for m in found[1:]] == sorted((m.score for m in found[1:]), reverse=True)
    assert not [m for m in match_cards(sample_catalog(), "xyzzy") if m.score >= CLOSE]


def test_autocomplete_offers_names_starting_with_the_words_first() -> None:
    choices = judge_with().complete_card("legion")
    assert choices[0] == ("Legion Shieldbearer", "Legion Shieldbearer")
    assert all(name.lower().startswith("legion") for name, _ in choices[:2])
    assert len(judge_with().complete_card("")) == 25
    assert ("Stonewarden", "Stonewarden") in judge_with().complete_card("stonewardn")


def test_a_damaged_card_database_is_reported_by_card_and_never_breaks_rules_references() -> None:
    class Broken:
        def catalog(self) -> CardCatalog:
            raise RuntimeError("damaged")

        def has_import(self) -> bool:
            return True

    judge = judge_with(CardLookup(Broken(), KeywordIndex()))
    assert judge.card("Stonewarden").ephemeral
    reply = judge.inline("see [[104.2]] and [[planar]]")
    assert reply is not None
    assert [c.title for c in reply.cards] == ["Rule 104.2 — Wounds", "Glossary: Planar"]


# [[card name]] ---------------------------------------------------------------------------------


def titles(reply: Reply | None) -> list[str]:
    assert reply is not None
    return [c.title for c in reply.cards]


def test_inline_card_names_are_answered_beside_rule_numbers_and_terms() -> None:
    reply = judge_with().inline("does [[Astral Wayfarer]] dodge [[509.5]]? see [[planar]]")
    assert titles(reply) == [
        "Astral Wayfarer",
        "Rule 509.5 — Steps of a Strike",
        "Glossary: Planar",
    ]
    assert reply is not None and IMPORT_HINT in reply.content
    assert Action("rule", "602.5") in [b.action for b in reply.buttons]


def test_an_exact_rules_term_wins_and_a_card_of_that_name_gets_a_button() -> None:
    reply = imported_judge(PLANAR_CARD).inline("[[planar]]")
    assert titles(reply) == ["Glossary: Planar"]
    assert reply is not None
    assert [(b.label, b.action) for b in reply.buttons if b.action.kind == "card"] == [
        ("Card: Planar", Action("card", "Planar"))
    ]


def test_card_prefix_asks_for_the_card_whatever_rule_shares_the_name() -> None:
    assert titles(imported_judge(PLANAR_CARD).inline("[[card: planar]]")) == ["Planar"]
    reply = judge_with().inline("[[card: planar]]")
    assert reply is not None and not reply.cards
    assert "No card is named like “planar”." in reply.content


def test_a_rule_number_is_always_a_rule() -> None:
    numbered = Card(id="n", name="104.2", type=CardType.ACTION)
    assert titles(imported_judge(numbered).inline("[[104.2]]")) == ["Rule 104.2 — Wounds"]


def test_a_typo_of_a_term_stays_the_term_and_a_typo_of_a_card_name_finds_the_card() -> None:
    assert titles(imported_judge(PLANAR_CARD).inline("[[plannar]]")) == ["Glossary: Planar"]
    reply = judge_with().inline("[[stonewardn]]")
    assert titles(reply) == ["Stonewarden"]
    assert reply is not None and "showing Stonewarden (closest to “stonewardn”)." in reply.content


def test_an_exact_card_name_beats_a_rule_found_by_its_words() -> None:
    card = Card(id="h", name="Healing Removes", type=CardType.ACTION, text="Nothing heals.")
    # The fake search answers "healing removes" with rule 104.3 alone (a confident word match).
    assert titles(judge_with().inline("[[healing removes]]")) == ["Rule 104.3"]
    assert titles(imported_judge(card).inline("[[healing removes]]")) == ["Healing Removes"]


def test_an_unclear_reference_offers_close_card_names_too() -> None:
    reply = judge_with().inline("[[stonwrdn]]")
    assert reply is not None and not reply.cards
    assert "did you mean the card Stonewarden?" in reply.content
    assert [b.action for b in reply.buttons] == [Action("card", "Stonewarden")]
    assert reply.buttons[0].label == "stonwrdn? → Stonewarden"


# the console -----------------------------------------------------------------------------------


def test_the_console_shows_card_answers_and_presses_their_rule_buttons() -> None:
    c = console.Console(judge_with())
    text = c.block("/card Astral Wayfarer")
    assert "== Astral Wayfarer ==" in text
    assert "Rules it relies on:\nPlanar: rule 602.5" in text
    assert "Buttons: [1: 602.5 Planar]" in text
    assert "== Rule 602.5 — Planar ==" in c.block("/press 1")
    inline = c.block("is [[stonewardn]] good?")
    assert "== Stonewarden ==" in inline and "closest to “stonewardn”" in inline
    assert render_reply(judge_with().card("Stonewarden")) in c.block("/card Stonewarden")


def test_the_console_help_names_card() -> None:
    assert "/card" in console.HELP
    assert "[[card name]]" in console.HELP


def test_a_word_of_one_card_name_finds_it_and_a_word_of_several_asks_which() -> None:
    kabyrr = Card(id="k", name="Kabyrr the Insane", type=CardType.CHARACTER, level=3)
    fang = Card(id="f", name="Dragon Fang", type=CardType.ITEM)
    plate = Card(id="p", name="Dragon Plate", type=CardType.ITEM)
    judge = imported_judge(kabyrr, fang, plate)
    assert judge.card("kabyrr").cards[0].title == "Kabyrr the Insane"
    assert titles(judge.inline("[[Kabyrr]] attacks")) == ["Kabyrr the Insane"]
    asked = judge.card("dragon")
    assert not asked.cards
    assert "Did you mean Dragon Fang or Dragon Plate?" in asked.content
    assert {b.action.arg for b in asked.buttons} == {"Dragon Fang", "Dragon Plate"}


def test_a_word_of_several_names_is_not_answered_with_a_typo_of_another() -> None:
    cards = [
        Card(id=name.lower().replace(" ", "-"), name=name, type=CardType.CHARACTER)
        for name in ("Adinia Genecourt", "Adinia Ghenis", "Adina")
    ]
    asked = imported_judge(*cards).card("adinia")
    assert not asked.cards
    assert {b.action.arg for b in asked.buttons} == {"Adinia Genecourt", "Adinia Ghenis", "Adina"}


def test_a_running_bot_sees_a_new_import_without_a_restart(tmp_path: Path) -> None:
    from bot.card_store import CardStore

    path = tmp_path / "bot.db"
    lookup = CardLookup(lambda: CardStore(path), KeywordIndex())
    assert not lookup.imported()
    assert lookup.matches("Stonewarden")[0].exact  # the sample cards, nothing imported
    entry = {"name": "Fresh Card", "type": "Action", "class": "Fighter", "level": "1"}
    CardStore(path).import_data([entry], source="new.json")  # another process imports
    assert lookup.imported()
    assert lookup.matches("fresh card")[0].card.name == "Fresh Card"
    CardStore(path).clear()
    assert not lookup.imported() and lookup.matches("Stonewarden")[0].exact
