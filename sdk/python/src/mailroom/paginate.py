"""
Iteration over the API's lists (mirrors sdk/src/paginate.ts). A list takes limit/offset and
answers total (and has_more); when a page carries ``next_cursor``, the next page is asked for
with ``cursor`` instead, so the same loop keeps working as the API moves to cursors.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, Optional, TypeVar

T = TypeVar("T")

#: The API's page-size cap: fewer round trips without a 400.
MAX_PAGE_SIZE = 100


def paginate(
    fetch_page: Callable[[Dict[str, Any]], Dict[str, Any]],
    key: str,
    page_size: Optional[int] = None,
    max: Optional[int] = None,
) -> Iterator[Any]:
    """
    Every item of ``page[key]`` across pages. ``fetch_page`` gets ``{"limit", "offset"}`` (and
    ``"cursor"`` after a page that had a next_cursor) and returns the envelope's result.
    """
    limit = min(MAX_PAGE_SIZE, _larger(1, page_size if page_size is not None else MAX_PAGE_SIZE))
    offset = 0
    cursor: Optional[str] = None
    yielded = 0
    # Offsets shift when items arrive during the walk (newest first): skip what was already seen.
    seen = set()
    while True:
        request: Dict[str, Any] = {"limit": limit, "offset": offset}
        if cursor is not None:
            request["cursor"] = cursor
        page = fetch_page(request)
        items = page.get(key) or []
        for item in items:
            item_id = item.get("id") if isinstance(item, dict) else None
            if isinstance(item_id, str):
                if item_id in seen:
                    continue
                seen.add(item_id)
            yield item
            yielded += 1
            if max is not None and yielded >= max:
                return
        if "next_cursor" in page:
            if not page["next_cursor"]:
                return
            cursor = page["next_cursor"]
            continue
        offset += len(items)
        total = page.get("total")
        if not items or page.get("has_more") is False or (isinstance(total, int) and offset >= total):
            return


def _larger(a: int, b: int) -> int:
    return a if a > b else b
