"""Site-wide middleware."""

import http
import time
from collections.abc import Callable

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.messages.storage import default_storage
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.http.response import HttpResponseBase
from django.middleware.locale import LocaleMiddleware
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.functional import SimpleLazyObject, empty

from belote_club.rate_limits import record_request
from belote_club.views import too_many_requests

#: The public writes of online registration (tournaments/urls.py), counted per address.
REGISTRATION_WRITES = frozenset(
    {
        "tournaments:registration-create",
        "tournaments:registration-manage",
        "tournaments:registration-cancel",
    }
)


#: The response attributes through which django-csp's decorators (``csp``, ``csp_update``,
#: ``csp_replace``, each with REPORT_ONLY or not) change one view's policy.
PER_VIEW_POLICY_ATTRIBUTES = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)

#: Each policy django-csp writes: (its setting, its header, the response attribute that
#: exempts a view from it, whether it is the report-only one).
POLICIES = (
    ("CONTENT_SECURITY_POLICY", HEADER, "_csp_exempt", False),
    ("CONTENT_SECURITY_POLICY_REPORT_ONLY", HEADER_REPORT_ONLY, "_csp_exempt_ro", True),
)


class CachedPolicyCSPMiddleware(CSPMiddleware):
    """django-csp's middleware, building each policy header once instead of at each request.

    A request whose page used no nonce (``request.csp_nonce`` never read) and whose view set
    no per-view policy (PER_VIEW_POLICY_ATTRIBUTES) gets the headers django-csp would build
    from the settings alone: the same strings at every such request, so they are built once
    per settings value and reused. The value is held with the header and compared by
    identity, so a test's ``override_settings`` gets its own header. Any other request goes
    through django-csp's own ``process_response`` unchanged. The rules kept here as django-csp
    4.0 has them: no header on a 404 or 500 with DEBUG on, nor when the response already has
    one, nor on an exempt view or an EXCLUDE_URL_PREFIXES path; and ``request.csp_nonce``
    raises once the header is written.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        super().__init__(get_response)
        #: setting name -> (the setting's value, its header, its EXCLUDE_URL_PREFIXES).
        self._built: dict[str, tuple[object, str, tuple[str, ...]]] = {}

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        """Set the policy headers on `response` as django-csp does; return `response`."""
        needs_building = getattr(request, "_csp_nonce", None) is not None or any(
            getattr(response, name, None) is not None for name in PER_VIEW_POLICY_ATTRIBUTES
        )
        if needs_building:
            return super().process_response(request, response)
        debug_codes = (http.HTTPStatus.INTERNAL_SERVER_ERROR, http.HTTPStatus.NOT_FOUND)
        if response.status_code in debug_codes and settings.DEBUG:
            return response
        for setting_name, header, exempt_attribute, report_only in POLICIES:
            policy, prefixes = self._built_policy(setting_name, report_only=report_only)
            if (
                policy
                and header not in response
                and getattr(response, exempt_attribute, False) is False
                and not request.path_info.startswith(prefixes)
            ):
                response[header] = policy
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response

    def _built_policy(self, setting_name: str, *, report_only: bool) -> tuple[str, tuple[str, ...]]:
        """Return the header django-csp builds from setting `setting_name` with no nonce and
        no per-view change ("" for none), and the setting's EXCLUDE_URL_PREFIXES."""
        config = getattr(settings, setting_name, None)
        built = self._built.get(setting_name)
        if built is None or built[0] is not config:
            policy = build_policy(report_only=report_only)
            prefixes = tuple((config or {}).get("EXCLUDE_URL_PREFIXES", None) or ())
            built = (config, policy, prefixes)
            self._built[setting_name] = built
        return built[1], built[2]


class LazyMessageMiddleware(MessageMiddleware):
    """Django's MessageMiddleware, building a request's message storage only when it is used.

    ``request._messages`` is the storage of MESSAGE_STORAGE (a cookie first, then the
    session), built when first touched: by ``messages.add_message`` and its shortcuts, or
    by a page that reads ``messages`` (base.html does). A request that does neither (most
    table writes, /healthz, a redirect) never builds it, nor its cookie signer; its
    ``update`` would have done nothing, as nothing was added and nothing read. A storage
    that was built is saved into the response as Django does.
    """

    def process_request(self, request: HttpRequest) -> None:
        """Give `request` a message storage that is built at its first use."""
        request._messages = SimpleLazyObject(lambda: default_storage(request))  # type: ignore[attr-defined]

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        """Save the messages of a storage that was built into `response`; return it."""
        storage = getattr(request, "_messages", None)
        if type(storage) is SimpleLazyObject and storage._wrapped is empty:  # type: ignore[attr-defined]
            return response
        return super().process_response(request, response)


class UnprefixedLocaleMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware, without reading a language from the path when the URLs
    have no language prefix (STYLE.md §4: they have none, so a printed code works in either
    language).

    Django's middleware reads the language of the path twice per request, and uses it only
    with ``i18n_patterns``. Without them this does what it does with the rest: activate the
    language of the language cookie, else of Accept-Language, else LANGUAGE_CODE; add
    ``Vary: Accept-Language`` and, unless set, ``Content-Language``. With ``i18n_patterns``
    (a request's own urlconf may have them) Django's middleware does all.
    """

    def process_request(self, request: HttpRequest) -> None:
        """Activate the visitor's language and put it in ``request.LANGUAGE_CODE``."""
        urlconf = getattr(request, "urlconf", settings.ROOT_URLCONF)
        if is_language_prefix_patterns_used(urlconf)[0]:
            super().process_request(request)
            return
        translation.activate(translation.get_language_from_request(request, check_path=False))
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        """Say in `response` that it varies with the language, and which it is in."""
        urlconf = getattr(request, "urlconf", settings.ROOT_URLCONF)
        if is_language_prefix_patterns_used(urlconf)[0]:
            return super().process_response(request, response)
        patch_vary_headers(response, ("Accept-Language",))
        response.headers.setdefault("Content-Language", translation.get_language())
        return response


class NotAllowedPageMiddleware:
    """Give a page to a 405 that has none.

    A view that only takes POST (``require_POST``, Django's ``LogoutView``) answers a GET
    with an empty 405: a blank screen for someone who typed or bookmarked the address. This
    puts ``405.html`` in that response, in the active language; the status and the
    ``Allow`` header stay as they are. A 405 that already has a body is left alone.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if isinstance(response, HttpResponseNotAllowed) and not response.content:
            response.content = render_to_string("405.html", request=request)
            response["Content-Type"] = "text/html; charset=utf-8"
        return response


class RateLimitMiddleware:
    """Refuse requests over the per-table-link or per-address limit with a 429 page.

    A table link's requests (``table/<token>/…``) count against that token's limit,
    BELOTE_TABLE_LINK_RATE_LIMIT. Every request from a visitor who is not signed in (public
    pages, the projector, table links, the login page) counts against its address's limit,
    BELOTE_ADDRESS_RATE_LIMIT; signed-in organisers are not counted, so the desk's polling
    never meets it. A POST to online registration (register a pair, change or cancel it)
    also counts against its address's BELOTE_REGISTRATION_RATE_LIMIT, signed in or not.
    All are per BELOTE_RATE_LIMIT_WINDOW_SECONDS; the address is the one the
    connection comes from (REMOTE_ADDR), as for django-axes. The page is ``429.html``, in the
    visitor's language, with a Retry-After header.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., HttpResponse],
        view_args: tuple[object, ...],
        view_kwargs: dict[str, object],
    ) -> HttpResponse | None:
        """Count this request; return the 429 page if it is over a limit, else None."""
        counted: list[tuple[str, str, int]] = []
        resolver_match = request.resolver_match
        if resolver_match is not None and resolver_match.route.startswith("table/"):
            token = str(view_kwargs.get("token", ""))
            counted.append(("table-link", token, settings.BELOTE_TABLE_LINK_RATE_LIMIT))
        address = request.META.get("REMOTE_ADDR", "")
        if not request.user.is_authenticated:
            counted.append(("address", address, settings.BELOTE_ADDRESS_RATE_LIMIT))
        is_registration = (
            resolver_match is not None and resolver_match.view_name in REGISTRATION_WRITES
        )
        if is_registration and request.method == "POST":
            counted.append(("registration", address, settings.BELOTE_REGISTRATION_RATE_LIMIT))
        window_seconds = settings.BELOTE_RATE_LIMIT_WINDOW_SECONDS
        now = time.time()
        decisions = [
            record_request(
                scope=scope,
                identifier=identifier,
                limit=limit,
                window_seconds=window_seconds,
                now=now,
            )
            for scope, identifier, limit in counted
        ]
        refused = [decision for decision in decisions if not decision.is_allowed]
        if refused:
            retry_after_seconds = max(decision.retry_after_seconds for decision in refused)
            return too_many_requests(request, retry_after_seconds=retry_after_seconds)
        return None
