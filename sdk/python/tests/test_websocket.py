"""
The built-in WebSocket client's framing (RFC 6455), against a small scripted server on loopback:
the parts the API's server does not exercise on its own (fragments, pings mid-message, large frames).
"""
import base64
import hashlib
import socket
import struct
import threading
import unittest

import support  # noqa: F401 - puts ../src on sys.path

from mailroom._websocket import GUID, HandshakeError, WebSocket, mask


def server_frame(opcode, payload, fin=True):
    """A server frame: never masked."""
    n = len(payload)
    head = bytes([(0x80 if fin else 0) | opcode])
    head += bytes([n]) if n < 126 else bytes([126]) + struct.pack("!H", n) if n < 65536 else bytes([127]) + struct.pack("!Q", n)
    return head + payload


def read_client_frame(conn):
    """(opcode, payload, masked) of one frame the client sent."""
    def exact(n):
        data = b""
        while len(data) < n:
            chunk = conn.recv(n - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data
    b0, b1 = exact(2)
    n = b1 & 0x7F
    if n == 126:
        n = struct.unpack("!H", exact(2))[0]
    elif n == 127:
        n = struct.unpack("!Q", exact(8))[0]
    key = exact(4) if b1 & 0x80 else b""
    payload = exact(n)
    return b0 & 0x0F, mask(payload, key) if key else payload, bool(b1 & 0x80)


class ScriptedServer:
    def __init__(self, script, status=101):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(1)
        self.port = self.sock.getsockname()[1]
        self.received = []
        self.request = b""
        self.error = None

        def run():
            conn, _ = self.sock.accept()
            self.sock.close()
            try:
                while b"\r\n\r\n" not in self.request:
                    self.request += conn.recv(4096)
                key = [l.split(b":", 1)[1].strip() for l in self.request.split(b"\r\n") if l.lower().startswith(b"sec-websocket-key")][0]
                if status != 101:
                    conn.sendall(b"HTTP/1.1 %d Unauthorized\r\ncontent-length: 12\r\n\r\n{\"error\":1}\n" % status)
                    return
                accept = base64.b64encode(hashlib.sha1(key + GUID.encode()).digest())
                conn.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " + accept + b"\r\n\r\n")
                script(conn, self)
            except Exception as e:
                self.error = e
            finally:
                conn.close()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        self.url = "ws://127.0.0.1:%d/stream?x=1" % self.port


class Framing(unittest.TestCase):
    def test_fragments_are_joined_pings_answered_client_frames_masked_and_a_close_echoed(self):
        big = "x" * 70000

        def script(conn, server):
            # A text message in three fragments with a ping between them.
            conn.sendall(server_frame(0x1, b"hel", fin=False) + server_frame(0x9, b"are you there") +
                         server_frame(0x0, b"lo ", fin=False) + server_frame(0x0, "w\u00f6rld".encode(), fin=True))
            server.received.append(read_client_frame(conn))  # the pong
            server.received.append(read_client_frame(conn))  # the client's text
            conn.sendall(server_frame(0x1, big.encode()) + server_frame(0x2, b"\x00\x01") + server_frame(0x8, struct.pack("!H", 1000)))
            server.received.append(read_client_frame(conn))  # the close echoed

        server = ScriptedServer(script)
        ws = WebSocket.connect(server.url, {"Authorization": "Bearer k"}, timeout=5)
        self.assertEqual(ws.recv(timeout=5), "hello w\u00f6rld")
        ws.send_text('{"type":"subscribe"}')
        self.assertEqual(ws.recv(timeout=5), big)
        self.assertEqual(ws.recv(timeout=5), b"\x00\x01")
        self.assertIsNone(ws.recv(timeout=5), "a close ends the connection")
        self.assertEqual(ws.close_code, 1000)
        server.thread.join(5)
        self.assertIsNone(server.error)
        self.assertIn(b"GET /stream?x=1 HTTP/1.1", server.request)
        self.assertIn(b"Authorization: Bearer k", server.request)
        self.assertEqual(server.received, [(0xA, b"are you there", True), (0x1, b'{"type":"subscribe"}', True), (0x8, struct.pack("!H", 1000), True)])

    def test_a_refused_upgrade_raises_handshake_error_with_the_status(self):
        server = ScriptedServer(lambda conn, s: None, status=401)
        with self.assertRaises(HandshakeError) as caught:
            WebSocket.connect(server.url, timeout=5)
        self.assertEqual(caught.exception.status, 401)


if __name__ == "__main__":
    unittest.main()
