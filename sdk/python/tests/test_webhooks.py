"""verify_webhook accepts a real delivery (Standard Webhooks signature) and refuses it tampered with, re-signed or stale."""
import secrets
import base64
import unittest
from http.server import BaseHTTPRequestHandler

from support import LocalHttpServer, eventually, letter_tag, new_account, send_mail

from mailroom import WebhookVerificationError, verify_webhook


class Receiver(LocalHttpServer):
    """A webhook endpoint on 127.0.0.1 (the local stack delivers to loopback URLs) that keeps the raw bytes."""

    def __init__(self):
        self.received = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                outer.received.append((raw, dict(self.headers.items())))
                self.send_response(200)
                self.send_header("content-length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        super().__init__(Handler)
        self.url += "/hook"


class VerifyWebhook(unittest.TestCase):
    def test_a_real_delivery_verifies_and_the_same_delivery_tampered_with_does_not(self):
        created, client = new_account("pyhook")
        receiver = Receiver()
        self.addCleanup(receiver.close)
        hook = client.webhooks.create(url=receiver.url, events=["message.received"])
        self.assertTrue(hook["secret"].startswith("whsec_"))

        subject = "Py webhook %s \u2713" % letter_tag()
        send_mail(created["address"], subject, "Gr\u00fc\u00dfe: code 771204")
        raw, headers = eventually(
            lambda: next((r for r in receiver.received if subject.encode() in r[0] or b"771204" in r[0]), None), "the delivery")

        event = verify_webhook(raw, headers, hook["secret"])
        self.assertEqual((event["event"], event["inbox_id"], event["message"]["subject"]), ("message.received", created["id"], subject))

        with self.assertRaises(WebhookVerificationError) as tampered:
            verify_webhook(raw.replace(b"771204", b"771205"), headers, hook["secret"])
        self.assertEqual(tampered.exception.code, "INVALID_SIGNATURE")
        other_secret = "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()
        with self.assertRaises(WebhookVerificationError):
            verify_webhook(raw, headers, other_secret)
        # A replay long after the signed timestamp.
        with self.assertRaises(WebhookVerificationError) as stale:
            verify_webhook(raw, headers, hook["secret"], now=int(headers["webhook-timestamp"]) + 3600)
        self.assertEqual(stale.exception.code, "TIMESTAMP_OUT_OF_TOLERANCE")

        # The legacy body-only signature is refused unless asked for (it signs no timestamp).
        legacy = {k: v for k, v in headers.items() if not k.lower().startswith("webhook-")}
        with self.assertRaises(WebhookVerificationError) as missing:
            verify_webhook(raw, legacy, hook["secret"])
        self.assertEqual(missing.exception.code, "MISSING_SIGNATURE")
        self.assertEqual(verify_webhook(raw, legacy, hook["secret"], allow_legacy_signature=True)["event"], "message.received")

        self.assertTrue(any(log["success"] for log in client.webhooks.logs(hook["id"])["logs"]))

    def test_test_mode_a_simulated_mail_lands_in_a_request_bin_whose_copy_verifies(self):
        created, client = new_account("pyhook")
        bin_ = client.bins.create()
        hook = client.webhooks.create(url=bin_["url"], events=["message.received"])
        sim = client.messages.simulate(created["id"], scenario="verification_code", code="775104")
        self.assertEqual((sim["status"], sim["planted"]["code"]), ("delivered", "775104"))
        delivery = eventually(lambda: (client.bins.requests(bin_["id"])["requests"] or [None])[0], "the delivery in the bin")
        self.assertEqual(verify_webhook(delivery["body"], delivery["headers"], hook["secret"])["event"], "message.received")
        self.assertIn(sim["message_id"], delivery["body"])


if __name__ == "__main__":
    unittest.main()
