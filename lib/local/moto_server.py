"""moto in server mode, with DynamoDB transactions that roll back only what they touched.

moto's TransactWriteItems snapshots every table a transaction names (a deep copy of the whole
table) so it can roll back a failed condition. That makes each transaction cost O(table size)
— a local stack slows down as it fills — and a rollback would also undo other requests' writes.
DynamoDB itself touches only the transaction's items. This wrapper keeps moto's behaviour but
backs up and restores only those items. If moto's internals ever change shape, it falls back to
moto's own implementation (slower, same results).
"""
import copy
import sys

from moto.dynamodb import models
from moto.dynamodb.models import DynamoDBBackend
from moto.dynamodb.models.dynamo_type import DynamoType
from moto.dynamodb.models.table import Table

_original = DynamoDBBackend.transact_write_items
_real_copy = copy


class _KeepTables:
    """Stands in for `copy` inside moto's transaction: tables are not deep-copied."""

    @staticmethod
    def deepcopy(value, *args, **kwargs):
        if isinstance(value, Table):
            return value
        return _real_copy.deepcopy(value, *args, **kwargs)


def _backups(backend, transact_items):
    out = []
    for entry in transact_items:
        op_type, op = next(iter(entry.items()))
        table = backend.get_table(op["TableName"])
        key = op["Item"] if op_type == "Put" else op["Key"]
        hash_value = DynamoType(key[table.hash_key_attr])
        range_value = DynamoType(key[table.range_key_attr]) if table.range_key_attr else None
        out.append((table, hash_value, range_value, _real_copy.deepcopy(table.get_item(hash_value, range_value))))
    return out


def _restore(backups):
    for table, hash_value, range_value, item in reversed(backups):
        if range_value is None:
            if item is None:
                table.items.pop(hash_value, None)
            else:
                table.items[hash_value] = item
        else:
            bucket = table.items[hash_value]
            if item is None:
                bucket.pop(range_value, None)
                if not bucket:
                    table.items.pop(hash_value, None)
            else:
                bucket[range_value] = item


def transact_write_items(self, transact_items):
    try:
        backups = _backups(self, transact_items)
    except Exception:
        return _original(self, transact_items)
    models.copy = _KeepTables
    try:
        return _original(self, transact_items)
    except Exception:
        _restore(backups)
        raise
    finally:
        models.copy = _real_copy


DynamoDBBackend.transact_write_items = transact_write_items

if __name__ == "__main__":
    from moto.server import main

    sys.exit(main(sys.argv[1:]))
