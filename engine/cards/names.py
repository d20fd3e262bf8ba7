"""Card name keys: comparison that ignores case, accents, apostrophe styles and spacing."""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'", "\u00b4": "'"})
_SPACES = re.compile(r"\s+")
_NON_SLUG = re.compile(r"[^a-z0-9]+")


def name_key(name: str) -> str:
    """The form under which two names are the same card name ("Élan  Ward" == "elan ward")."""
    decomposed = unicodedata.normalize("NFKD", name.translate(_APOSTROPHES))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SPACES.sub(" ", stripped).strip().casefold()


def slugify(name: str) -> str:
    """A stable ASCII id fragment: "Sir Aldric's Oath" -> "sir-aldrics-oath"."""
    key = name_key(name).replace("'", "")
    return _NON_SLUG.sub("-", key).strip("-") or "card"
