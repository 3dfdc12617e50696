"""The keys of a paper sheet: one letter or digit per choice, as the desk types them
(forms/paper.py) and as the printed sheet of a table on paper explains them
(exports/pdf.py). They are the same whatever the page's language: they are the French
names a paper sheet uses.
"""

from __future__ import annotations

import scoring
from tournaments.models import TeamSide

#: The taker's column: a team, or a passed deal (passe: no score, RULES.md §C).
TAKER_KEYS = (TeamSide.A.value, TeamSide.B.value)
PASSED_KEY = "P"
#: The trump's column: the French initials (pique, cœur, carreau, trèfle, sans/tout atout).
TRUMP_KEYS = {
    "P": scoring.Trump.SPADES,
    "C": scoring.Trump.HEARTS,
    "K": scoring.Trump.DIAMONDS,
    "T": scoring.Trump.CLUBS,
    "S": scoring.Trump.NO_TRUMP,
    "X": scoring.Trump.ALL_TRUMP,
}
#: What each trump key stands for on the paper sheet: the French word whose initial it
#: is. A page in English prints it beside the key, so that its help says why « C » is ♥.
TRUMP_KEY_WORDS = {
    "P": "pique",
    "C": "cœur",
    "K": "carreau",
    "T": "trèfle",
    "S": "sans atout",
    "X": "tout atout",
}
COINCHE_KEYS = {
    "0": scoring.CoincheLevel.NONE,
    "1": scoring.CoincheLevel.COINCHE,
    "2": scoring.CoincheLevel.SURCOINCHE,
}
#: A capot bid, typed in the contract's column.
CAPOT_KEY = "C"
#: In the taker's card points: a capot by the taker (all 8 tricks), or by the defence.
TAKER_CAPOT_KEY = "C"
DEFENCE_CAPOT_KEY = "D"
