"""French game terms: a hand-made table, and the pairs the French rulebook prints itself.

The French 4th-edition rulebook gives most game terms with the English one in parentheses
("Incliné (Spent)", "Seigneur de Guerre (Warlord)"); `printed_pairs` reads them from the
packaged document so new French questions find the English rules words. The hand table comes
first: it also covers words the rulebook never pairs ("prouesse", "tuer").
"""

from __future__ import annotations

import functools
import re

from rules_index.text import fold

# "Incliné (Spent)": an English term in parentheses starting in capitals, the French before it.
ENGLISH_RE = re.compile(r"\(([A-Z][A-Za-z' -]{1,40})\)")
BEFORE = 80  # characters before the parenthesis that may hold the French term
# Small words inside French terms ("Seigneur de Guerre", "Résistance à la Magie").
CONNECTORS = frozenset({"de", "du", "des", "d", "a", "à", "la", "le", "les", "l", "en", "contre"})
LEADING = frozenset(
    {"le", "la", "les", "l", "un", "une", "des", "de", "du", "d", "et", "a", "à", "en", "votre"}
)
MAX_TERM_WORDS = 4

FRENCH: dict[str, str] = {
    "seigneur de guerre": "warlord",
    "seigneurs de guerre": "warlord",
    "incline": "spent",
    "inclinee": "spent",
    "incliner": "spend",
    "epuise": "stunned",
    "epuisee": "stunned",
    "epuiser": "stun",
    "pret": "ready",
    "prete": "ready",
    "redresser": "ready",
    "redressement": "ready phase",
    "personnalite": "character",
    "personnalites": "characters",
    "personnage": "character",
    "prouesse": "feat",
    "prouesses": "feats",
    "competence": "feat",
    "competences": "feats",
    "objet": "item",
    "objets": "items",
    "rang": "rank",
    "rangs": "ranks",
    "rang illegal": "illegal rank",
    "rang frontal": "front rank",
    "blessure": "wound",
    "blessures": "wounds",
    "points de vie": "hit points",
    "ordre": "order",
    "ordres": "orders",
    "phase d'ordre": "order phase",
    "reaction": "react",
    "reactions": "reacts",
    "attaque": "attack",
    "frappe": "strike",
    "attaque a distance": "ranged strike",
    "attaques a distance": "ranged strike",
    "corps a corps": "melee strike",
    "manoeuvre": "maneuver",
    "jet de de": "die roll",
    "jets de des": "die roll",
    "echec critique": "critical failure",
    "reussite critique": "critical success",
    "pioche": "draw",
    "piocher": "draw",
    "defausse": "discard pile",
    "defausser": "discard",
    "armee": "army",
    "armee initiale": "starting army",
    "loyaute": "loyalty penalty",
    "classe d'armure": "armor class",
    "maitrise": "skill",
    "jet de maitrise": "skill check",
    "sauvegarde": "save",
    "jet de sauvegarde": "save",
    "tomber": "fall forward",
    "bannir": "banish",
    "banni": "banished",
    "cible": "target",
    "cibler": "target",
    "equiper": "equip",
    "sort": "spell",
    "sorts": "spells",
    "guerrier": "fighter",
    "clerc": "cleric",
    "mage": "wizard",
    "rodeur": "rogue",
    "tour": "turn",
    "fin de tour": "end of turn",
    "victoire": "victory",
    "regle d'or": "golden rule",
    "jeton": "token",
    "marqueur": "counter",
    "charisme": "charisma",
    "defense": "defend",
    "resistance a la magie": "magic resistance",
    "oeil de faucon": "marksmanship",
    "medecine": "medicine",
    "attaque en puissance": "powerattack",
    "equitation": "riding",
    "infiltration": "stealth",
    "furtivite": "stealth",
    "adjacent": "adjacent",
    "formation adverse": "another formation",
    "donjon": "dungeon",
    "champ de bataille": "battlefield",
    "unique": "unique",
    "planaire": "planar",
    "mort": "death dies",
    "reaction de mort": "death react",
    "egalite": "tie identical tied",
    "cartes": "cards",
    "carte": "card",
    "jeu": "deck",
    "en jeu": "in play",
    "quitte le jeu": "leaves play",
    "quittent le jeu": "leaves play",
    "quitter le jeu": "leaves play",
    "quitte": "leaves",
    "quitter": "leave",
    "niveau": "level",
    "classe": "class",
    "alignement": "alignment",
    "nains": "dwarf",
    "nain": "dwarf",
    "elfes": "elf",
    "royaumes libres": "free kingdoms",
    "mercenaire": "mercenary",
    "mercenaires": "mercenary",
    "monture": "steed",
    "penalite de loyaute": "loyalty penalty",
    "sauvegarde contre la magie": "magic save",
    "seigneur": "warlord",
    "gagner": "victory wins",
    "tuer": "killed",
    "tue": "killed",
    "mourir": "dies",
    "meurt": "dies",
    "deplacer": "move",
    "equipement": "item",
    "manoeuvrer": "maneuver",
    "tombe": "fall forward",
    "tombent": "fall forward",
    "tombee": "fall forward",
    "manoeuvres": "maneuver",
    "attaquer": "attack",
    "defendre": "defend",
    "soigner": "heal wound",
    "guerir": "heal wound",
    "melanger": "shuffle",
    "chercher": "search",
    "detruire": "destroy",
    "reagir": "react",
    "joueur": "player",
    "adversaire": "opponent",
    "adverse": "opposing",
    "main": "hand",
    "carte d'action": "action card",
    "cartes d'action": "action cards",
    "donjons": "dungeon",
    "zone de bannissement": "banish zone",
    "defausser une carte": "discard",
    "niveau d'objet": "item level",
    "jet": "roll",
    "jets": "roll",
    "avantage": "advantage",
    "desavantage": "disadvantage",
    "cout": "cost",
    "effet": "effect",
    "effets": "effects",
    "capacite": "ability",
    "capacites": "abilities",
    "type de degats": "damage type",
    "degats": "damage",
    "feu": "fire",
    "glace": "frost",
    "foudre": "lightning",
    "sacre": "holy",
    "impie": "unholy",
    "exemplaire": "copy",
    "exemplaires": "copies",
    "vide": "empty",
    "jeu vide": "run out of cards",
    "jeu est vide": "run out of cards",
    "arme": "weapon",
    "armes": "weapons",
    "qui commence": "initiative",
    "deux": "two",
    "trois": "three",
    "perdu": "loses",
    "perdre": "lose",
    "perd": "loses",
    "plusieurs": "more than one",
    "meme": "same",
    "1er": "1st",
    "premier": "1st",
    "2e": "2nd",
    "deuxieme": "2nd",
    "3e": "3rd",
    "troisieme": "3rd",
    "rangs adverses": "another player's formation",
    "rang adverse": "another player's formation",
}


