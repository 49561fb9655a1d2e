"""Failed calls raise MailroomError carrying the API's envelope: code, status, next_steps, field."""
import unittest

from support import API_URL, new_account

from mailroom import Mailroom, MailroomError


class ErrorEnvelopes(unittest.TestCase):
    def test_an_unknown_key_is_401_with_the_apis_code_and_next_steps(self):
        client = Mailroom(api_url=API_URL, api_key="mr_free_" + "0" * 32)
        with self.assertRaises(MailroomError) as caught:
            client.account.get()
        err = caught.exception
        self.assertEqual((err.status, err.code), (401, "INVALID_API_KEY"))
        self.assertTrue(err.next_steps, "the API says what to do next")
        self.assertIn("INVALID_API_KEY", repr(err))

    def test_an_invalid_field_names_the_field(self):
        with self.assertRaises(MailroomError) as caught:
            Mailroom(api_url=API_URL).inboxes.create(username="A!")
        err = caught.exception
        self.assertEqual((err.status, err.code, err.field), (400, "INVALID_USERNAME", "username"))
        self.assertEqual(err.body["error"], "INVALID_USERNAME")
        self.assertEqual(err.to_dict()["field"], "username")

    def test_a_missing_inbox_is_404_with_its_code(self):
        _, client = new_account("pyerr")
        with self.assertRaises(MailroomError) as caught:
            client.messages.list("inb_doesnotexist")
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "INBOX_NOT_FOUND"))

    def test_no_answer_at_all_is_a_network_error_with_status_0(self):
        # Port 9 (discard) on loopback: nothing listens, the connection is refused.
        client = Mailroom(api_url="http://127.0.0.1:9", retry=False)
        with self.assertRaises(MailroomError) as caught:
            client.account.get()
        self.assertEqual((caught.exception.status, caught.exception.code), (0, "NETWORK_ERROR"))


if __name__ == "__main__":
    unittest.main()
