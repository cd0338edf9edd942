"""What the web server lets in: the Host it answers to, where a change may come from, JSON bodies.

The server listens on this machine only, but any page the user's browser
opens can send it requests. Two attacks need no bug in the page at all:

- **DNS rebinding**: a site's name is made to resolve to 127.0.0.1, and its
  page then calls the server as if it were its own origin, reading the
  answers. The request still carries the site's name in its ``Host`` header,
  so every request whose Host is not one of this server's names (127.0.0.1,
  localhost, [::1], what ``--allow-host`` adds), on its port, is refused (403).
- **Cross-site requests**: any page can POST a form or a ``fetch`` to
  127.0.0.1 (it cannot read the answer, but the work is done). Browsers mark
  such a request with an ``Origin`` header (and a ``Referer``), so every
  request that changes something (any method but GET, HEAD and OPTIONS) must
  carry an Origin, or failing that a Referer, naming this server (403
  otherwise). A script calling the API sends ``Origin: http://127.0.0.1:PORT``.

``read_json()`` reads a request's body as a JSON object and nothing else:
any other body (empty, not UTF-8, not JSON, nested too deeply, a number of
thousands of digits, a list) is a ``WebError``, answered 400.
"""

from __future__ import annotations

import json
from typing import Any, Dict, FrozenSet, Iterable, Optional, Tuple
from urllib.parse import urlsplit

__all__ = ["WebError", "Forbidden", "Hosts", "read_json", "json_body", "client_id",
           "MAX_JSON_DEPTH", "MAX_JSON_BYTES", "MAX_UPLOAD_BYTES", "MAX_DEALS", "CLIENT_HEADER"]

#: The deepest nesting of lists and objects a JSON body may have (the page
#: sends flat objects; Python's parser recurses, and fails with a
#: RecursionError on thousands of levels).
MAX_JSON_DEPTH = 20

#: The largest file the review page accepts.
MAX_UPLOAD_BYTES = 2 * 1024 * 1024
#: The most deals one upload may hold (the command line has no such limit).
MAX_DEALS = 2000
#: The largest JSON body a request may send (a deal and a few options).
MAX_JSON_BYTES = 64 * 1024

#: A page names itself with a random id in this header (``app.js``), so that
#: the per-client job limit tells its tabs apart.
CLIENT_HEADER = "X-Vint-Client"

#: The names this server always answers to: this machine's loopback addresses.
LOCAL_NAMES = ("127.0.0.1", "localhost", "::1")


class WebError(ValueError):
    """A request the API cannot read: a missing or malformed field (HTTP 400)."""


class Forbidden(WebError):
    """A request from somewhere the server does not serve (HTTP 403)."""


def _split_host(value: str) -> Tuple[str, Optional[int]]:
    """``"localhost:8765"`` -> ``("localhost", 8765)``; ``"[::1]:80"`` -> ``("::1", 80)``.
    Raises ``Forbidden`` for a value that is not a host name with an optional port."""
    value = value.strip().lower()
    if value.startswith("["):                       # an IPv6 address: [::1]:8765
        host, sep, rest = value[1:].partition("]")
        if not sep or (rest and not rest.startswith(":")):
            raise Forbidden(f"cannot read the Host header {value[:80]!r}")
        port = rest[1:]
    else:
        host, _, port = value.partition(":")
    if not host or (port and (not port.isdigit() or len(port) > 5)):
        raise Forbidden(f"cannot read the Host header {value[:80]!r}")
    return host, int(port) if port else None


class Hosts:
    """The names and port this server answers to.

    ``port=None`` accepts any port (an application built without a server,
    e.g. in a test client); otherwise a Host or Origin must carry the bound
    port (a browser always writes a port other than 80).
    """

    def __init__(self, port: Optional[int] = None, extra: Iterable[str] = ()):
        self.port = port
        self.names: FrozenSet[str] = frozenset(
            list(LOCAL_NAMES) + [_split_host(name)[0] for name in extra])

    def _ours(self, host: str, port: Optional[int]) -> bool:
        if host not in self.names:
            return False
        return self.port is None or port == self.port or (port is None and self.port == 80)

    def check_host(self, header: Optional[str]) -> None:
        """Refuse a request whose Host header is not one of ours."""
        if not header:
            raise Forbidden("the request has no Host header")
        host, port = _split_host(header)
        if not self._ours(host, port):
            raise Forbidden(f"this server answers to {self.describe()}, not to "
                            f"{header[:80]!r} (start it with --allow-host NAME to add a name)")

    def check_origin(self, origin: Optional[str], referer: Optional[str]) -> None:
        """Refuse a request that changes something unless it comes from our page."""
        for header, value in (("Origin", origin), ("Referer", referer)):
            if not value:
                continue
            parts = urlsplit(value)
            try:
                port = parts.port
            except ValueError:
                port = -1
            if parts.scheme in ("http", "https") and parts.hostname is not None \
                    and self._ours(parts.hostname.lower(), port):
                return
            raise Forbidden(f"a request from {value[:80]!r} ({header}) cannot change "
                            "anything on this server: only its own page can")
        raise Forbidden("a request that changes something must say where it comes from "
                        "(an Origin header naming this server, as a browser sends)")

    def describe(self) -> str:
        port = "" if self.port is None else f":{self.port}"
        return ", ".join(f"[{n}]{port}" if ":" in n else f"{n}{port}" for n in sorted(self.names))


def json_body(request) -> Dict[str, Any]:
    """A Flask request's body as one JSON object (``WebError`` for anything else)."""
    body = b"" if (request.content_length or 0) > MAX_JSON_BYTES else request.get_data(cache=False)
    if (request.content_length or 0) > MAX_JSON_BYTES or len(body) > MAX_JSON_BYTES:
        raise WebError(f"the request is larger than {MAX_JSON_BYTES // 1024} KB")
    return read_json(body)


def client_id(request) -> str:
    """Who is asking, for the per-client job limit: the page's id, else its address."""
    page = request.headers.get(CLIENT_HEADER, "")
    if page and len(page) <= 64 and page.replace("-", "").isalnum():
        return "page:" + page
    return "addr:" + (request.remote_addr or "")


def read_json(body: bytes) -> Dict[str, Any]:
    """A request body that must be one JSON object; ``WebError`` for anything else."""
    if not body.strip():
        raise WebError("the request has no body: send a JSON object")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise WebError("the request body is not UTF-8 text") from None
    depth = _depth(text)
    if depth > MAX_JSON_DEPTH:
        raise WebError(f"the request's JSON is nested {depth} levels deep "
                       f"(at most {MAX_JSON_DEPTH})")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:     # int too long, bad syntax
        raise WebError(f"the request body must be a JSON object; it is not valid JSON "
                       f"({str(exc)[:80]})") from None
    if not isinstance(data, dict):
        raise WebError(f"the request must be a JSON object, not {type(data).__name__}")
    return data


def _depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` in JSON text, outside strings; it
    stops counting once past ``MAX_JSON_DEPTH``."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_JSON_DEPTH:
                    break
        elif ch in "]}":
            depth -= 1
    return deepest
