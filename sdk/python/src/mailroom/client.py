"""
The client (mirrors sdk/src/client.ts). Namespaces (``inboxes``, ``messages``, ...) are thin
methods over the API's routes that return the envelope's ``result`` and raise MailroomError for
anything else. Bodies and queries are dicts or keyword arguments (a trailing underscore is
dropped, so ``from_="github.com"`` sends ``from``); results are dicts typed by ``mailroom.models``.
"""
from __future__ import annotations

import email.utils
import json
import os
import re
import time
import urllib.parse
from datetime import datetime, timezone
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from . import _models as m
from ._http import KeepAliveTransport, RetryEvent, RetryOptions, Sender, Transport
from .errors import MailroomError, WaitTimeoutError
from .idempotency import with_client_id
from .paginate import paginate
from .stream import DEFAULT_PING_INTERVAL, EventStream, ReconnectInfo

#: Where the local stack listens (``npm start``): the default when neither argument nor env names one.
DEFAULT_API_URL = "http://localhost:3000"
#: The wait call's own limit (API Gateway ends integrations at 30 s).
MAX_WAIT_CALL_SECONDS = 25
DEFAULT_WAIT_SECONDS = 120
#: The server's default look-back for a wait without ``since``: a mail that just landed still counts.
WAIT_LOOKBACK_SECONDS = 10

Params = Optional[Mapping[str, Any]]


def _merge(given: Params, fields: Mapping[str, Any]) -> Dict[str, Any]:
    """A dict argument and keyword arguments as one; ``from_`` -> ``from`` (Python keywords)."""
    out: Dict[str, Any] = dict(given or {})
    for key, value in fields.items():
        out[key[:-1] if key.endswith("_") else key] = value
    return out


class ClaimedItem(dict):  # type: ignore[type-arg]
    """
    A claimed message (``message``, ``claim_id``, ``delivery_count``, ...) that claim() hands you:
    acked when your loop body finishes, released when you leave the loop early. ``ack()`` and
    ``release()`` decide yourself; either settles it once.
    """

    def __init__(self, claim: Mapping[str, Any], ack: Callable[[], Any], release: Callable[[], Any]) -> None:
        super().__init__(claim)
        self._ack, self._release = ack, release
        self.settled = False

    def ack(self) -> None:
        if not self.settled:
            self.settled = True
            self._ack()

    def release(self) -> None:
        if not self.settled:
            self.settled = True
            self._release()


class _Namespace:
    def __init__(self, client: "Mailroom") -> None:
        self._c = client


class Inboxes(_Namespace):
    def create(self, body: Params = None, **fields: Any) -> m.InboxCreated:
        """Creates an inbox; without a key this also creates a free account (both keys are in the result, once). A client_id is added when you give none."""
        return self._c._call("createInbox", body=with_client_id(_merge(body, fields)))

    def list(self, query: Params = None, **params: Any) -> m.InboxList:
        return self._c._call("listInboxes", query=_merge(query, params))

    def iterate(self, query: Params = None, *, page_size: Optional[int] = None, max: Optional[int] = None, **params: Any) -> Iterator[m.InboxSummary]:
        """Every inbox of the account, page by page."""
        q = _merge(query, params)
        return paginate(lambda p: self._c._call("listInboxes", query={**q, **p}), "inboxes", page_size, max)

    def get(self, id: str) -> m.Inbox:
        return self._c._call("getInbox", (id,))

    def update(self, id: str, body: Params = None, **fields: Any) -> m.InboxUpdated:
        return self._c._call("updateInbox", (id,), body=_merge(body, fields))

    def delete(self, id: str) -> m.InboxDeleted:
        return self._c._call("deleteInbox", (id,))

    def rotate_key(self, id: str) -> m.InboxKeyRotated:
        """A new inbox key, returned once; the old one is refused from the next request on."""
        return self._c._call("rotateInboxKey", (id,))

    def reissue_view_url(self, id: str) -> m.InboxViewUrl:
        """A new view_url; every earlier one stops opening the inbox page."""
        return self._c._call("reissueViewUrl", (id,))


