"""wait_for_message: a code that arrives during the wait comes back; waits chain without missing mail; time running out raises WaitTimeoutError."""
import threading
import time
import unittest
import urllib.parse

from support import inbox_client, letter_tag, new_account, send_mail

from mailroom import WaitTimeoutError
from mailroom._http import urllib_transport


def counting_client(created):
    """A client whose wait calls are recorded (a transport wrapper: the requests stay real)."""
    waits = []

    def transport(method, url, headers, body, timeout):
        if "/messages/wait" in url:
            waits.append(url)
        return urllib_transport(method, url, headers, body, timeout)

    return inbox_client(created, transport=transport), waits


def later(seconds, fn, *args, **kwargs):
    """Runs fn in a thread after a delay (the mail that arrives while the test waits)."""
    errors = []

    def run():
        time.sleep(seconds)
        try:
            fn(*args, **kwargs)
        except Exception as e:  # surfaced by the test's join
            errors.append(e)

    t = threading.Thread(target=run)
    t.start()
    return t, errors


class WaitForMessage(unittest.TestCase):
    def test_a_wait_pending_when_the_mail_arrives_returns_it_with_exactly_its_code(self):
        created, _ = new_account("pywait")
        client, _ = counting_client(created)
        subject = "Verify %s" % letter_tag()
        t, errors = later(1.5, send_mail, created["address"], subject, "Hello!\n\nYour verification code is 604218.\n\nThanks")
        got = client.wait_for_message(created["id"], has="code", timeout=30)
        t.join()
        self.assertEqual(errors, [])
        self.assertEqual(got["verification_code"], "604218")
        self.assertEqual(got["message"]["subject"], subject)
        self.assertIs(got["timed_out"], False)

    def test_goes_on_across_wait_calls_so_a_mail_after_several_short_calls_is_still_caught(self):
        created, _ = new_account("pywait")
        client, waits = counting_client(created)
        subject = "Late %s" % letter_tag()
        html = '<p>Welcome.</p><p><a href="https://example.org/confirm?t=abc123">Confirm your email</a></p>'
        t, errors = later(3.5, send_mail, created["address"], subject, "Welcome.", html)
        got = client.wait_for_message(created["id"], has="link", subject="Late", timeout=40, call_timeout=1)
        t.join()
        self.assertEqual(errors, [])
        self.assertEqual(got["cta"]["url"], "https://example.org/confirm?t=abc123")
        self.assertGreaterEqual(len(waits), 3, "\n".join(waits))
        # Every call after the first continues from where the previous one stopped.
        for url in waits[1:]:
            query = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)
            self.assertTrue("after" in query or "since" in query, url)

    def test_a_mail_that_does_not_match_is_not_returned_and_running_out_of_time_raises_wait_timeout(self):
        created, _ = new_account("pywait")
        client, waits = counting_client(created)
        send_mail(created["address"], "No code here", "Just saying hello.")
        started = time.monotonic()
        with self.assertRaises(WaitTimeoutError) as caught:
            client.wait_for_message(created["id"], has="code", timeout=3, call_timeout=1)
        elapsed = time.monotonic() - started
        self.assertEqual((caught.exception.code, caught.exception.status), ("WAIT_TIMEOUT", 0))
        self.assertGreaterEqual(elapsed, 2.5)
        self.assertLess(elapsed, 10)
        self.assertGreaterEqual(len(waits), 2)

    def test_one_wait_call_answers_timed_out_instead_of_raising(self):
        created, _ = new_account("pywait")
        got = inbox_client(created).messages.wait(created["id"], has="code", timeout=1)
        self.assertEqual((got["timed_out"], got["message"]), (True, None))


if __name__ == "__main__":
    unittest.main()
