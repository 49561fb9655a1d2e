"""
The realtime event stream (mirrors sdk/src/stream.ts) as an iterator over a WebSocket: the same
events as webhooks, for agents with no public endpoint. It asks GET /v1/stream for the URL (which
also checks the key: a bad key raises MailroomError instead of reconnecting for ever), subscribes,
and after any disconnect reconnects with backoff and resumes with ``last_event_id``: the server
sends what was missed first, in order, so the iterator yields every event once.
"""
from __future__ import annotations

import json
import random
import socket
import threading
import time
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence

from ._websocket import WebSocket, WebSocketError
from .errors import MailroomError

#: API Gateway closes connections idle for 10 minutes: ping every 5.
DEFAULT_PING_INTERVAL = 300.0


class StreamSubscribeError(Exception):
    """The server refused the subscription (a bad filter, or an inbox the key may not see)."""

    def __init__(self, code: str, message: str, field: Optional[str] = None) -> None:
        super().__init__(message)
        self.code = code
        self.field = field


class ReconnectInfo:
    def __init__(self, attempt: int, delay: float, last_event_id: Optional[str]) -> None:
        self.attempt = attempt
        self.delay = delay
        self.last_event_id = last_event_id

    def __repr__(self) -> str:
        return "ReconnectInfo(attempt=%d, delay=%.2f, last_event_id=%r)" % (self.attempt, self.delay, self.last_event_id)


class EventStream(Iterator[Dict[str, Any]]):
    """
    ``for event in client.stream(event_types=["message.received"]): ...`` — each event is the
    webhook payload (event, event_id, timestamp, account_id, inbox_id, message, ...). End it with
    ``break`` (the connection closes when the iterator is collected), ``close()`` (from any
    thread), or ``with client.stream() as events:``.
    """

    def __init__(
        self,
        stream_url: Callable[[], str],
        api_key: Optional[str],
        *,
        event_types: Optional[Sequence[str]] = None,
        inbox_ids: Optional[Sequence[str]] = None,
        last_event_id: Optional[str] = None,
        backoff: Sequence[float] = (0.5, 30.0),
        ping_interval: float = DEFAULT_PING_INTERVAL,
        on_reconnect: Optional[Callable[[ReconnectInfo], None]] = None,
        connect_timeout: float = 30.0,
    ) -> None:
        if not api_key:
            raise MailroomError(status=401, code="UNAUTHORIZED", message="The stream needs an API key (api_key or MAILROOM_API_KEY).")
        self._stream_url = stream_url
        self._api_key = api_key
        self.event_types: Optional[List[str]] = list(event_types) if event_types is not None else None
        self.inbox_ids: Optional[List[str]] = list(inbox_ids) if inbox_ids is not None else None
        #: The last event yielded: where a reconnect resumes.
        self.last_event_id = last_event_id
        self._initial, self._max = float(backoff[0]), float(backoff[1])
        self._ping_interval = ping_interval
        self._on_reconnect = on_reconnect
        self._connect_timeout = connect_timeout
        self._attempt = 0
        self._stopped = threading.Event()
        self._ws: Optional[WebSocket] = None
        #: Connections opened so far.
        self.connections = 0

    def __iter__(self) -> "EventStream":
        return self

    def __next__(self) -> Dict[str, Any]:
        while not self._stopped.is_set():
            if self._ws is None:
                self._connect()
                continue
            event = self._read(self._ws)
            if event is not None:
                self.last_event_id = event["event_id"]
                return event
            # The connection ended: back off, then resume after the last event yielded.
            self._ws = None
            if self._stopped.is_set():
                break
            self._attempt += 1
            delay = min(self._max, self._initial * 2 ** (self._attempt - 1)) * (0.5 + random.random() / 2)
            if self._on_reconnect is not None:
                self._on_reconnect(ReconnectInfo(self._attempt, delay, self.last_event_id))
            self._stopped.wait(delay)
        raise StopIteration

    def _connect(self) -> None:
        # A bad key or a gone server raises MailroomError here, which ends the iteration.
        url = self._stream_url()
        try:
            ws = WebSocket.connect(url, {"Authorization": "Bearer %s" % self._api_key}, timeout=self._connect_timeout)
        except (OSError, WebSocketError):
            # Refused or unreachable: the next turn backs off and asks for the URL (and key check) again.
            self._ws = _CLOSED
            return
        if self._stopped.is_set():
            ws.close()
            return
        self._ws = ws
        self.connections += 1
        subscribe: Dict[str, Any] = {"type": "subscribe"}
        if self.event_types is not None:
            subscribe["event_types"] = self.event_types
        if self.inbox_ids is not None:
            subscribe["inbox_ids"] = self.inbox_ids
        if self.last_event_id:
            subscribe["last_event_id"] = self.last_event_id
        try:
            ws.send_text(json.dumps(subscribe))
        except OSError:
            ws.abort()

    def _read(self, ws: "WebSocket") -> Optional[Dict[str, Any]]:
        """The next event on this connection; None when it ended."""
        last_ping = time.monotonic()
        while True:
            wait = max(0.1, self._ping_interval - (time.monotonic() - last_ping))
            try:
                data = ws.recv(timeout=wait)
            except socket.timeout:
                try:
                    ws.send_text('{"type":"ping"}')
                except OSError:
                    ws.abort()
                last_ping = time.monotonic()
                continue
            except (OSError, WebSocketError):
                ws.abort()
                return None
            if data is None:
                return None
            try:
                frame = json.loads(data)
            except ValueError:
                continue
            if not isinstance(frame, dict):
                continue
            if isinstance(frame.get("event"), str) and isinstance(frame.get("event_id"), str):
                return frame
            if frame.get("type") == "subscribed":
                self._attempt = 0
            elif frame.get("type") == "error" and frame.get("error") != "UNKNOWN_MESSAGE":
                ws.close()
                self.close()
                raise StreamSubscribeError(str(frame.get("error")), str(frame.get("message")), frame.get("field"))

    def close(self) -> None:
        """Stops the stream: the iteration ends. Safe to call from another thread."""
        self._stopped.set()
        ws = self._ws
        if ws is not None:
            ws.abort()

    def __enter__(self) -> "EventStream":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        ws = getattr(self, "_ws", None)
        if ws is not None:
            ws.abort()


class _Closed(WebSocket):
    """Stands for a connection that could not be opened: it reads as closed at once."""

    def __init__(self) -> None:
        self.closed = True

    def recv(self, timeout: Optional[float] = None) -> None:
        return None

    def abort(self) -> None:
        pass

    def close(self, code: int = 1000) -> None:
        pass


_CLOSED = _Closed()
