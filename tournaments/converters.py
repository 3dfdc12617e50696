"""URL converters."""


class NumberConverter:
    """A whole number of at most 9 digits: a larger one cannot exist here, so 404 (not 500)."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
