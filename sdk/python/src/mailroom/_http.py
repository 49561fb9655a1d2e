"""
HTTP for the client: one request over the standard library (kept-alive http.client connections,
urllib through a proxy), and the bounded retry of
the TypeScript SDK (sdk/src/retry.ts). 429 is retried after its retry_after; 5xx and lost
connections with exponential backoff and jitter, but only when repeating cannot do a thing
twice: reads, PUT/PATCH/DELETE, and a POST whose body carries a client_id (the API deduplicates).
"""
from __future__ import annotations

import email.utils
import http.client
import json
import random
import socket
import ssl
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Tuple

from .errors import MailroomError


@dataclass
class Response:
    status: int
    reason: str
    #: Header names in lower case.
    headers: Dict[str, str]
    body: bytes


#: Sends one request: (method, url, headers, body, timeout in seconds) -> Response. Raise OSError
#: (or http.client.HTTPException) when no response arrived. Pass your own to Mailroom(transport=…)
#: for proxies or instrumentation.
Transport = Callable[[str, str, Dict[str, str], Optional[bytes], float], Response]


def urllib_transport(method: str, url: str, headers: Dict[str, str], body: Optional[bytes], timeout: float) -> Response:
    """The default transport: urllib (honours HTTP(S)_PROXY), any status returned, not raised."""
    request = urllib.request.Request(url, data=body, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as res:
            return Response(res.status, res.reason, {k.lower(): v for k, v in res.headers.items()}, res.read())
    except urllib.error.HTTPError as err:
        with err:
            return Response(err.code, str(err.reason), {k.lower(): v for k, v in err.headers.items()}, err.read())
    except urllib.error.URLError as err:
        reason = err.reason
        raise reason if isinstance(reason, OSError) else OSError(str(reason)) from err


#: Idle connections kept per origin: enough for a few threads (AsyncMailroom runs calls in worker threads).
MAX_IDLE_PER_ORIGIN = 4
#: A reused connection the server had already closed (an idle timeout) fails like this, before any response.
_STALE_CONNECTION = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError, ConnectionAbortedError)


class KeepAliveTransport:
    """
    The default transport: keeps connections open between requests (http.client), so a client
    that makes many calls pays the TCP and TLS set-up once per origin, not per request. A request
    the server's idle timeout cut on a reused connection, before any response, is sent again once
    on a new connection. When a proxy applies (HTTP(S)_PROXY), requests go through urllib.
    ``close()`` (or ``Mailroom.close()``) closes the idle connections.
    """

    def __init__(self) -> None:
        self._idle: Dict[Tuple[str, str, int], List[http.client.HTTPConnection]] = {}
        self._lock = threading.Lock()
        # Read once, as urllib's default opener does: the environment's proxies and, per origin, whether one applies.
        self._proxies = urllib.request.getproxies()
        self._direct: Dict[Tuple[str, str], bool] = {}

    def __call__(self, method: str, url: str, headers: Dict[str, str], body: Optional[bytes], timeout: float) -> Response:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname or not self._is_direct(parts.scheme, parts.hostname):
            return urllib_transport(method, url, headers, body, timeout)
        key = (parts.scheme, parts.hostname, parts.port or (443 if parts.scheme == "https" else 80))
        target = (parts.path or "/") + ("?" + parts.query if parts.query else "")
        for attempt in (1, 2):
            conn, reused = self._take(key, timeout)
            try:
                conn.request(method, target, body=body, headers=headers)
                res = conn.getresponse()
                data = res.read()
            except _STALE_CONNECTION:
                conn.close()
                if reused and attempt == 1:
                    continue
                raise
            except BaseException:
                conn.close()
                raise
            out = Response(res.status, res.reason, {k.lower(): v for k, v in res.getheaders()}, data)
            if res.will_close:
                conn.close()
            else:
                self._give(key, conn)
            return out
        raise AssertionError("unreachable")

    def _is_direct(self, scheme: str, host: str) -> bool:
        direct = self._direct.get((scheme, host))
        if direct is None:
            direct = scheme not in self._proxies or bool(urllib.request.proxy_bypass(host))
            self._direct[(scheme, host)] = direct
        return direct

    def _take(self, key: Tuple[str, str, int], timeout: float) -> Tuple[http.client.HTTPConnection, bool]:
        with self._lock:
            idle = self._idle.get(key)
            conn = idle.pop() if idle else None
        if conn is not None:
            conn.timeout = timeout
            if conn.sock is not None:
                conn.sock.settimeout(timeout)
            return conn, True
        scheme, host, port = key
        if scheme == "https":
            return http.client.HTTPSConnection(host, port, timeout=timeout, context=ssl.create_default_context()), False
        return http.client.HTTPConnection(host, port, timeout=timeout), False

    def _give(self, key: Tuple[str, str, int], conn: http.client.HTTPConnection) -> None:
        with self._lock:
            idle = self._idle.setdefault(key, [])
            if len(idle) < MAX_IDLE_PER_ORIGIN:
                idle.append(conn)
                return
        conn.close()

    def __del__(self) -> None:
        # A client dropped without close(): its idle sockets close with it, not at some later GC.
        try:
            self.close()
        except Exception:
            pass

    def close(self) -> None:
        with self._lock:
            conns = [c for idle in self._idle.values() for c in idle]
            self._idle.clear()
        for c in conns:
            c.close()


