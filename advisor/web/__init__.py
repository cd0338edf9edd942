"""The local web page (``vint serve``): analyse a deal, play it out card by card with each
card's double-dummy value, get advice, practise bidding, review a played file.

``create_app()`` builds the Flask application (``advisor.web.app``); long work runs as
jobs (``advisor.web.jobs``) so the server never blocks on one request. ``serve()``
runs it on 127.0.0.1.
"""

from __future__ import annotations

__all__ = ["create_app", "serve"]


def create_app(**options):
    from .app import create_app as _create_app     # Flask loads when the page is made
    return _create_app(**options)


def serve(host: str = "127.0.0.1", port: int = 8765, *, workers: int = 2,
          allow_hosts=(), **options) -> None:
    """Run the page until Ctrl-C (threaded: every request gets its own thread).

    Requests must name this server in their Host header: 127.0.0.1, localhost,
    [::1], the address it listens on, and ``allow_hosts``, with ``port``
    (``advisor.web.guard``). ``options``: ``create_app``'s limits.
    """
    import logging

    logging.getLogger("werkzeug").setLevel(logging.WARNING)   # no line per request
    names = list(allow_hosts)
    if host not in ("0.0.0.0", "::", ""):
        names.append(host)
    app = create_app(workers=workers, port=port, allow_hosts=names, **options)
    try:
        app.run(host=host, port=port, threaded=True, use_reloader=False)
    finally:
        app.extensions["vint_jobs"].shutdown()
