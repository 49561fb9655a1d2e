"""AsyncMailroom: the same surface awaited; iterate, claim and stream are async iterators."""
import asyncio
import unittest

from support import API_URL, BEGINNING, letter_tag, send_mail, unique_username

from mailroom import AsyncMailroom, Mailroom, MailroomError


async def new_account():
    created = await AsyncMailroom(api_url=API_URL).inboxes.create(username=unique_username("pyasync"))
    return created, AsyncMailroom(api_url=API_URL, api_key=created["account_api_key"])


class AsyncClient(unittest.IsolatedAsyncioTestCase):
    async def test_wait_for_message_returns_a_code_simulated_while_it_waits_and_errors_raise(self):
        created, client = await new_account()

        async def deliver():
            await asyncio.sleep(1)
            return await client.messages.simulate(created["id"], scenario="verification_code", code="318264")

        got, sim = await asyncio.gather(client.wait_for_message(created["id"], has="code", timeout=20), deliver())
        self.assertEqual((got["message"]["id"], got["verification_code"]), (sim["message_id"], "318264"))
        with self.assertRaises(MailroomError) as caught:
            await client.messages.list("inb_doesnotexist")
        self.assertEqual(caught.exception.status, 404)

    async def test_iterate_is_an_async_iterator_over_every_page(self):
        created, client = await new_account()
        for code in ("200001", "200002", "200003"):
            await client.messages.simulate(created["id"], scenario="verification_code", code=code)
        ids = [m["id"] async for m in client.messages.iterate(created["id"], page_size=2)]
        self.assertEqual(len(set(ids)), 3)

    async def test_claim_acks_after_the_loop_body_and_leaving_the_loop_releases(self):
        created, client = await new_account()
        for code in ("300001", "300002"):
            await client.messages.simulate(created["id"], scenario="verification_code", code=code)
        claims = client.messages.claim(created["id"], lease=30, timeout=1)
        first = await claims.__anext__()
        await claims.aclose()  # what `break` leads to: the message in hand goes back
        seen = []
        async for c in client.messages.claim(created["id"], lease=30, timeout=1):
            seen.append((c["message"]["id"], c["delivery_count"]))
            if len(seen) == 2:
                break
        self.assertIn((first["message"]["id"], 2), seen)
        # The first one was acked when the second was asked for; the second goes back once the event
        # loop closes the async generator that break left (at once, but in a task of its own).
        left = []
        for _ in range(50):
            left = (await client.messages.claim_once(created["id"], limit=10))["claims"]
            if left:
                break
            await asyncio.sleep(0.2)
        self.assertEqual([c["message"]["id"] for c in left], [seen[1][0]])

    async def test_stream_is_an_async_iterator_of_events(self):
        created, _ = await new_account()
        client = AsyncMailroom(api_url=API_URL, api_key=created["api_key"])
        subject = "py async stream %s" % letter_tag()
        await asyncio.to_thread(send_mail, created["address"], subject, "hello")
        async for event in client.stream(event_types=["message.received"], last_event_id=BEGINNING):
            self.assertEqual((event["event"], event["message"]["subject"]), ("message.received", subject))
            break

    async def test_every_method_of_the_blocking_client_is_there(self):
        sync, aio = Mailroom(api_url=API_URL), AsyncMailroom(api_url=API_URL)
        for ns in ("inboxes", "messages", "bins", "threads", "drafts", "webhooks", "lists", "domains", "account"):
            names = [n for n in dir(getattr(sync, ns)) if not n.startswith("_")]
            self.assertEqual(names, dir(getattr(aio, ns)), ns)
        for name in ("send", "reply", "stream", "wait_for_message", "capabilities", "request"):
            self.assertTrue(callable(getattr(aio, name)), name)


if __name__ == "__main__":
    unittest.main()