class Messages(_Namespace):
    def list(self, inbox_id: str, query: Params = None, **params: Any) -> m.MessageList:
        return self._c._call("listMessages", (inbox_id,), query=_merge(query, params))

    def iterate(self, inbox_id: str, query: Params = None, *, page_size: Optional[int] = None, max: Optional[int] = None, **params: Any) -> Iterator[m.Message]:
        """Every message of the inbox, page by page (newest first unless ``sort="asc"``)."""
        q = _merge(query, params)
        return paginate(lambda p: self._c._call("listMessages", (inbox_id,), query={**q, **p}), "messages", page_size, max)

    def get(self, inbox_id: str, message_id: str) -> m.Message:
        return self._c._call("getMessage", (inbox_id, message_id))

    def update(self, inbox_id: str, message_id: str, body: Params = None, **fields: Any) -> m.Message:
        return self._c._call("updateMessage", (inbox_id, message_id), body=_merge(body, fields))

    def attachment(self, inbox_id: str, message_id: str, attachment_id: str) -> m.AttachmentDownload:
        return self._c._call("getAttachment", (inbox_id, message_id, attachment_id))

    def rejections(self, inbox_id: str, query: Params = None, **params: Any) -> m.RejectionList:
        return self._c._call("listRejections", (inbox_id,), query=_merge(query, params))

    def simulate(self, inbox_id: str, body: Params = None, **fields: Any) -> m.SimulateInboundResult:
        """
        Test mode (a sandbox stack, the local stack): delivers a mail without sending one, a raw
        message or a scenario (``scenario="verification_code", code="123456"``), through the same
        path as real mail. A production stack answers 404.
        """
        return self._c._call("simulateInboundMail", (inbox_id,), body=_merge(body, fields))

    def wait(self, inbox_id: str, query: Params = None, **params: Any) -> m.WaitResult:
        """One wait call (at most 25 s): the first matching message, or ``timed_out: True``."""
        return self._c._wait_once(inbox_id, _merge(query, params))[0]

    def claim_once(self, inbox_id: str, body: Params = None, **fields: Any) -> m.ClaimResult:
        """One claim call: up to ``limit`` messages, each yours under a lease until you ack or release it."""
        return self._c._call("claimMessages", (inbox_id,), body=_merge(body, fields))

    def ack(self, inbox_id: str, message_id: str, claim_id: str) -> m.AckResult:
        """Done with a claimed message (MailroomError 409 CLAIM_NOT_HELD when its lease moved on)."""
        return self._c._call("ackMessage", (inbox_id, message_id), body={"claim_id": claim_id})

    def release(self, inbox_id: str, message_id: str, claim_id: str, delay: int = 0) -> m.ReleaseResult:
        """Back to the queue, now or after ``delay`` seconds."""
        return self._c._call("releaseMessage", (inbox_id, message_id), body={"claim_id": claim_id, "delay": delay})

    def dead_letters(self, inbox_id: str, query: Params = None, **params: Any) -> m.DeadLetterList:
        return self._c._call("listDeadLetters", (inbox_id,), query=_merge(query, params))

    def requeue(self, inbox_id: str, message_id: str) -> m.RequeueResult:
        return self._c._call("requeueMessage", (inbox_id, message_id))

    def claim(self, inbox_id: str, body: Params = None, *, batch: int = 1, **fields: Any) -> Iterator[ClaimedItem]:
        """
        Claimed messages one at a time, for as long as you iterate:
        ``for c in client.messages.claim(inbox_id): handle(c["message"])``. Each one is acked when
        your loop body finishes and asks for the next; leaving the loop early (an exception, break
        or return) releases the message in hand, and the rest of its batch, so another worker
        gets them at once (CPython closes the generator as the loop is left; elsewhere wrap it in
        ``contextlib.closing``). Long-polls (``timeout``, default 20 s) while nothing is ready.
        """
        rest = _merge(body, fields)
        rest.pop("limit", None)
        return self._c._claim_loop(inbox_id, rest, batch)


class Bins(_Namespace):
    """Request bins (test mode): a public ``url`` that records what is sent to it, answering the status and delay you set."""

    def create(self, body: Params = None, **fields: Any) -> m.Bin:
        return self._c._call("createBin", body=_merge(body, fields))

    def list(self) -> m.BinList:
        return self._c._call("listBins")

    def update(self, id: str, body: Params = None, **fields: Any) -> m.Bin:
        """Change what it answers from the next request on: ``respond={"status": 500}``."""
        return self._c._call("updateBin", (id,), body=_merge(body, fields))

    def requests(self, id: str, query: Params = None, **params: Any) -> m.BinRequestList:
        """What it received, newest first."""
        return self._c._call("listBinRequests", (id,), query=_merge(query, params))

    def delete(self, id: str) -> m.BinDeleted:
        return self._c._call("deleteBin", (id,))


