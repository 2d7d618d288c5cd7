"""fiscal_issuer: the generated client (one method per operation of the OpenAPI document) over a
standard-library runtime, and webhook signature verification."""
from ._generated import API_VERSION, GeneratedClient
from ._runtime import FiscalApiError, parse_retry_after
from .webhooks import WebhookEnvelope, WebhookSignatureError, construct_webhook_event, verify_webhook_signature

__version__ = API_VERSION


class FiscalIssuer(GeneratedClient):
    """The API client: ``FiscalIssuer("https://api.example.com", api_key)``."""


__all__ = [
    "API_VERSION",
    "FiscalApiError",
    "FiscalIssuer",
    "WebhookEnvelope",
    "WebhookSignatureError",
    "construct_webhook_event",
    "parse_retry_after",
    "verify_webhook_signature",
]
