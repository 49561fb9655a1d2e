"""
AsyncMailroom: the same surface as Mailroom for asyncio code. Each call runs the blocking client
in a worker thread (asyncio.to_thread), so the event loop never blocks and there is one
implementation of the retry, wait and claim rules; iterators (``iterate``, ``claim``,
``stream``) are async iterators.
"""
from __future__ import annotations

import asyncio
import functools
from typing import Any, AsyncIterator, Callable, Dict, Iterator, Optional, TypeVar

from .client import ClaimedItem, Mailroom
from .stream import EventStream

T = TypeVar("T")

_DONE = object()

#: Methods that return iterators: they become async iterators.
ITERATOR_METHODS = frozenset(["iterate", "iterate_all", "iterate_logs", "claim"])


def _next(it: Iterator[Any]) -> Any:
    try:
        return next(it)
    except StopIteration:
        return _DONE


async def _aiter(make: Callable[[], Iterator[T]]) -> AsyncIterator[T]:
    """A blocking iterator as an async generator; leaving it early closes the blocking one (a claim releases)."""
    it = await asyncio.to_thread(make)
    try:
        while True:
            item = await asyncio.to_thread(_next, it)
            if item is _DONE:
                return
            yield item
    finally:
        close = getattr(it, "close", None)
        if close is not None:
            await asyncio.to_thread(close)


async def _astream(stream: EventStream) -> AsyncIterator[Dict[str, Any]]:
    try:
        while True:
            try:
                item = await asyncio.to_thread(_next, stream)
            except asyncio.CancelledError:
                # The worker thread is blocked reading the socket: closing it lets the thread end.
                stream.close()
                raise
            if item is _DONE:
                return
            yield item
    finally:
        stream.close()


class _AsyncNamespace:
    """The async twin of a namespace of Mailroom: every method awaitable, iterators async."""

    def __init__(self, sync: Any) -> None:
        self._sync = sync

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._sync, name)
        if name.startswith("_") or not callable(method):
            return method
        if name in ITERATOR_METHODS:
            @functools.wraps(method)
            def iterator(*args: Any, **kwargs: Any) -> AsyncIterator[Any]:
                return _aiter(lambda: method(*args, **kwargs))
            return iterator

        @functools.wraps(method)
        async def call(*args: Any, **kwargs: Any) -> Any:
            return await asyncio.to_thread(method, *args, **kwargs)
        return call

    def __dir__(self) -> Any:
        return [n for n in dir(self._sync) if not n.startswith("_")]


class AsyncMailroom:
    """
    ``AsyncMailroom(api_url=..., api_key=...)``: the arguments and methods of Mailroom, awaited.
    ``await client.inboxes.create(username="agent")``, ``async for m in client.messages.iterate(id)``,
    ``async for c in client.messages.claim(id)``, ``async for e in client.stream()``.
    """

    def __init__(self, api_url: Optional[str] = None, api_key: Optional[str] = None, **options: Any) -> None:
        #: The blocking client underneath (same options, same key).
        self.sync = Mailroom(api_url, api_key, **options)
        self.api_url = self.sync.api_url
        self.api_key = self.sync.api_key
        self.inboxes = _AsyncNamespace(self.sync.inboxes)
        self.messages = _AsyncNamespace(self.sync.messages)
        self.bins = _AsyncNamespace(self.sync.bins)
        self.threads = _AsyncNamespace(self.sync.threads)
        self.drafts = _AsyncNamespace(self.sync.drafts)
        self.webhooks = _AsyncNamespace(self.sync.webhooks)
        self.lists = _AsyncNamespace(self.sync.lists)
        self.domains = _AsyncNamespace(self.sync.domains)
        self.account = _AsyncNamespace(self.sync.account)

    async def close(self) -> None:
        """Closes the connections kept open (``async with AsyncMailroom() as mailroom:`` does it on exit)."""
        self.sync.close()

    async def __aenter__(self) -> "AsyncMailroom":
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.sync.close()

    async def request(self, method: str, path: str, **kwargs: Any) -> Any:
        return await asyncio.to_thread(self.sync.request, method, path, **kwargs)

    async def send(self, inbox_id: str, body: Any = None, **fields: Any) -> Any:
        return await asyncio.to_thread(self.sync.send, inbox_id, body, **fields)

    async def reply(self, message_id: str, body: Any = None, **fields: Any) -> Any:
        return await asyncio.to_thread(self.sync.reply, message_id, body, **fields)

    async def capabilities(self) -> Any:
        return await asyncio.to_thread(self.sync.capabilities)

    async def wait_for_message(self, inbox_id: str, query: Any = None, **options: Any) -> Any:
        return await asyncio.to_thread(self.sync.wait_for_message, inbox_id, query, **options)

    def stream(self, **options: Any) -> AsyncIterator[Dict[str, Any]]:
        """``async for event in client.stream(event_types=["message.received"])``; same options as Mailroom.stream."""
        return _astream(self.sync.stream(**options))


__all__ = ["AsyncMailroom", "ClaimedItem"]
