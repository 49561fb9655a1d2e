"""
Mailroom: email inboxes for AI agents. The Python client of the Mailroom API, standard library
only (Python 3.9+).

    from mailroom import Mailroom
    client = Mailroom()                      # MAILROOM_API_URL / MAILROOM_API_KEY, or arguments
    inbox = client.inboxes.create(username="my-agent")
    got = client.wait_for_message(inbox["id"], has="code")
    print(got["verification_code"])
"""
from . import models
from ._http import KeepAliveTransport, RetryEvent, RetryOptions, Response, Transport
from .aio import AsyncMailroom
from .client import DEFAULT_API_URL, MAX_WAIT_CALL_SECONDS, ClaimedItem, Mailroom
from .errors import MailroomError, WaitTimeoutError
from .idempotency import client_id_from, new_client_id, with_client_id
from .stream import EventStream, ReconnectInfo, StreamSubscribeError
from .webhooks import DEFAULT_WEBHOOK_TOLERANCE_SECONDS, WebhookVerificationError, verify_webhook

__version__ = "0.1.0"

__all__ = [
    "AsyncMailroom",
    "ClaimedItem",
    "DEFAULT_API_URL",
    "DEFAULT_WEBHOOK_TOLERANCE_SECONDS",
    "EventStream",
    "KeepAliveTransport",
    "MAX_WAIT_CALL_SECONDS",
    "Mailroom",
    "MailroomError",
    "ReconnectInfo",
    "Response",
    "RetryEvent",
    "RetryOptions",
    "StreamSubscribeError",
    "Transport",
    "WaitTimeoutError",
    "WebhookVerificationError",
    "client_id_from",
    "models",
    "new_client_id",
    "verify_webhook",
    "with_client_id",
]
