"""SQLite, with the write lock handed from one writer to the next (``base.py``)."""
