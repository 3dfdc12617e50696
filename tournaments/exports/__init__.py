"""Exports (STYLE.md §5): selector data turned into file bytes (XLSX, CSV, PDF)."""
