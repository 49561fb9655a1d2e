"""
What the tests share: the stack under test (from the environment sdk/test/e2e/python.test.ts
sets, pointing at the local stack its globalSetup started), accounts, real SMTP mail, polling.
The tests import the package from ../src, whatever else is installed.
"""
from __future__ import annotations

import os
import random
import smtplib
import string
import sys
import threading
import time
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, Optional, Tuple, TypeVar

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "src")))

from mailroom import Mailroom  # noqa: E402

T = TypeVar("T")

API_URL = os.environ.get("MAILROOM_TEST_API_URL", "")
SMTP_HOST = os.environ.get("MAILROOM_TEST_SMTP_HOST", "127.0.0.1")
SMTP_PORT = int(os.environ.get("MAILROOM_TEST_SMTP_PORT", "2525"))
if not API_URL:
    raise RuntimeError(
        "MAILROOM_TEST_API_URL is not set: these tests run against a local stack. Run them through "
        "npm test (sdk/test/e2e/python.test.ts), or start one (npm start) and set MAILROOM_TEST_API_URL "
        "and MAILROOM_TEST_SMTP_PORT."
    )

class LocalHttpServer:
    """A stand-in HTTP server on a free local port, served from a daemon thread; close() stops it."""

    def __init__(self, handler: "type[BaseHTTPRequestHandler]") -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


#: A sender outside the stack's domain.
SENDER = "alice@example.org"
#: An event id older than any: resuming after it replays everything the account has.
BEGINNING = "evt_00000000-0000-7000-8000-000000000000"

_counter = 0


def unique_username(prefix: str = "py") -> str:
    global _counter
    _counter += 1
    tag = "".join(random.choice(string.ascii_lowercase + string.digits) for _ in range(6))
    return ("%s-%s-%d%s" % (prefix, format(int(time.time() * 1000), "x")[-7:], _counter, tag))[:32].rstrip("-")


def letter_tag() -> str:
    """Six letters: a subject tag that can never be read as a code (a hex tag can be all digits)."""
    return "".join(random.choice(string.ascii_lowercase) for _ in range(6))


def new_account(prefix: str = "py") -> Tuple[Dict[str, Any], Mailroom]:
    """A keyless client creates the account; the returned client works with its account key."""
    created = Mailroom(api_url=API_URL).inboxes.create(username=unique_username(prefix))
    return created, Mailroom(api_url=API_URL, api_key=created["account_api_key"])


def inbox_client(created: Dict[str, Any], **options: Any) -> Mailroom:
    return Mailroom(api_url=API_URL, api_key=created["api_key"], **options)


def send_mail(to: str, subject: str, text: Optional[str] = None, html: Optional[str] = None) -> None:
    """One mail over real SMTP to the stack's receiving endpoint (its 250 comes after ingest)."""
    msg = EmailMessage()
    msg["From"] = "Alice Sender <%s>" % SENDER
    msg["To"] = to
    msg["Subject"] = subject
    msg.set_content(text or "")
    if html is not None:
        msg.add_alternative(html, subtype="html")
    with smtplib.SMTP(SMTP_HOST, SMTP_PORT, timeout=30) as smtp:
        refused = smtp.send_message(msg)
    if refused:
        raise AssertionError("SMTP refused %r" % refused)


def eventually(probe: Callable[[], Optional[T]], what: str, timeout: float = 20.0) -> T:
    """Polls ``probe`` until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while True:
        got = probe()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for %s" % what)
        time.sleep(0.2)
