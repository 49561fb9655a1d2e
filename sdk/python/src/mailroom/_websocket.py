"""
A small RFC 6455 WebSocket client on the standard library (socket, ssl): what the event stream
needs and no more. Client frames are masked; pings are answered with pongs; fragmented messages
are reassembled; a close is answered and ends the connection. ``ws://`` and ``wss://``.
"""
from __future__ import annotations

import base64
import hashlib
import os
import socket
import ssl
import struct
import threading
import urllib.parse
from typing import Dict, List, Optional, Tuple, Union

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

OP_CONTINUATION, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA

#: Largest message accepted (the API's frames are far smaller).
MAX_MESSAGE_BYTES = 16 * 1024 * 1024


class WebSocketError(OSError):
    """The connection failed or broke the protocol."""


class HandshakeError(WebSocketError):
    """The server refused the upgrade: ``status`` and ``body`` of its HTTP answer."""

    def __init__(self, status: int, body: str) -> None:
        super().__init__("WebSocket handshake refused: HTTP %d %s" % (status, body[:200]))
        self.status = status
        self.body = body


def mask(payload: bytes, key: bytes) -> bytes:
    """XOR with the 4-byte key, as one big integer (fast without numpy)."""
    if not payload:
        return payload
    n = len(payload)
    repeated = (key * (n // 4 + 1))[:n]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(n, "big")


def encode_frame(opcode: int, payload: bytes, fin: bool = True, key: Optional[bytes] = None) -> bytes:
    """One client frame (masked: a client must mask every frame it sends)."""
    key = key if key is not None else os.urandom(4)
    head = bytes([(0x80 if fin else 0) | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 1 << 16:
        head += bytes([0x80 | 126]) + struct.pack("!H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", n)
    return head + key + mask(payload, key)


def parse_frame(buf: bytearray) -> Optional[Tuple[bool, int, bytes]]:
    """(fin, opcode, payload) of the first complete frame in ``buf``, consumed; None when incomplete."""
    if len(buf) < 2:
        return None
    fin = bool(buf[0] & 0x80)
    opcode = buf[0] & 0x0F
    masked = bool(buf[1] & 0x80)
    n = buf[1] & 0x7F
    pos = 2
    if n == 126:
        if len(buf) < 4:
            return None
        n = struct.unpack("!H", bytes(buf[2:4]))[0]
        pos = 4
    elif n == 127:
        if len(buf) < 10:
            return None
        n = struct.unpack("!Q", bytes(buf[2:10]))[0]
        pos = 10
    if n > MAX_MESSAGE_BYTES:
        raise WebSocketError("frame of %d bytes is too large" % n)
    key = b""
    if masked:
        if len(buf) < pos + 4:
            return None
        key = bytes(buf[pos:pos + 4])
        pos += 4
    if len(buf) < pos + n:
        return None
    payload = bytes(buf[pos:pos + n])
    del buf[:pos + n]
    return fin, opcode, mask(payload, key) if masked else payload


class WebSocket:
    """One connection. ``recv`` and ``send_*`` from one thread; ``abort`` from any thread."""

    def __init__(self, sock: socket.socket, leftover: bytes = b"") -> None:
        self.sock = sock
        self._buf = bytearray(leftover)
        self._send_lock = threading.Lock()
        self._fragments: List[bytes] = []
        self._fragment_opcode = 0
        self.closed = False
        self.close_code: Optional[int] = None

    @classmethod
    def connect(cls, url: str, headers: Optional[Dict[str, str]] = None, timeout: float = 30.0,
                ssl_context: Optional[ssl.SSLContext] = None) -> "WebSocket":
        u = urllib.parse.urlsplit(url)
        if u.scheme not in ("ws", "wss"):
            raise WebSocketError("not a ws:// or wss:// URL: %s" % url)
        secure = u.scheme == "wss"
        host = u.hostname or "localhost"
        port = u.port or (443 if secure else 80)
        sock = socket.create_connection((host, port), timeout=timeout)
        try:
            if secure:
                sock = (ssl_context or ssl.create_default_context()).wrap_socket(sock, server_hostname=host)
            key = base64.b64encode(os.urandom(16)).decode("ascii")
            path = (u.path or "/") + ("?" + u.query if u.query else "")
            default_port = (secure and port == 443) or (not secure and port == 80)
            lines = [
                "GET %s HTTP/1.1" % path,
                "Host: %s" % (host if default_port else "%s:%d" % (host, port)),
                "Upgrade: websocket",
                "Connection: Upgrade",
                "Sec-WebSocket-Key: %s" % key,
                "Sec-WebSocket-Version: 13",
            ] + ["%s: %s" % kv for kv in (headers or {}).items()]
            sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
            raw = b""
            while b"\r\n\r\n" not in raw:
                chunk = sock.recv(4096)
                if not chunk:
                    raise WebSocketError("connection closed during the handshake")
                raw += chunk
                if len(raw) > 65536:
                    raise WebSocketError("handshake answer too long")
            head, _, rest = raw.partition(b"\r\n\r\n")
            status_line, *header_lines = head.decode("latin-1").split("\r\n")
            parts = status_line.split(" ", 2)
            status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
            got = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in header_lines)}
            if status != 101:
                raise HandshakeError(status, rest.decode("utf-8", "replace"))
            accept = base64.b64encode(hashlib.sha1((key + GUID).encode("ascii")).digest()).decode("ascii")
            if got.get("sec-websocket-accept") != accept:
                raise WebSocketError("bad Sec-WebSocket-Accept in the handshake answer")
            sock.settimeout(None)
            return cls(sock, rest)
        except BaseException:
            sock.close()
            raise

    def send_text(self, text: str) -> None:
        self._send(OP_TEXT, text.encode("utf-8"))

    def _send(self, opcode: int, payload: bytes) -> None:
        with self._send_lock:
            self.sock.sendall(encode_frame(opcode, payload))

    def recv(self, timeout: Optional[float] = None) -> Optional[Union[str, bytes]]:
        """
        The next whole message (str for text, bytes for binary); None once the connection is
        closed. Raises socket.timeout when nothing arrived within ``timeout`` (the connection and
        any partial frame are kept: call again).
        """
        while not self.closed:
            frame = parse_frame(self._buf)
            if frame is None:
                self.sock.settimeout(timeout)
                try:
                    data = self.sock.recv(65536)
                except socket.timeout:
                    raise
                except OSError:
                    data = b""
                if not data:
                    self._finish()
                    return None
                self._buf += data
                continue
            fin, opcode, payload = frame
            if opcode == OP_PING:
                self._send(OP_PONG, payload)
            elif opcode == OP_PONG:
                pass
            elif opcode == OP_CLOSE:
                self.close_code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                try:
                    self._send(OP_CLOSE, payload[:2])
                except OSError:
                    pass
                self._finish()
                return None
            elif opcode in (OP_TEXT, OP_BINARY, OP_CONTINUATION):
                if opcode != OP_CONTINUATION:
                    self._fragments = []
                    self._fragment_opcode = opcode
                self._fragments.append(payload)
                if sum(len(f) for f in self._fragments) > MAX_MESSAGE_BYTES:
                    raise WebSocketError("message too large")
                if fin:
                    data = b"".join(self._fragments)
                    self._fragments = []
                    return data.decode("utf-8") if self._fragment_opcode == OP_TEXT else data
            else:
                raise WebSocketError("unknown opcode %d" % opcode)
        return None

    def close(self, code: int = 1000) -> None:
        """Sends a close frame and ends the connection (without waiting for the server's answer)."""
        if self.closed:
            return
        try:
            self._send(OP_CLOSE, struct.pack("!H", code))
        except OSError:
            pass
        self._finish()

    def abort(self) -> None:
        """Ends the connection at once, as a network failure would; safe from another thread."""
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._finish()

    def _finish(self) -> None:
        self.closed = True
        try:
            self.sock.close()
        except OSError:
            pass
