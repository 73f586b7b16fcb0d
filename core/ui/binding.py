"""What binds a workspace token to one browser: the secret inside Streamlit's XSRF cookie.

Streamlit (Tornado) sets `_streamlit_xsrf` once per browser session and re-masks it on every
page load; the secret under the mask stays the same, and another browser does not have it.
"""

from __future__ import annotations

from typing import Any

BINDING_COOKIE = "_streamlit_xsrf"


def browser_binding(context: Any) -> str:
    """A value only this browser sends: the secret inside its Streamlit XSRF cookie ("" where
    there is none). The cookie is re-masked on every page load; the secret under it stays."""
    try:
        cookie = context.cookies.get(BINDING_COOKIE, "")
    except Exception:  # no browser context (bare script runs)
        return ""
    return unmasked_xsrf_secret(cookie) if isinstance(cookie, str) else ""


def unmasked_xsrf_secret(cookie: str) -> str:
    """Tornado's version-2 XSRF cookie is "2|mask|masked-secret|time" (hex); anything else is
    taken as it is."""
    parts = cookie.split("|")
    if len(parts) != 4 or parts[0] != "2":
        return cookie
    try:
        mask, masked = bytes.fromhex(parts[1]), bytes.fromhex(parts[2])
    except ValueError:
        return cookie
    if not mask:
        return cookie
    return bytes(b ^ mask[n % len(mask)] for n, b in enumerate(masked)).hex()
