"""client.stream(): message.received for real mail; after a dropped connection it resumes with last_event_id, every event once, in order."""
import unittest

from support import API_URL, BEGINNING, inbox_client, letter_tag, new_account, send_mail

from mailroom import Mailroom, MailroomError, StreamSubscribeError


class EventStream(unittest.TestCase):
    def test_yields_message_received_and_after_a_dropped_connection_resumes_every_event_once_in_order(self):
        created, _ = new_account("pystream")
        reconnects = []
        events = inbox_client(created).stream(event_types=["message.received"], last_event_id=BEGINNING,
                                              backoff=(1.0, 1.0), on_reconnect=reconnects.append)
        self.addCleanup(events.close)
        subjects = ["py stream %s %d" % (letter_tag(), i) for i in range(3)]
        send_mail(created["address"], subjects[0], "one")
        first = next(events)
        self.assertEqual((first["event"], first["inbox_id"], first["message"]["subject"]), ("message.received", created["id"], subjects[0]))

        # The network drops (the socket is cut under the iterator); two mails arrive meanwhile.
        events._ws.abort()
        send_mail(created["address"], subjects[1], "two")
        send_mail(created["address"], subjects[2], "three")
        got = [next(events), next(events)]
        self.assertEqual([e["message"]["subject"] for e in got], subjects[1:])
        self.assertEqual([r.last_event_id for r in reconnects], [first["event_id"]])
        self.assertEqual(events.connections, 2)

        # A new stream resumes after a given event: the one after it comes first.
        with inbox_client(created).stream(event_types=["message.received"], last_event_id=got[0]["event_id"]) as resumed:
            self.assertEqual(next(resumed)["event_id"], got[1]["event_id"])

        events.close()
        self.assertEqual(list(events), [], "a closed stream ends the iteration")

    def test_a_bad_key_raises_mailroom_error_and_a_refused_subscription_stream_subscribe_error(self):
        with self.assertRaises(MailroomError) as bad:
            next(Mailroom(api_url=API_URL, api_key="mr_free_" + "0" * 32).stream())
        self.assertEqual(bad.exception.status, 401)
        created, _ = new_account("pystream")
        other, _ = new_account("pystream")
        with self.assertRaises(StreamSubscribeError):
            next(inbox_client(created).stream(inbox_ids=[other["id"]]))


if __name__ == "__main__":
    unittest.main()
