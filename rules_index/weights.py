"""The constants that combine the ranking layers (`search.Ranker`), in one frozen value that
`benchmarks/fit_weights.py` varies in-process."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RankingWeights:
    """The constants that combine the ranking layers; `benchmarks/fit_weights.py` fits them."""

    bm25: tuple[float, ...] = (3.0, 2.0, 1.0, 1.0, 0.4)  # names, title, context, text, examples
    fts_share: float = 0.8  # BM25, as a share of the query's best
    cover_share: float = 0.9  # the share of the question's words (rare ones weighing more)
    synonym_cover: float = 0.6  # a question word covered by a synonym only
    phrase_pair: float = 0.25  # two of the question's words found verbatim
    phrase_triple: float = 0.35  # three of them
    number_phrase: float = 0.5  # the share of a phrase bonus a phrase with a number in it gets
    parts_bonus: float = 0.6  # "army vs formation": a rule that speaks of both
    section_factor: float = 0.75  # a section the question does not name
    topic_words: float = 3.0  # a name inside a question longer than this counts less
    multi_topic_scale: float = 0.75  # two named ideas: the question is about them together
    topic_pair: float = 0.4  # an entry joining two named ideas of the question
    trait_damp: float = 0.6  # an appendix item the question does not name
    mapped_topic: float = 0.8  # a term defined in a rule, in the player's words ("upside down")
    intent_boost: float = 1.2  # synonyms.INTENTS (half when a keyword is named)
    list_boost: float = 0.8  # an appendix list, when the question asks for a list
    name_score: float = 4.0  # the query is a name
    term_score: float = 3.6  # the query is a term synonyms.DEFINED_AT places
    head_scale: float = 0.5  # a term after other words ("legal starting army")
    number_boost: float = 6.0  # a rule number inside a longer question
    expansion: float = 2.0  # the query resembles the questions an entry answers
    named_expansion: float = 0.3  # of `expansion`, when the query is a name
    specific: float = 0.7  # a sub-rule this close to its parent, and asked more, leads it
    ask_weight: float = 3.0  # a long query's words in its ask clause, matching questions
    semantic: float = 3.0  # word-vector similarity, re-ordering the answers after the first
    situations: float = 2.0  # a long story resembles the situations an entry settles
    story_words: int = 20  # a query of this many words or more is a story
    situation_lead: float = 4.0  # the entry whose situations match best gains its lead x this
    newcomer: float = 1.5  # the query resembles the questions newcomers ask about an entry
    newcomer_cover: float = 0.8  # ... weighed by how far below this the rules cover the query
    classifier: float = 0.05  # ln p(entry | query) of the learned classifier, re-ordering answers
    plain_classifier: float = 2.0  # ... x (1 + this x how little the rules' words cover the query)

    def bm25_sql(self) -> str:
        return ", ".join(f"{w:g}" for w in self.bm25)


DEFAULT_WEIGHTS = RankingWeights()
