"""
Verifying a webhook delivery (mirrors sdk/src/webhooks.ts). Two signature schemes arrive on each
delivery:

- Standard Webhooks (https://www.standardwebhooks.com): ``webhook-id``, ``webhook-timestamp``,
  ``webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">``. The timestamp is signed,
  so a replayed body with a fresh timestamp fails. Checked first, and required by default.
- ``X-Service-Signature``: lowercase hex HMAC-SHA256 of the raw body alone, keyed with the whole
  secret. Its timestamp is not signed, so a captured delivery can be replayed: accepted only with
  ``allow_legacy_signature=True``.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
from typing import Any, Dict, Mapping, Optional, Union

#: Five minutes, the tolerance Standard Webhooks recommends: room for clock skew, short for replays.
DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300


class WebhookVerificationError(Exception):
    """``code``: MISSING_SIGNATURE, INVALID_SIGNATURE, TIMESTAMP_OUT_OF_TOLERANCE or INVALID_BODY."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _header(headers: Any, name: str) -> Optional[str]:
    """A header from a dict (any case), an http.client/email Message, or a list of pairs."""
    want = name.lower()
    items = headers.items() if hasattr(headers, "items") else headers
    for key, value in items:
        if str(key).lower() == want:
            if isinstance(value, (list, tuple)):
                return str(value[0]) if value else None
            return value.decode("latin-1") if isinstance(value, bytes) else str(value)
    return None


def _b64(text: str) -> bytes:
    """Lenient base64 like Node's decoder: either alphabet, padding optional."""
    cleaned = text.strip().replace("-", "+").replace("_", "/")
    return base64.b64decode(cleaned + "=" * (-len(cleaned) % 4))


def _check_timestamp(raw: Optional[str], tolerance: float, now: Optional[float], required: bool) -> None:
    if raw is None:
        if required:
            raise WebhookVerificationError("MISSING_SIGNATURE", "webhook-timestamp header is missing")
        return
    current = time.time() if now is None else now
    if not re.fullmatch(r"\d+", raw.strip()) or abs(current - int(raw.strip())) > tolerance:
        raise WebhookVerificationError("TIMESTAMP_OUT_OF_TOLERANCE", "timestamp %s is more than %g s from now" % (raw, tolerance))


def verify_webhook(
    raw_body: Union[bytes, bytearray, str],
    headers: Union[Mapping[str, Any], Any],
    secret: str,
    *,
    tolerance_seconds: float = DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
    now: Optional[float] = None,
    allow_legacy_signature: bool = False,
) -> Dict[str, Any]:
    """
    Checks that ``raw_body`` (the exact bytes received, before any JSON parsing) was signed with
    ``secret`` under the Standard Webhooks headers and is fresh, and returns the parsed event.
    Raises WebhookVerificationError otherwise; answer such a request with 401. ``now`` is a Unix
    time in seconds (tests).
    """
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    standard = _header(headers, "webhook-signature")
    if standard is not None:
        msg_id = _header(headers, "webhook-id")
        timestamp = _header(headers, "webhook-timestamp")
        if not msg_id or not timestamp:
            raise WebhookVerificationError("MISSING_SIGNATURE", "webhook-signature needs webhook-id and webhook-timestamp")
        key = _b64(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
        expected = hmac.new(key, ("%s.%s." % (msg_id, timestamp)).encode("utf-8") + body, hashlib.sha256).digest()
        # Space-separated "v1,<base64>" entries (several while a secret is being rotated).
        matched = False
        for entry in standard.split(" "):
            if not entry.startswith("v1,"):
                continue
            try:
                given = _b64(entry[3:])
            except (binascii.Error, ValueError):
                continue
            matched = hmac.compare_digest(given, expected) or matched
        if not matched:
            raise WebhookVerificationError("INVALID_SIGNATURE", "webhook-signature does not match the body")
        _check_timestamp(timestamp, tolerance_seconds, now, True)
    else:
        legacy = _header(headers, "x-service-signature")
        legacy = legacy.strip() if legacy is not None else None
        if not allow_legacy_signature:
            raise WebhookVerificationError(
                "MISSING_SIGNATURE",
                "webhook-id, webhook-timestamp and webhook-signature are missing; X-Service-Signature alone is refused "
                "(it signs no timestamp, so it can be replayed) unless allow_legacy_signature is set"
                if legacy
                else "webhook-id, webhook-timestamp and webhook-signature are missing",
            )
        if not legacy:
            raise WebhookVerificationError("MISSING_SIGNATURE", "neither webhook-signature nor X-Service-Signature is present")
        expected = hmac.new(secret.encode("utf-8"), body, hashlib.sha256).digest()
        if not re.fullmatch(r"[0-9a-fA-F]{64}", legacy) or not hmac.compare_digest(bytes.fromhex(legacy), expected):
            raise WebhookVerificationError("INVALID_SIGNATURE", "X-Service-Signature does not match the body")
        _check_timestamp(_header(headers, "x-service-timestamp"), tolerance_seconds, now, False)
    try:
        event = json.loads(body.decode("utf-8"))
    except ValueError:
        raise WebhookVerificationError("INVALID_BODY", "the signed body is not JSON") from None
    return event