class Threads(_Namespace):
    def list(self, inbox_id: str, query: Params = None, **params: Any) -> m.ThreadList:
        return self._c._call("listInboxThreads", (inbox_id,), query=_merge(query, params))

    def iterate(self, inbox_id: str, query: Params = None, *, page_size: Optional[int] = None, max: Optional[int] = None, **params: Any) -> Iterator[m.Thread]:
        q = _merge(query, params)
        return paginate(lambda p: self._c._call("listInboxThreads", (inbox_id,), query={**q, **p}), "threads", page_size, max)

    def list_all(self, query: Params = None, **params: Any) -> m.ThreadList:
        """Conversations across every inbox of the account (account key)."""
        return self._c._call("listAccountThreads", query=_merge(query, params))

    def iterate_all(self, query: Params = None, *, page_size: Optional[int] = None, max: Optional[int] = None, **params: Any) -> Iterator[m.Thread]:
        q = _merge(query, params)
        return paginate(lambda p: self._c._call("listAccountThreads", query={**q, **p}), "threads", page_size, max)

    def get(self, inbox_id: str, thread_id: str) -> m.ThreadWithMessages:
        return self._c._call("getThread", (inbox_id, thread_id))["thread"]

    def set_labels(self, inbox_id: str, thread_id: str, labels: Sequence[str]) -> m.Thread:
        return self._c._call("setThreadLabels", (inbox_id, thread_id), body={"labels": list(labels)})["thread"]

    def add_label(self, inbox_id: str, thread_id: str, label: str) -> m.Thread:
        return self._c._call("addThreadLabel", (inbox_id, thread_id), body={"label": label})["thread"]

    def remove_label(self, inbox_id: str, thread_id: str, label: str) -> m.Thread:
        return self._c._call("removeThreadLabel", (inbox_id, thread_id, label))["thread"]


class Drafts(_Namespace):
    def create(self, inbox_id: str, body: Params = None, **fields: Any) -> m.Draft:
        return self._c._call("createDraft", (inbox_id,), body=_merge(body, fields))

    def list(self, inbox_id: str, query: Params = None, **params: Any) -> m.DraftList:
        return self._c._call("listDrafts", (inbox_id,), query=_merge(query, params))

    def iterate(self, inbox_id: str, query: Params = None, *, page_size: Optional[int] = None, max: Optional[int] = None, **params: Any) -> Iterator[m.Draft]:
        q = _merge(query, params)
        return paginate(lambda p: self._c._call("listDrafts", (inbox_id,), query={**q, **p}), "drafts", page_size, max)

    def get(self, inbox_id: str, draft_id: str) -> m.Draft:
        return self._c._call("getDraft", (inbox_id, draft_id))

    def update(self, inbox_id: str, draft_id: str, body: Params = None, **fields: Any) -> m.Draft:
        return self._c._call("updateDraft", (inbox_id, draft_id), body=_merge(body, fields))

    def delete(self, inbox_id: str, draft_id: str) -> m.DraftDeleted:
        return self._c._call("deleteDraft", (inbox_id, draft_id))

    def send(self, inbox_id: str, draft_id: str) -> m.SendResult:
        return self._c._call("sendDraft", (inbox_id, draft_id))


class Webhooks(_Namespace):
    def create(self, body: Params = None, **fields: Any) -> m.WebhookWithSecret:
        """The result carries the signing secret: it is shown only here."""
        return self._c._call("createWebhook", body=_merge(body, fields))

    def list(self) -> m.WebhookList:
        return self._c._call("listWebhooks")

    def update(self, id: str, body: Params = None, **fields: Any) -> m.Webhook:
        return self._c._call("updateWebhook", (id,), body=_merge(body, fields))

    def delete(self, id: str) -> m.WebhookDeleted:
        return self._c._call("deleteWebhook", (id,))

    def test(self, id: str) -> m.WebhookTestResult:
        return self._c._call("testWebhook", (id,))

    def enable(self, id: str) -> m.WebhookEnabled:
        return self._c._call("enableWebhook", (id,))

    def rotate_secret(self, id: str) -> m.WebhookWithSecret:
        return self._c._call("rotateWebhookSecret", (id,))

    def logs(self, id: str, query: Params = None, **params: Any) -> m.DeliveryLogList:
        return self._c._call("listWebhookLogs", (id,), query=_merge(query, params))

    def iterate_logs(self, id: str, *, page_size: Optional[int] = None, max: Optional[int] = None) -> Iterator[m.DeliveryLog]:
        return paginate(lambda p: self._c._call("listWebhookLogs", (id,), query=p), "logs", page_size, max)


