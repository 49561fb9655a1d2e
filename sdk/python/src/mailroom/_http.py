"""
HTTP for the client: one request over the standard library (urllib), and the bounded retry of
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
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Callable, Dict, Optional

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

    transport: Transport = urllib_transport
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
