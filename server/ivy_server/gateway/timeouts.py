"""The gateway's header read timeout (slowloris): uvicorn's HTTP protocol, closing a connection
whose request headers have not all arrived ``header_timeout_s`` after it opened (or after the
previous response on it ended).

uvicorn (0.55, the version installed) has no such setting: ``--timeout-keep-alive`` only covers
an idle connection until its first byte (any byte cancels it), so a client sending one header
line every few seconds kept a connection (and its memory) for ever; 1,000 of them stayed open
for 60 s in issue 33's test. Hypercorn's ``read_timeout`` would do it, but the gateway runs on
uvicorn; so this subclasses the protocol uvicorn would pick itself (``auto``: httptools when
installed, else h11) and uses only its documented hooks (``connection_made``,
``data_received``, ``on_response_complete``, ``connection_lost``) and its per-request
``cycle``. The body's own timeout is an ASGI concern (``app.BodyLimit``: 408).
"""

from __future__ import annotations


def header_timeout_protocol(header_timeout_s: float):
    """uvicorn's ``http=`` protocol class with a header read timeout of ``header_timeout_s``."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    limit = float(header_timeout_s)

    class HeaderTimeoutProtocol(AutoHTTPProtocol):
        _header_timer = None

        def _arm(self) -> None:
            self._disarm()
            if limit > 0:
                self._header_timer = self.loop.call_later(limit, self._header_timed_out)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _serving(self) -> bool:
            """A request's headers have arrived and its response has not ended."""
            cycle = self.cycle
            return cycle is not None and not cycle.response_complete

        def _header_timed_out(self) -> None:
            self._header_timer = None
            if self._serving():  # its headers came in time (the body has its own timeout)
                return
            if not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._header_timer is not None and self._serving():
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request's headers (keep-alive)

        def connection_lost(self, exc) -> None:
            self._disarm()
            super().connection_lost(exc)

    HeaderTimeoutProtocol.header_timeout_s = limit
    return HeaderTimeoutProtocol