# Plain French words for the game's states and actions that the rulebook does not use, which
# players type anyway: "étourdi" (stunned; the rulebook says "épuisé"), and the words French
# players of other card games use ("engagé" for spent, "dégager" for ready).
PLAIN: dict[str, str] = {
    "etourdi": "stunned",
    "etourdie": "stunned",
    "etourdis": "stunned",
    "etourdies": "stunned",
    "etourdir": "stun",
    "etourdit": "stun",
    "assomme": "stunned",
    "assommee": "stunned",
    "assommer": "stun",
    "engage": "spent",
    "engagee": "spent",
    "engages": "spent",
    "engager": "spend",
    "degage": "ready",
    "degagee": "ready",
    "degager": "ready",
    "redresse": "ready",
    "redressee": "ready",
    "blesse": "wounded",
    "blessee": "wounded",
    "blesser": "wound",
    "soin": "heal",
    "soins": "heal",
    "sacrifier": "kill",
    "annuler": "cancel",
    "annule": "canceled",
    "annulee": "canceled",
    "rediriger": "redirect",
    "redirige": "redirected",
    "relancer": "reroll",
    "relance": "reroll",
    "lancer un sort": "cast spell",
    "lancer un de": "roll",
    "lancer les des": "roll",
    "invoquer": "summon",
    "invoque": "summoned",
    "invoquee": "summoned",
    "reveler": "reveal",
    "revele": "revealed",
    "fouiller": "search",
    "avancer": "move forward",
    "bouger": "move",
    "exiler": "banish",
    "exile": "banished",
    "cimetiere": "discard pile",
    "bibliotheque": "deck",
    "passer": "pass",
    "premier joueur": "initiative",
}


def _french_term(before: str) -> str:
    """The French term ending `before`: its capitalised words with their small words
    ("Seigneur de Guerre"), or up to four lower-case words ending in a capitalised one
    ("Attaque en puissance", "Œil de faucon")."""
    tokens = re.sub(r"[^\w'’ -]", " | ", before).replace("’", "'").split()
    taken: list[str] = []
    lower_run = bool(tokens) and tokens[-1][:1].islower()
    for token in reversed(tokens):
        bare = token.split("'")[-1]
        if token == "|" or not bare or len(taken) >= MAX_TERM_WORDS:
            break
        if bare[:1].isupper():
            taken.append(bare)
            if lower_run or bare != token:
                break  # "l'Armée Initiale": the article starts the term
        elif bare.lower() in CONNECTORS or lower_run:
            taken.append(bare)
        else:
            break
    if lower_run and not (taken and taken[-1][:1].isupper()):
        return ""  # "passez une monture": a sentence, not a term
    while taken and taken[-1].lower() in LEADING:
        taken.pop()
    while taken and taken[0].lower() in LEADING:
        taken.pop(0)
    return " ".join(reversed(taken))


def printed_pairs(text: str) -> dict[str, str]:
    """French term (folded) -> English term (lower case), as printed "Français (English)"."""
    pairs: dict[str, str] = {}
    flat = " ".join(text.split())
    for match in ENGLISH_RE.finditer(flat):
        before = flat[max(0, match.start() - BEFORE) : match.start()].split(")")[-1]
        english = match.group(1).split(" - ")[0].strip()
        if len(english) < 3 or english.isupper() or " et " in english:
            continue  # "(MRP)", "(ATK et AC)"
        english = english.lower()
        french = fold(_french_term(before))
        if len(french) < 3 or french in english or not re.fullmatch(r"[a-z' ]+", french):
            continue  # "Initiative (Initiative Phase)" would rewrite English questions
        pairs.setdefault(french, english)
    return pairs


@functools.cache
def packaged_pairs() -> dict[str, str]:
    """The pairs printed in the packaged French rulebook(s); empty when there is none."""
    from rules_index.catalog import packaged_documents  # the catalog reads files: only here

    pairs: dict[str, str] = {}
    for doc in packaged_documents():
        if doc.language == "fr":
            try:
                pairs.update(printed_pairs(doc.read_text()))
            except OSError:
                continue
    return pairs


def french_table() -> dict[str, str]:
    """The hand table, the plain words, then the pairs the French rulebook prints that
    neither has."""
    table = dict(FRENCH)
    for french, english in PLAIN.items():
        table.setdefault(french, english)
    for french, english in packaged_pairs().items():
        table.setdefault(french, english)
    return table
