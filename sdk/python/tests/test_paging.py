"""iterate() walks every page of a list, each item once, in the list's order."""
import unittest

from support import letter_tag, new_account, send_mail, unique_username


class Paging(unittest.TestCase):
    def test_messages_iterate_over_pages_of_two_yields_five_mails_once_each_newest_first(self):
        created, client = new_account("pypage")
        tag = letter_tag()
        for i in range(5):
            send_mail(created["address"], "page %s %d" % (tag, i), "mail %d" % i)
        subjects = [m["subject"] for m in client.messages.iterate(created["id"], page_size=2)]
        self.assertEqual(subjects, ["page %s %d" % (tag, i) for i in (4, 3, 2, 1, 0)])
        # Query parameters pass through; max stops early.
        first_two = [m["subject"] for m in client.messages.iterate(created["id"], sort="asc", page_size=2, max=2)]
        self.assertEqual(first_two, ["page %s 0" % tag, "page %s 1" % tag])

    def test_inboxes_iterate_over_pages_of_one_yields_every_inbox_of_the_account(self):
        created, client = new_account("pypage")
        client.inboxes.create(username=unique_username("second"))
        client.inboxes.create({"username": unique_username("third")})
        ids = [i["id"] for i in client.inboxes.iterate(page_size=1)]
        self.assertEqual(len(ids), 3)
        self.assertEqual(len(set(ids)), 3)
        self.assertIn(created["id"], ids)


if __name__ == "__main__":
    unittest.main()
