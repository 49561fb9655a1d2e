"""
The API's JSON shapes as TypedDicts (``from mailroom.models import Message``), generated from
openapi.json into _models.py, and OPERATIONS: operationId -> (HTTP method, path template).
"""
from ._models import *  # noqa: F401,F403 - every model is public
from ._models import OPERATIONS  # noqa: F401