class Lists(_Namespace):
    def create(self, body: Params = None, **fields: Any) -> m.ListEntry:
        return self._c._call("createListEntry", body=_merge(body, fields))

    def list(self, query: Params = None, **params: Any) -> m.ListEntryList:
        return self._c._call("listListEntries", query=_merge(query, params))

    def delete(self, id: str) -> m.ListEntryDeleted:
        return self._c._call("deleteListEntry", (id,))


class Domains(_Namespace):
    """Custom domains (paid tiers): add, read the DNS records to publish, verify, delete."""

    def create(self, body: Params = None, **fields: Any) -> m.Domain:
        return self._c._call("createDomain", body=_merge(body, fields))

    def list(self) -> m.DomainList:
        return self._c._call("listDomains")

    def get(self, id: str) -> m.Domain:
        return self._c._call("getDomain", (id,))

    def verify(self, id: str) -> m.Domain:
        return self._c._call("verifyDomain", (id,))

    def delete(self, id: str) -> m.DomainDeleted:
        return self._c._call("deleteDomain", (id,))


class Account(_Namespace):
    def get(self) -> m.Account:
        return self._c._call("getAccount")

    def capabilities(self) -> m.Capabilities:
        return self._c._call("getCapabilities")

    def upgrade(self, body: Params = None, **fields: Any) -> m.UpgradeResult:
        return self._c._call("upgradeAccount", body=_merge(body, fields))

    def rotate_key(self) -> m.AccountKeyRotated:
        """A new account key, returned once; the old one is refused from the next request on."""
        return self._c._call("rotateAccountKey")

    def upgrade_link(self, body: Params = None, **fields: Any) -> m.UpgradeLinkResult:
        return self._c._call("createUpgradeLink", body=_merge(body, fields))

    def notify_operator(self, body: Params = None, **fields: Any) -> m.OperatorNotification:
        return self._c._call("notifyOperator", body=_merge(body, fields))

    def notification(self, id: str) -> m.Notification:
        return self._c._call("getNotification", (id,))


def _query_string(query: Mapping[str, Any]) -> str:
    pairs: List[Tuple[str, str]] = []
    for key, value in query.items():
        if value is None:
            continue
        for v in value if isinstance(value, (list, tuple)) else [value]:
            pairs.append((key, ("true" if v else "false") if isinstance(v, bool) else str(v)))
    return urllib.parse.urlencode(pairs)


