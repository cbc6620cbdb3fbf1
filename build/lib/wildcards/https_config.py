"""The settings of a site behind an HTTPS proxy (docs/hosting.md, "Environment variables").

A server is reached over HTTPS unless it says otherwise (WILDCARDS_HTTPS=0: a test run, a demo
on a LAN); DEBUG (make run) means plain http.
"""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured

from wildcards.env import env_bool, env_int, env_list, env_str


def https_settings(debug: bool, base_url: str) -> dict[str, object]:
    https = env_bool("WILDCARDS_HTTPS", default=not debug)
    # The header by which the proxy says the request came over HTTPS (X-Forwarded-Proto).
    # Trusted only when named: without a proxy that sets it, any client could claim HTTPS.
    proxy_ssl_header = env_str("SECURE_PROXY_SSL_HEADER")
    # How many proxies in front of the site append to X-Forwarded-For: the client's address is
    # the one the outermost of them appended. 0: the header is ignored (clients would choose
    # their own address, and with it escape the rate limits).
    trusted_proxies = env_int("WILDCARDS_TRUSTED_PROXIES", default=0)
    if trusted_proxies < 0:
        raise ImproperlyConfigured("WILDCARDS_TRUSTED_PROXIES must be 0 or more.")
    return {
        "WILDCARDS_HTTPS": https,
        "SECURE_SSL_REDIRECT": env_bool("SECURE_SSL_REDIRECT", default=https),
        # The health check answers the proxy's or the monitor's plain-http probe as it is.
        "SECURE_REDIRECT_EXEMPT": [r"^healthz$"],
        "SESSION_COOKIE_SECURE": env_bool("SESSION_COOKIE_SECURE", default=https),
        "CSRF_COOKIE_SECURE": env_bool("CSRF_COOKIE_SECURE", default=https),
        "SECURE_HSTS_SECONDS": env_int("SECURE_HSTS_SECONDS",
                                       default=365 * 24 * 3600 if https else 0),
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS",
                                                   default=https),
        "SECURE_HSTS_PRELOAD": env_bool("SECURE_HSTS_PRELOAD", default=https),
        "SECURE_PROXY_SSL_HEADER": (
            ("HTTP_" + proxy_ssl_header.upper().replace("-", "_"), "https")
            if proxy_ssl_header else None),
        # Origins allowed to POST forms besides the site's own (which the request's Host
        # names). The site's public address is always one.
        "CSRF_TRUSTED_ORIGINS": sorted({
            *env_list("CSRF_TRUSTED_ORIGINS"),
            *([base_url] if base_url.startswith("https://") else []),
        }),
        "WILDCARDS_TRUSTED_PROXIES": trusted_proxies,
    }
