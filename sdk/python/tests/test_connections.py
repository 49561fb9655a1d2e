"""
Connections: the default transport keeps one open per origin between requests (no TCP or TLS
set-up per call), sends a request again once when the server had closed an idle connection,
and close() / ``with`` closes what it keeps. Against the local stack, and a local server that
drops idle connections as a load balancer would.
"""
import socket
import unittest
from http.server import BaseHTTPRequestHandler

from support import LocalHttpServer, inbox_client, new_account

from mailroom import KeepAliveTransport, Mailroom


class CountingServer(LocalHttpServer):
    """HTTP/1.1 with keep-alive; counts the connections it accepted; closes each after `per_connection` requests."""

    def __init__(self, per_connection=1000):
        self.connections = 0
        self.requests = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def setup(self):
                outer.connections += 1
                self.served = 0
                super().setup()

            def do_GET(self):
                outer.requests += 1
                self.served += 1
                data = b'{"result": {"ok": true}}'
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                if self.served >= per_connection:
                    # Closed without a word, as an idle timeout does: the client learns on its next request.
                    self.close_connection = True

            def log_message(self, *args):
                pass

        super().__init__(Handler)


class Connections(unittest.TestCase):
    def test_many_calls_share_one_connection_to_the_stack(self):
        created, account = new_account("conn")
        account.close()
        with inbox_client(created) as client:
            transport = client._sender.transport
            self.assertIsInstance(transport, KeepAliveTransport)
            for _ in range(5):
                client.inboxes.get(created["id"])
            idle = [c for conns in transport._idle.values() for c in conns]
            self.assertEqual(len(idle), 1, "one connection kept for the origin")
            kept = idle[0].sock
            self.assertIsInstance(kept, socket.socket)
            client.inboxes.get(created["id"])
            self.assertIs([c for conns in transport._idle.values() for c in conns][0].sock, kept, "the same socket again")
        self.assertEqual(transport._idle, {}, "closed on leaving the with block")

    def test_a_connection_the_server_closed_while_idle_is_replaced_without_an_error(self):
        server = CountingServer(per_connection=1)
        self.addCleanup(server.close)
        with Mailroom(api_url=server.url, retry=False) as client:
            for _ in range(3):
                self.assertEqual(client.request("GET", "/v1/ping"), {"ok": True})
        self.assertEqual(server.requests, 3, "each call reached the server once")
        self.assertEqual(server.connections, 3)

    def test_calls_on_a_kept_connection_open_no_new_one(self):
        server = CountingServer()
        self.addCleanup(server.close)
        with Mailroom(api_url=server.url) as client:
            for _ in range(10):
                client.request("GET", "/v1/ping")
        self.assertEqual((server.requests, server.connections), (10, 1))


if __name__ == "__main__":
    unittest.main()
