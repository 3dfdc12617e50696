"""Views, split by feature (STYLE.md §4): plain functions, scoped lookups, one service call."""
