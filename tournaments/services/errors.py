"""The one exception of the services."""


class ServiceError(Exception):
    """An expected refusal: ``code`` names it, ``params`` fill its message (forms/messages.py)."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params
