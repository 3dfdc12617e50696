"""Stored data in words, for the forms, tables, exports and views (STYLE.md §1).

Presentation only: nothing here writes, scores or queries on its own.

- :mod:`.breakdown`: a scored deal in one sentence, from the breakdown the engine stored;
- :mod:`.audit`: a match's audit trail in words;
- :mod:`.cards`: trumps and declarations as buttons and select choices;
- :mod:`.columns`: the columns of the standings, matches and deals, for every page,
  export and command that shows them;
- :mod:`.seats`: a mêlée table's four players at their seats (Nord, Est, Sud, Ouest),
  and the columns of a mêlée's matches and deals.
"""
