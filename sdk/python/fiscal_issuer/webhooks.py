"""Verifying a webhook delivery (API spec, Events -> Signature).

X-Webhook-Signature is ``t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`` with
the endpoint secret. Verify over the raw body before parsing it, compare in constant time,
refuse old timestamps (a replayed delivery) and deduplicate by the envelope id.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from typing import Any, TypedDict


class WebhookSignatureError(Exception):
    """The signature header does not sign this body with this secret, or is too old."""


class WebhookEnvelope(TypedDict):
    id: str
    type: str
    createdAt: str
    data: dict[str, Any]


def verify_webhook_signature(payload: bytes | str, signature_header: str | None, secret: str, *, tolerance_seconds: int = 300, now: float | None = None) -> None:
    """Raises WebhookSignatureError unless the header signs this raw body with this secret, recently enough (0 turns the age check off)."""
    fields = [part.strip().split("=", 1) for part in (signature_header or "").split(",")]
    timestamp = next((pair[1] for pair in fields if len(pair) == 2 and pair[0] == "t"), None)
    signatures = [pair[1] for pair in fields if len(pair) == 2 and pair[0] == "v1" and pair[1]]
    if timestamp is None or not timestamp.isdigit() or not signatures:
        raise WebhookSignatureError("malformed signature header")
    raw = payload.encode("utf-8") if isinstance(payload, str) else payload
    expected = hmac.new(secret.encode("utf-8"), timestamp.encode("ascii") + b"." + raw, hashlib.sha256).hexdigest()
    if not any(re.fullmatch(r"[0-9a-fA-F]{64}", candidate) and hmac.compare_digest(candidate.lower(), expected) for candidate in signatures):
        raise WebhookSignatureError("signature does not match")
    current = time.time() if now is None else now
    if tolerance_seconds > 0 and abs(current - int(timestamp)) > tolerance_seconds:
        raise WebhookSignatureError("signature timestamp outside the tolerance")


def construct_webhook_event(payload: bytes | str, signature_header: str | None, secret: str, *, tolerance_seconds: int = 300, now: float | None = None) -> WebhookEnvelope:
    """Verifies, then parses the envelope {id, type, createdAt, data}."""
    verify_webhook_signature(payload, signature_header, secret, tolerance_seconds=tolerance_seconds, now=now)
    text = payload.decode("utf-8") if isinstance(payload, bytes) else payload
    return json.loads(text)  # type: ignore[no-any-return]
