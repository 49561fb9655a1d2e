"""
client_id makes creating an inbox, sending and replying idempotent: the API answers a repeat with
the first result instead of doing it again. The SDK gives each such call one (unless you pass your
own), so its own retries after a lost response can never send twice. Pass a stable id of your own
(e.g. derived from your job id with client_id_from) to make retries across restarts safe too.
"""
from __future__ import annotations

import hashlib
import json
import uuid
from typing import Any, Dict, Mapping, Union

#: The API's client_id length limit.
CLIENT_ID_MAX_LENGTH = 128


def new_client_id() -> str:
    """A fresh random client_id."""
    return str(uuid.uuid4())


def client_id_from(*parts: Union[str, int]) -> str:
    """
    A client_id derived from parts that identify the operation in your system (a job id, a
    recipient, a step name): the same parts give the same id (the TypeScript SDK's clientIdFrom
    gives the same one), so a re-run does not repeat it.
    """
    if not parts:
        raise TypeError("client_id_from needs at least one part")
    text = json.dumps(list(parts), separators=(",", ":"), ensure_ascii=False)
    return "cid_" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:40]


def with_client_id(body: Mapping[str, Any], client_id: Union[str, None] = None) -> Dict[str, Any]:
    """``body`` with a client_id: the one it has, else a new one."""
    cid = body.get("client_id") or client_id or new_client_id()
    if not isinstance(cid, str) or not 0 < len(cid) <= CLIENT_ID_MAX_LENGTH:
        raise ValueError("client_id must be 1-%d characters" % CLIENT_ID_MAX_LENGTH)
    return {**body, "client_id": cid}