@dataclass
class RetryOptions:
    #: Retries after the first attempt (0 disables retrying).
    retries: int = 3
    #: First backoff in seconds for 5xx and lost connections, doubled per attempt.
    base_delay: float = 0.5
    #: Cap of one backoff in seconds.
    max_delay: float = 8.0
    #: A 429/503 whose retry_after is longer than this is not waited for but raised.
    max_retry_after: float = 60.0


@dataclass
class RetryEvent:
    attempt: int
    method: str
    url: str
    #: The status that caused the retry; 0 for a lost connection.
    status: int
    #: Seconds slept before the next attempt.
    delay: float


IDEMPOTENT_METHODS = frozenset(["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "DELETE"])
NETWORK_ERRORS = (OSError, http.client.HTTPException, socket.timeout)


def retry_after_seconds(res: Response) -> Optional[float]:
    """Seconds from a 429/503: the envelope's retry_after, else the Retry-After header (seconds or a date)."""
    try:
        body = json.loads(res.body.decode("utf-8"))
        value = body.get("retry_after") if isinstance(body, dict) else None
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
            return float(value)
    except ValueError:
        pass
    header = res.headers.get("retry-after")
    if header is None:
        return None
    try:
        n = float(header)
        return n if n >= 0 else None
    except ValueError:
        pass
    try:
        at = email.utils.parsedate_to_datetime(header)
    except (TypeError, ValueError):
        return None
    return max(0.0, at.timestamp() - time.time()) if at is not None else None


def carries_client_id(body: Optional[bytes]) -> bool:
    if not body:
        return False
    try:
        parsed = json.loads(body.decode("utf-8"))
    except ValueError:
        return False
    cid = parsed.get("client_id") if isinstance(parsed, dict) else None
    return isinstance(cid, str) and len(cid) > 0


def backoff(o: RetryOptions, attempt: int) -> float:
    """Half the exponential window plus a random part of the other half: spreads clients that failed together."""
    window = min(o.max_delay, o.base_delay * 2 ** (attempt - 1))
    return window / 2 + random.random() * (window / 2)


@dataclass
class Sender:
    """A transport with the retry policy around it (``retry=None``: no retrying)."""

    transport: Transport = field(default_factory=KeepAliveTransport)
    retry: Optional[RetryOptions] = field(default_factory=RetryOptions)
    on_retry: Optional[Callable[[RetryEvent], None]] = None
    sleep: Callable[[float], None] = time.sleep

    def send(self, method: str, url: str, headers: Dict[str, str], body: Optional[bytes], timeout: float) -> Response:
        o = self.retry or RetryOptions(retries=0)
        repeatable = method in IDEMPOTENT_METHODS or carries_client_id(body)
        attempt = 1
        while True:
            last = attempt > o.retries
            try:
                res = self.transport(method, url, headers, body, timeout)
            except NETWORK_ERRORS as err:
                if last or not repeatable:
                    raise MailroomError.network(err) from err
                self._pause(RetryEvent(attempt, method, url, 0, backoff(o, attempt)))
                attempt += 1
                continue
            if last:
                return res
            delay: Optional[float] = None
            if res.status == 429 or (res.status >= 500 and repeatable):
                after = retry_after_seconds(res) if res.status in (429, 503) else None
                if after is not None and after > o.max_retry_after:
                    return res
                delay = after if after is not None else backoff(o, attempt)
            if delay is None:
                return res
            self._pause(RetryEvent(attempt, method, url, res.status, delay))
            attempt += 1

    def _pause(self, event: RetryEvent) -> None:
        if self.on_retry is not None:
            self.on_retry(event)
        self.sleep(event.delay)
