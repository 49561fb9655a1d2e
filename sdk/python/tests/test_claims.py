"""messages.claim(): each message acked when the loop body ends, released when the body raises; a stale claim is a 409."""
import unittest

from support import new_account

from mailroom import MailroomError


class Claims(unittest.TestCase):
    def test_claim_acks_each_message_after_its_loop_body_and_releases_the_one_whose_body_raised(self):
        created, client = new_account("pyclaim")
        for code in ("100001", "100002", "100003"):
            client.messages.simulate(created["id"], scenario="verification_code", code=code)
        handled = []
        with self.assertRaisesRegex(RuntimeError, "handler failed"):
            for c in client.messages.claim(created["id"], lease=30, timeout=1):
                if len(handled) == 1:
                    raise RuntimeError("handler failed")
                handled.append(c["message"]["id"])
        # The message whose handler raised went back at once: the next loop gets it (delivery 2) and the rest.
        again = []
        for c in client.messages.claim(created["id"], lease=30, timeout=1):
            again.append((c["message"]["id"], c["delivery_count"]))
            if len(handled) + len(again) == 3:
                c.ack()
                break
        self.assertEqual(len(set(handled + [i for i, _ in again])), 3)
        self.assertIn(2, [d for _, d in again])
        # Everything acked: nothing left to claim.
        self.assertEqual(client.messages.claim_once(created["id"], limit=10)["claims"], [])

    def test_an_ack_with_a_claim_that_no_longer_holds_the_message_is_a_409(self):
        created, client = new_account("pyclaim")
        sim = client.messages.simulate(created["id"], scenario="verification_code", code="100004")
        held = client.messages.claim_once(created["id"], lease=30)["claims"][0]
        client.messages.release(created["id"], sim["message_id"], held["claim_id"])
        with self.assertRaises(MailroomError) as stale:
            client.messages.ack(created["id"], sim["message_id"], held["claim_id"])
        self.assertEqual((stale.exception.status, stale.exception.code), (409, "CLAIM_NOT_HELD"))


if __name__ == "__main__":
    unittest.main()
