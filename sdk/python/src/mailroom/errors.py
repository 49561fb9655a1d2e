"""The errors every call raises (mirrors sdk/src/errors.ts)."""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional


class MailroomError(Exception):
    """
    Every failed call raises this. ``code`` is the API's error code (INVALID_API_KEY,
    RATE_LIMIT_EXCEEDED, ...), ``next_steps`` what the API says to do about it, ``retry_after``
    the seconds to wait when the API gave them. Network failures have status 0 and code
    NETWORK_ERROR.
    """

    def __init__(
        self,
        *,
        status: int,
        code: str,
        message: str,
        next_steps: Optional[List[str]] = None,
        subcode: Optional[str] = None,
        retry_after: Optional[float] = None,
        field: Optional[str] = None,
        request_id: Optional[str] = None,
        body: Optional[Dict[str, Any]] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        #: HTTP status; 0 when no response arrived.
        self.status = status
        #: The envelope's ``error``, e.g. INBOX_NOT_FOUND.
        self.code = code
        #: The envelope's sub-code, e.g. API_RATE_LIMIT.
        self.subcode = subcode
        self.next_steps: List[str] = list(next_steps or [])
        #: Seconds to wait before retrying (429, sometimes 503).
        self.retry_after = retry_after
        #: The request field that failed validation.
        self.field = field
        #: Quote it when reporting a 500.
        self.request_id = request_id
        #: The whole error envelope, when the API sent one.
        self.body = body

    @classmethod
    def from_response(cls, status: int, reason: str, headers: Mapping[str, str], body: Any) -> "MailroomError":
        """From a response that is not 2xx; ``body`` is its parsed JSON (or text) when there was any."""
        env = body if _is_envelope(body) else None
        retry_after: Optional[float] = None
        if env is not None and isinstance(env.get("retry_after"), (int, float)):
            retry_after = float(env["retry_after"])
        else:
            raw = headers.get("retry-after")
            if raw is not None:
                try:
                    value = float(raw)
                    if value >= 0:
                        retry_after = value
                except ValueError:
                    pass
        if env is not None:
            message = env["message"]
        else:
            message = "%d %s" % (status, reason or "error")
            if isinstance(body, str) and body:
                message += ": " + body[:200]
        return cls(
            status=status,
            code=env["error"] if env else "HTTP_%d" % status,
            message=message,
            next_steps=env.get("next_steps") if env else None,
            subcode=env.get("code") if env else None,
            retry_after=retry_after,
            field=env.get("field") if env else None,
            request_id=env.get("request_id") if env else None,
            body=env,
        )

    @classmethod
    def network(cls, cause: BaseException) -> "MailroomError":
        """A request that got no response at all (DNS, refused connection, reset, timeout)."""
        err = cls(
            status=0,
            code="NETWORK_ERROR",
            message="No response from the Mailroom API: %s" % (cause,),
            next_steps=["Check MAILROOM_API_URL and your network, then retry."],
        )
        err.__cause__ = cause
        return err

    def to_dict(self) -> Dict[str, Any]:
        """For logs: the envelope's own field names."""
        out: Dict[str, Any] = {"error": self.code, "message": self.message, "status": self.status, "next_steps": self.next_steps}
        if self.subcode:
            out["code"] = self.subcode
        if self.retry_after is not None:
            out["retry_after"] = self.retry_after
        if self.field:
            out["field"] = self.field
        if self.request_id:
            out["request_id"] = self.request_id
        return out

    def __repr__(self) -> str:
        return "%s(status=%d, code=%r, message=%r)" % (type(self).__name__, self.status, self.code, self.message)


class WaitTimeoutError(MailroomError):
    """wait_for_message ran out of its total time without a matching message."""

    def __init__(self, seconds: float, next_steps: Optional[List[str]] = None) -> None:
        super().__init__(
            status=0,
            code="WAIT_TIMEOUT",
            message="No matching message arrived within %g s" % seconds,
            next_steps=next_steps,
        )


def _is_envelope(body: Any) -> bool:
    return isinstance(body, dict) and isinstance(body.get("error"), str) and isinstance(body.get("message"), str)