class Mailroom:
    """
    ``Mailroom(api_url=..., api_key=...)``; each defaults to MAILROOM_API_URL / MAILROOM_API_KEY
    (and the URL to http://localhost:3000). Creating a first inbox needs no key.

    ``retry``: a RetryOptions, or False to turn retrying off; ``on_retry`` is called before each
    retry; ``transport`` sends one request (default: kept-alive connections, urllib through a
    proxy); ``timeout`` bounds one request in seconds (wait calls get their own wait time on top).
    ``close()``, or ``with Mailroom() as mailroom:``, closes the connections kept open.
    """

    def __init__(
        self,
        api_url: Optional[str] = None,
        api_key: Optional[str] = None,
        *,
        retry: Union[RetryOptions, bool, None] = None,
        on_retry: Optional[Callable[[RetryEvent], None]] = None,
        transport: Optional[Transport] = None,
        headers: Optional[Mapping[str, str]] = None,
        timeout: float = 60.0,
    ) -> None:
        self.api_url = (api_url or os.environ.get("MAILROOM_API_URL") or DEFAULT_API_URL).rstrip("/")
        self.api_key = api_key or os.environ.get("MAILROOM_API_KEY") or None
        self.timeout = timeout
        self._headers = {"accept": "application/json", "user-agent": "mailroom-python"}
        if self.api_key:
            self._headers["authorization"] = "Bearer %s" % self.api_key
        self._headers.update(headers or {})
        policy = None if retry is False else retry if isinstance(retry, RetryOptions) else RetryOptions()
        self._sender = Sender(transport or KeepAliveTransport(), policy, on_retry)
        self.inboxes = Inboxes(self)
        self.messages = Messages(self)
        self.bins = Bins(self)
        self.threads = Threads(self)
        self.drafts = Drafts(self)
        self.webhooks = Webhooks(self)
        self.lists = Lists(self)
        self.domains = Domains(self)
        self.account = Account(self)

    def close(self) -> None:
        """Closes the connections kept open for later requests (a custom transport: its close(), if any)."""
        close = getattr(self._sender.transport, "close", None)
        if callable(close):
            close()

    def __enter__(self) -> "Mailroom":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- requests ---------------------------------------------------------------------------

    def request(self, method: str, path: str, *, query: Params = None, body: Any = None, timeout: Optional[float] = None) -> Any:
        """Any route: ``request("GET", "/v1/inboxes/inb_1")``. The envelope's result, or MailroomError."""
        return self._request(method, path, query, body, timeout)[0]

    def _call(self, operation: str, path_params: Sequence[str] = (), *, query: Params = None, body: Any = None, timeout: Optional[float] = None) -> Any:
        method, template = m.OPERATIONS[operation]
        return self._request(method, _fill(template, path_params), query, body, timeout)[0]

    def _request(self, method: str, path: str, query: Params, body: Any, timeout: Optional[float]) -> Tuple[Any, Dict[str, Any], Dict[str, str]]:
        """(result, envelope, response headers)."""
        url = self.api_url + path
        qs = _query_string(query or {})
        if qs:
            url += "?" + qs
        headers = dict(self._headers)
        data: Optional[bytes] = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["content-type"] = "application/json"
        res = self._sender.send(method, url, headers, data, timeout or self.timeout)
        text = res.body.decode("utf-8", "replace")
        try:
            parsed: Any = json.loads(text) if text else None
        except ValueError:
            parsed = text
        if not 200 <= res.status < 300 or not isinstance(parsed, dict) or "result" not in parsed:
            raise MailroomError.from_response(res.status, res.reason, res.headers, parsed)
        return parsed["result"], parsed, res.headers

    # -- top-level operations ---------------------------------------------------------------

    def send(self, inbox_id: str, body: Params = None, **fields: Any) -> m.SendResult:
        """Sends an email now (paid tiers). A client_id is added when you give none, so a retry never sends twice."""
        return self._call("sendMessage", (inbox_id,), body=with_client_id(_merge(body, fields)))

    def reply(self, message_id: str, body: Params = None, **fields: Any) -> m.SendResult:
        """Replies in the message's thread (paid tiers); idempotent like send."""
        return self._call("replyToMessage", (message_id,), body=with_client_id(_merge(body, fields)))

    def capabilities(self) -> m.Capabilities:
        """What this key can and cannot do, and how to unlock the rest."""
        return self.account.capabilities()

    def stream(
        self,
        *,
        event_types: Optional[Sequence[str]] = None,
        inbox_ids: Optional[Sequence[str]] = None,
        last_event_id: Optional[str] = None,
        backoff: Sequence[float] = (0.5, 30.0),
        ping_interval: float = DEFAULT_PING_INTERVAL,
        on_reconnect: Optional[Callable[[ReconnectInfo], None]] = None,
    ) -> EventStream:
        """
        Realtime events over WebSocket, as an iterator:
        ``for e in client.stream(event_types=["message.received"]): ...``. Reconnects with backoff
        (first delay and ceiling in seconds) and resumes with last_event_id, so no event is missed
        or repeated; end it with ``break`` or ``close()``.
        """
        return EventStream(
            lambda: self._call("getStream")["url"], self.api_key,
            event_types=event_types, inbox_ids=inbox_ids, last_event_id=last_event_id,
            backoff=backoff, ping_interval=ping_interval, on_reconnect=on_reconnect,
        )

    def wait_for_message(self, inbox_id: str, query: Params = None, *, timeout: float = DEFAULT_WAIT_SECONDS,
                         call_timeout: int = MAX_WAIT_CALL_SECONDS, **filters: Any) -> m.WaitResult:
        """
        Waits until a matching message arrives and returns it with its code or link
        (``verification_code``, ``cta``, ``message``), calling the wait route as often as
        ``timeout`` (total seconds, default 120) allows. Mail that arrives between two calls is not
        lost: every call after the first asks for the same window. Raises WaitTimeoutError when
        the time is up.

        ``client.wait_for_message(inbox_id, has="code", from_="github.com")["verification_code"]``
        """
        if not timeout > 0:
            raise ValueError("timeout must be a positive number of seconds")
        per_call = max(1, min(MAX_WAIT_CALL_SECONDS, int(call_timeout)))
        deadline = time.monotonic() + timeout
        q = _merge(query, filters)
        q.pop("timeout", None)
        last_steps: List[str] = []
        while True:
            remaining = int(-(-(deadline - time.monotonic()) // 1))  # ceil
            if remaining < 1:
                raise WaitTimeoutError(timeout, last_steps)
            started = time.monotonic()
            result, next_steps, server_date = self._wait_once(inbox_id, {**q, "timeout": min(per_call, remaining)})
            if not result.get("timed_out") and result.get("message"):
                return result
            last_steps = next_steps
            server_start = None if server_date is None else server_date - (time.monotonic() - started)
            q.update(_continuation(next_steps, q, server_start))

    # -- internals --------------------------------------------------------------------------

    def _wait_once(self, inbox_id: str, query: Mapping[str, Any]) -> Tuple[m.WaitResult, List[str], Optional[float]]:
        """One wait call: the result, the envelope's next_steps and the server's Date (Unix seconds)."""
        method, template = m.OPERATIONS["waitForMessage"]
        wait = query.get("timeout") or 20
        result, envelope, headers = self._request(method, _fill(template, (inbox_id,)), query, None, self.timeout + float(wait))
        server_date: Optional[float] = None
        try:
            parsed = email.utils.parsedate_to_datetime(headers.get("date", ""))
            server_date = parsed.timestamp() if parsed is not None else None
        except (TypeError, ValueError):
            pass
        return result, list(envelope.get("next_steps") or []), server_date

    def _claim_loop(self, inbox_id: str, body: Dict[str, Any], batch: int) -> Iterator[ClaimedItem]:
        def release_all(left: Sequence[Mapping[str, Any]]) -> None:
            # Messages of the batch not yet handed over go back to the queue at once.
            for c in left:
                try:
                    self.messages.release(inbox_id, c["message"]["id"], c["claim_id"])
                except MailroomError:
                    pass

        while True:
            claims = self.messages.claim_once(inbox_id, {"timeout": 20, **body, "limit": batch})["claims"]
            for i, c in enumerate(claims):
                msg_id, claim_id = c["message"]["id"], c["claim_id"]
                item = ClaimedItem(
                    c,
                    ack=lambda msg_id=msg_id, claim_id=claim_id: self.messages.ack(inbox_id, msg_id, claim_id),
                    release=lambda msg_id=msg_id, claim_id=claim_id: self.messages.release(inbox_id, msg_id, claim_id),
                )
                done = False
                try:
                    yield item
                    done = True
                    item.ack()
                finally:
                    # Left early: this message and the rest of the batch go back to the queue.
                    if not done:
                        try:
                            item.release()
                        except MailroomError:
                            pass
                        release_all(claims[i + 1:])


def _fill(template: str, values: Sequence[str]) -> str:
    """``/v1/inboxes/{id}/messages/{msgId}`` with its placeholders filled in order, each URL-quoted."""
    parts = template.split("{")
    out = parts[0]
    if len(parts) - 1 != len(values):
        raise TypeError("%s takes %d path values, got %d" % (template, len(parts) - 1, len(values)))
    for value, part in zip(values, parts[1:]):
        out += urllib.parse.quote(str(value), safe="") + part.split("}", 1)[1]
    return out


def _continuation(next_steps: Sequence[str], query: Mapping[str, Any], server_start: Optional[float]) -> Dict[str, Any]:
    """
    Where the next wait call starts so nothing is skipped (as the TypeScript client). A timed-out
    wait's next_steps give the exact call that goes on waiting (``after=<last message looked at>``
    or ``since=...``): take its cursor. Failing that, keep the first call's window: the server's
    "now - 10 s" at that call by the server's own clock (its Date header), never the local clock.
    """
    for step in next_steps:
        found = re.search(r"/messages/wait\?(\S+)", step)
        if not found:
            continue
        params = urllib.parse.parse_qs(found.group(1))
        after = (params.get("after") or [None])[0]
        since = (params.get("since") or [None])[0]
        if after:
            return {"after": after, "since": None}
        if since:
            return {"since": since}
    if query.get("after") is not None or query.get("since") is not None or server_start is None:
        return {}
    start = datetime.fromtimestamp(server_start - WAIT_LOOKBACK_SECONDS - 1, tz=timezone.utc)
    return {"since": start.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (start.microsecond // 1000)}
