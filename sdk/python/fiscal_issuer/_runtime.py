"""The hand-written runtime under the generated client (_generated.py).

One request function with authentication, Idempotency-Key (one key for every attempt
of a call), retries that honour Retry-After, ``Prefer: wait``, the spec's error object
as a typed exception, and the pagination helper. Standard library only (urllib, json).
"""
from __future__ import annotations

import email.utils
import json
import random
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Callable, Iterator, Mapping, TypeVar, cast

T = TypeVar("T")

RETRIED_STATUSES = frozenset({429, 502, 503, 504})


class FiscalApiError(Exception):
    """An answer other than 2xx, with the API's error object (statusCode, error, message, code)."""

    def __init__(self, status: int, body: dict[str, Any], headers: Mapping[str, str]) -> None:
        code = body.get("code")
        super().__init__(f"{status} {body.get('error')}{f' ({code})' if code else ''}: {body.get('message')}")
        self.status = status
        self.body = body
        self.code: str | None = code
        self.message: str = str(body.get("message", ""))
        self.headers = dict(headers)
        self.retry_after = parse_retry_after(headers.get("Retry-After") or headers.get("retry-after"), time.time())


def parse_retry_after(value: str | None, now: float) -> float | None:
    """Retry-After as seconds: delta-seconds or an HTTP date (RFC 9110 10.2.3)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        at = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, at.timestamp() - now)


class BaseClient:
    """``FiscalIssuer(base_url, api_key)``; with an account key, ``company_id`` names the company (X-Company-Id)."""

    def __init__(
        self,
        base_url: str,
        api_key: str | None = None,
        *,
        company_id: str | None = None,
        max_retries: int = 3,
        max_retry_delay: float = 60.0,
        timeout: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.company_id = company_id
        self.max_retries = max_retries
        self.max_retry_delay = max_retry_delay
        self.timeout = timeout
        self._sleep = sleep

    def paginate(self, list_method: Callable[..., Any], *args: Any, query: Mapping[str, Any] | None = None, **kwargs: Any) -> Iterator[Any]:
        """Every item of a paginated list (``{data, meta: {page, totalPages}}``), page after page.

        ``for doc in client.paginate(client.get_v1_fiscal_documents, query={"environment": "ALL"})``
        """
        page = 1
        while True:
            answer = list_method(*args, query={**(query or {}), "page": page}, **kwargs)
            yield from answer["data"]
            if page >= answer["meta"]["totalPages"] or not answer["data"]:
                return
            page += 1

    def _request(
        self,
        method: str,
        route: str,
        *,
        path: Mapping[str, str] | None = None,
        query: Mapping[str, Any] | None = None,
        body: Any = None,
        idempotency_key: str | None = None,
        wait: int | None = None,
        max_retries: int | None = None,
    ) -> Any:
        url = self.base_url + route
        for name, value in (path or {}).items():
            url = url.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
        pairs: list[tuple[str, str]] = []
        for name, value in (query or {}).items():
            if value is None:
                continue
            items = cast("list[Any]", list(value)) if isinstance(value, (list, tuple)) else [value]  # pyright: ignore[reportUnknownArgumentType]
            for item in items:
                pairs.append((name, "true" if item is True else "false" if item is False else str(item)))
        if pairs:
            url += "?" + urllib.parse.urlencode(pairs)
        headers = {"Accept": "application/json, */*", "User-Agent": "fiscal-issuer-sdk-python"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        if self.company_id:
            headers["X-Company-Id"] = self.company_id
        if method != "GET":
            headers["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        if wait is not None:
            headers["Prefer"] = f"wait={wait}"
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        retries = self.max_retries if max_retries is None else max_retries
        attempt = 0
        while True:
            request = urllib.request.Request(url, data=data, headers=headers, method=method)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return _read_body(response.status, response.headers.get("Content-Type", ""), response.read())
            except urllib.error.HTTPError as error:
                raw = error.read()
                error_body = _error_object(error.code, error.reason, raw)
                retriable = error.code in RETRIED_STATUSES or (error.code == 409 and error_body.get("code") == "idempotency_key_in_use")
                if not retriable or attempt >= retries:
                    raise FiscalApiError(error.code, error_body, dict(error.headers.items())) from None
                delay = self._backoff(attempt, parse_retry_after(error.headers.get("Retry-After"), time.time()))
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if attempt >= retries:
                    raise
                delay = self._backoff(attempt, None)
            self._sleep(delay)
            attempt += 1

    def _backoff(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(self.max_retry_delay, retry_after)
        return min(self.max_retry_delay, 0.5 * 2**attempt * (0.5 + random.random() / 2))


def _read_body(status: int, content_type: str, raw: bytes) -> Any:
    if status == 204 or not raw and "json" not in content_type:
        return None
    if "json" in content_type:
        return json.loads(raw.decode("utf-8"))
    return raw


def _error_object(status: int, reason: str, raw: bytes) -> dict[str, Any]:
    try:
        parsed: Any = json.loads(raw.decode("utf-8"))
        if isinstance(parsed, dict):
            body = cast("dict[str, Any]", parsed)
            if isinstance(body.get("message"), str):
                return {"statusCode": status, "error": reason, **body}
    except (UnicodeDecodeError, json.JSONDecodeError):
        pass  # not JSON: a proxy's page
    return {"statusCode": status, "error": reason or "Error", "message": raw.decode("utf-8", "replace")[:500] or f"HTTP {status}"}
