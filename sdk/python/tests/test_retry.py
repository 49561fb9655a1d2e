"""
Retries, against a scripted local HTTP server (the only stand-in for the API in these tests: the
real stack cannot be made to answer 503 on demand). 429 and 5xx are retried after retry_after or
with backoff; a POST is repeated after a 5xx only when its body carries a client_id.
"""
import json
import time
import unittest
from http.server import BaseHTTPRequestHandler

from support import LocalHttpServer

from mailroom import Mailroom, MailroomError, RetryOptions

ERROR = {"error": "SERVICE_UNAVAILABLE", "message": "try again", "next_steps": ["Retry shortly."]}
FAST = RetryOptions(base_delay=0.01, max_delay=0.05)


class ScriptedServer(LocalHttpServer):
    """Answers each request with the next (status, headers, body) of its script; records the requests."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.requests = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self):
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                outer.requests.append((self.command, self.path, json.loads(body) if body else None))
                status, headers, payload = outer.answers.pop(0) if outer.answers else (500, {}, ERROR)
                data = json.dumps(payload).encode()
                self.send_response(status)
                for k, v in {"content-type": "application/json", **headers}.items():
                    self.send_header(k, v)
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PATCH = do_DELETE = _answer

            def log_message(self, *args):
                pass

        super().__init__(Handler)


class Retries(unittest.TestCase):
    def serve(self, *answers):
        server = ScriptedServer(*answers)
        self.addCleanup(server.close)
        return server

    def test_a_503_with_retry_after_is_waited_for_then_the_200_result_returned(self):
        s = self.serve((503, {"Retry-After": "1"}, ERROR), (200, {}, {"result": {"account_id": "acc_1"}, "next_steps": []}))
        events = []
        started = time.monotonic()
        got = Mailroom(api_url=s.url, api_key="k", on_retry=events.append).account.get()
        self.assertEqual(got, {"account_id": "acc_1"})
        self.assertGreaterEqual(time.monotonic() - started, 1.0)
        self.assertEqual(len(s.requests), 2)
        self.assertEqual([(e.attempt, e.status, e.delay) for e in events], [(1, 503, 1.0)])

    def test_a_429_waits_the_envelopes_retry_after_even_for_a_post_without_client_id(self):
        # A 429 was refused before anything happened: repeating it cannot do a thing twice.
        limited = {"error": "RATE_LIMIT_EXCEEDED", "message": "slow down", "next_steps": [], "retry_after": 0.3}
        s = self.serve((429, {}, limited), (201, {}, {"result": {"id": "wh_1"}, "next_steps": []}))
        started = time.monotonic()
        got = Mailroom(api_url=s.url, api_key="k").webhooks.create(url="https://example.org/hook", events=["message.received"])
        self.assertEqual(got, {"id": "wh_1"})
        self.assertGreaterEqual(time.monotonic() - started, 0.3)
        self.assertEqual(len(s.requests), 2)

    def test_a_post_without_client_id_is_not_repeated_after_a_5xx(self):
        s = self.serve((502, {}, ERROR), (201, {}, {"result": {"id": "wh_1"}, "next_steps": []}))
        with self.assertRaises(MailroomError) as caught:
            Mailroom(api_url=s.url, api_key="k", retry=FAST).webhooks.create(url="https://example.org/hook")
        self.assertEqual((caught.exception.status, caught.exception.code), (502, "SERVICE_UNAVAILABLE"))
        self.assertEqual(len(s.requests), 1, "the webhook may have been created: not sent twice")

    def test_inbox_creation_gets_a_client_id_so_a_5xx_is_retried_with_the_same_one(self):
        s = self.serve((500, {}, ERROR), (201, {}, {"result": {"id": "inb_1"}, "next_steps": []}))
        got = Mailroom(api_url=s.url, retry=FAST).inboxes.create(username="agent")
        self.assertEqual(got, {"id": "inb_1"})
        bodies = [body for _, _, body in s.requests]
        self.assertEqual(len(bodies), 2)
        self.assertTrue(bodies[0]["client_id"])
        self.assertEqual(bodies[0], bodies[1])

    def test_send_and_reply_are_made_idempotent_the_same_way(self):
        ok = (201, {}, {"result": {"id": "msg_1"}, "next_steps": []})
        s = self.serve((503, {}, ERROR), ok, (503, {}, ERROR), ok)
        client = Mailroom(api_url=s.url, api_key="k", retry=FAST)
        client.send("inb_1", to="bob@example.org", subject="hi", text="hello")
        client.reply("msg_0", text="thanks", client_id="job-7")
        self.assertEqual([(m, p) for m, p, _ in s.requests],
                         [("POST", "/v1/inboxes/inb_1/send")] * 2 + [("POST", "/v1/messages/msg_0/reply")] * 2)
        self.assertEqual(s.requests[0][2]["client_id"], s.requests[1][2]["client_id"])
        self.assertEqual(s.requests[3][2]["client_id"], "job-7", "a client_id of your own is kept")

    def test_reads_give_up_after_the_retry_limit_with_the_last_answer(self):
        s = self.serve(*[(500, {}, ERROR)] * 5)
        with self.assertRaises(MailroomError) as caught:
            Mailroom(api_url=s.url, api_key="k", retry=RetryOptions(retries=2, base_delay=0.01)).inboxes.list()
        self.assertEqual(caught.exception.status, 500)
        self.assertEqual(len(s.requests), 3)

    def test_a_retry_after_longer_than_the_cap_is_raised_at_once_with_retry_after(self):
        s = self.serve((503, {"Retry-After": "3600"}, ERROR))
        with self.assertRaises(MailroomError) as caught:
            Mailroom(api_url=s.url, api_key="k").account.get()
        self.assertEqual((caught.exception.status, caught.exception.retry_after), (503, 3600.0))
        self.assertEqual(len(s.requests), 1)

    def test_retry_false_turns_retrying_off(self):
        s = self.serve((503, {}, ERROR), (200, {}, {"result": {}, "next_steps": []}))
        with self.assertRaises(MailroomError):
            Mailroom(api_url=s.url, api_key="k", retry=False).account.get()
        self.assertEqual(len(s.requests), 1)


if __name__ == "__main__":
    unittest.main()
