"""moto in server mode, with DynamoDB transactions that roll back only what they touched,
transactions isolated from other requests, and state that survives a restart.

moto's TransactWriteItems snapshots every table a transaction names (a deep copy of the whole
table) so it can roll back a failed condition. That makes each transaction cost O(table size)
— a local stack slows down as it fills — and a rollback would also undo other requests' writes.
DynamoDB itself touches only the transaction's items. This wrapper keeps moto's behaviour but
backs up and restores only those items. If moto's internals ever change shape, it falls back to
moto's own implementation (slower, same results).

moto's writes are also not isolated: other requests see a transaction's half-applied items, and
two UpdateItems on one item are unlocked read-modify-writes that lose one another's change.
DynamoDB serialises both. Every DynamoDB request here takes a shared lock and each write an exclusive one,
so a write runs alone — whichever process or function's client sends it.

IAM: moto checks each request against the caller's IAM policies once enforcement is on (the local
stack turns it on through /moto-api/reset-auth after creating one IAM user per function; see
lib/local/iam.ts). Three gaps of moto 5.2.1 are closed here so that enforcement can be on for
everything the stack does: a JSON-protocol service's denial comes back as JSON (moto answers XML,
which the AWS SDK cannot parse, hiding the AccessDenied behind a SyntaxError); an S3 request's
signature is checked over the path as the client sent it (moto recomputes it over the decoded
path, so a key with `+` or a non-ASCII character never matches); and a presigned URL (no
Authorization header: moto answers it 500) is served without an IAM check — it was signed by a
function's own keys, but moto cannot verify query signatures.

With --state-file PATH the emulator keeps its state: it is loaded at start, written (atomically,
tmp + fsync + rename) at most every --snapshot-interval seconds after a change, on demand
(POST /_mailroom/snapshot), on SIGTERM/SIGINT, and when the process that started it dies. On
load, SQS messages that were in flight become visible again: their consumers (the stack's
pollers) died with the process that saved them (release_in_flight_messages).
"""
import bisect
import copy
import copyreg
import json
import os
import pickle
import re
import signal
import sys
import threading
import time

from moto.core import authorization as _authorization
from moto.dynamodb import models
from moto.iam import access_control as _access_control
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
        _bucket_changed(table, hash_value)
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


# Query by key, not by table: moto 5.2.1's Table.query walks every item of the table (base table
# and GSI alike) and then checks the key condition, so each Query costs O(table) and the local
# stack slows as it fills (a word-prefix search index multiplies the items). DynamoDB reads one
# partition. Here a Query hands moto only the items of the partition it names: the base table's
# bucket, or for a GSI the items a per-index map lists under that partition key. moto still
# applies every condition itself, so the answers are the same; the map may list too much (an item
# since deleted or changed), never too little: every write that can create or change an item
# (PutItem, UpdateItem, a transaction's parts, BatchWriteItem, a rollback) adds it again.
# MAILROOM_MOTO_CHECK_QUERIES=1 runs moto's own walk beside each Query and fails on a difference.
_original_query = Table.query
_original_all_items = Table.all_items
_original_put = Table.put_item
_original_delete = Table.delete_item
_original_update = DynamoDBBackend.update_item
_NARROWED = threading.local()
_CHECK_QUERIES = os.environ.get("MAILROOM_MOTO_CHECK_QUERIES") == "1"


def _gsi_hash_attrs(table):
    return tuple(sorted({key["AttributeName"] for index in table.global_indexes for key in index.schema if key["KeyType"] == "HASH"}))


def _partition_map(table):
    """{attribute: {value: {(hash, range)}}} for every GSI partition-key attribute, built once."""
    attrs = _gsi_hash_attrs(table)
    current = table.__dict__.get("_mailroom_partitions")
    if current is not None and current[0] == attrs:
        return current[1]
    listed = {attr: {} for attr in attrs}
    for item in _original_all_items(table):
        _list_item(listed, item)
    table.__dict__["_mailroom_partitions"] = (attrs, listed)
    return listed


def _list_item(listed, item):
    for attr, by_value in listed.items():
        value = item.attrs.get(attr)
        if value is not None:
            by_value.setdefault(value, set()).add((item.hash_key, item.range_key))


def _relist(table, item):
    if item is not None and table.global_indexes:
        listed = _partition_map(table)
        _list_item(listed, item)
        sorted_partitions = table.__dict__.get("_mailroom_gsi_sorted")
        if sorted_partitions:
            for attr in listed:
                value = item.attrs.get(attr)
                if value is not None:
                    sorted_partitions.pop((attr, value), None)


def _put_item(self, *args, **kwargs):
    item = _original_put(self, *args, **kwargs)
    _relist(self, item)
    if item is not None:
        _bucket_changed(self, item.hash_key)
    return item


def _delete_item(self, hash_key, range_key):
    _bucket_changed(self, hash_key)
    return _original_delete(self, hash_key, range_key)


def _bucket_changed(table, hash_value):
    table.__dict__.setdefault("_mailroom_sorted", {}).pop(hash_value, None)


def _sorted_keys(table, hash_value, bucket):
    """
    The bucket's sort keys, sorted, or False when they are not all strings; kept until a write to
    the bucket (so a Query costs its page, not its partition: a word index holds a million keys).
    """
    cache = table.__dict__.setdefault("_mailroom_sorted", {})
    found = cache.get(hash_value)
    if found is None:
        found = sorted(k.value for k in bucket.keys()) if all(k.type == "S" for k in bucket.keys()) else False
        cache[hash_value] = found
    return found


def _key_range(sorted_keys, comparison, values):
    """[lo, hi) of the sorted keys that satisfy a key condition on the sort key (None: cannot tell)."""
    n = len(sorted_keys)
    if not comparison:
        return 0, n
    if comparison == "BEGINS_WITH":
        lo = bisect.bisect_left(sorted_keys, values[0])
        hi = lo
        while hi < n and sorted_keys[hi].startswith(values[0]):
            hi += 1
        return lo, hi
    if comparison == "BETWEEN":
        return bisect.bisect_left(sorted_keys, values[0]), bisect.bisect_right(sorted_keys, values[1])
    if comparison in ("=", "EQ"):
        return bisect.bisect_left(sorted_keys, values[0]), bisect.bisect_right(sorted_keys, values[0])
    if comparison in ("<", "LT"):
        return 0, bisect.bisect_left(sorted_keys, values[0])
    if comparison in ("<=", "LE"):
        return 0, bisect.bisect_right(sorted_keys, values[0])
    if comparison in (">", "GT"):
        return bisect.bisect_right(sorted_keys, values[0]), n
    if comparison in (">=", "GE"):
        return bisect.bisect_left(sorted_keys, values[0]), n
    return None


def _base_page(table, hash_key, bucket, range_comparison, range_objs, limit, exclusive_start_key, forward):
    """
    The items of one base-table partition moto needs to answer a Query exactly as its walk would:
    those the key condition selects, after the start key, in order, up to limit + 1 (moto
    sets LastEvaluatedKey on seeing one more), plus, when exactly `limit` match, the next item
    of the partition in query order (moto also sets LastEvaluatedKey when that one does not
    match). None when the keys are not all strings.
    """
    if any(o.type != "S" for o in range_objs or ()):
        return None
    keys_sorted = _sorted_keys(table, hash_key, bucket)
    if keys_sorted is False:
        return None
    span = _key_range(keys_sorted, range_comparison, [o.value for o in range_objs or ()])
    if span is None:
        return None
    lo, hi = span
    if exclusive_start_key and table.range_key_attr in exclusive_start_key:
        start = DynamoType(exclusive_start_key[table.range_key_attr])
        if start.type != "S":
            return None
        if forward:
            lo = max(lo, bisect.bisect_right(keys_sorted, start.value))
        else:
            hi = min(hi, bisect.bisect_left(keys_sorted, start.value))
    if forward:
        chosen = keys_sorted[lo:hi] if limit is None else keys_sorted[lo:min(hi, lo + limit + 1)]
        if limit is not None and len(chosen) == limit and hi < len(keys_sorted):
            chosen = chosen + [keys_sorted[hi]]
    else:
        chosen = keys_sorted[lo:hi] if limit is None else keys_sorted[max(lo, hi - limit - 1):hi]
        if limit is not None and len(chosen) == limit and lo > 0:
            chosen = [keys_sorted[lo - 1]] + chosen
    return [bucket[DynamoType({"S": k})] for k in chosen]


def _update_item(self, table_name, *args, **kwargs):
    item = _original_update(self, table_name, *args, **kwargs)
    _relist(self.get_table(table_name), item)
    return item


def _stored(table, hash_value, range_value):
    bucket = table.items.get(hash_value)
    if bucket is None:
        return None
    return bucket.get(range_value) if table.range_key_attr else bucket


def _candidates(table, hash_key, index_name, hash_key_conditions, page=None):
    """The items of the partition a Query names, or None when it cannot tell (moto then walks)."""
    if not index_name:
        if hash_key is None:
            return None
        bucket = table.items.get(hash_key)
        if bucket is None:
            return []
        if not table.range_key_attr:
            return [bucket]
        if page is not None:
            narrowed = _base_page(table, hash_key, bucket, *page)
            if narrowed is not None:
                return narrowed
        return list(bucket.values())
    index = next((i for i in table.global_indexes if i.name == index_name), None)
    if index is None or not hash_key_conditions:
        return None  # a local index (same partition as the table) or an unusual form: moto's walk
    attr, value = hash_key_conditions[0]
    keys = _partition_map(table).get(attr, {}).get(value, ())

    def partition_items():
        found = (_stored(table, h, r) for h, r in keys)
        return [item for item in found if item is not None]

    if page is not None:
        paged = _gsi_page(table, index, attr, value, partition_items, *page)
        if paged is not None:
            return paged
    items = partition_items()
    if page is not None and page[0]:
        # Only the items the sort-key condition selects: moto sorts what it is handed, and a
        # word index partition can hold a hundred thousand items. (_query checks the one case
        # where the items it left out could still change the answer.)
        comparison, objs = page[0], page[1]
        range_attr = next((k["AttributeName"] for k in index.schema if k["KeyType"] == "RANGE"), None)
        if range_attr is not None:
            items = [i for i in items if (v := i.attrs.get(range_attr)) is not None and v.compare(comparison, objs)]
    return items


def _gsi_sorted(table, attr, value, range_attr, items):
    """The partition's (index sort key, table hash key, table sort key) strings in moto's order, kept until a write to it."""
    cache = table.__dict__.setdefault("_mailroom_gsi_sorted", {})
    found = cache.get((attr, value))
    if found is None:
        rows = []
        for i in items():
            r = i.attrs.get(range_attr)
            if r is None or i.attrs.get(attr) != value:
                continue  # not indexed, or listed under this partition before it moved
            if r.type != "S" or i.hash_key.type != "S" or (i.range_key is not None and i.range_key.type != "S"):
                return None
            rows.append((r.value, i.hash_key.value, i.range_key.value if i.range_key is not None else "", i.hash_key, i.range_key))
        rows.sort(key=lambda row: row[:3])
        found = ([row[:3] for row in rows], [row[0] for row in rows], [(row[3], row[4]) for row in rows])
        cache[(attr, value)] = found
    return found


def _gsi_page(table, index, attr, value, items, comparison, objs, limit, exclusive_start_key, forward):
    """
    As _base_page, for a GSI partition: the items moto needs to answer exactly as its walk would,
    chosen from the partition's sorted keys. None when it cannot tell (moto then sorts them all).
    """
    range_attr = next((k["AttributeName"] for k in index.schema if k["KeyType"] == "RANGE"), None)
    if range_attr is None or any(o.type != "S" for o in objs or ()):
        return None
    sorted_partition = _gsi_sorted(table, attr, value, range_attr, items)  # items: called only to build it
    if sorted_partition is None:
        return None
    tuples, ranges, keys = sorted_partition
    span = _key_range(ranges, comparison, [o.value for o in objs or ()])
    if span is None:
        return None
    lo, hi = span
    if exclusive_start_key:
        try:
            start = tuple(DynamoType(exclusive_start_key[a]).value for a in (range_attr, table.hash_key_attr, table.range_key_attr) if a)
        except KeyError:
            return None
        if len(start) == 2:
            start = start + ("",)
        if forward:
            lo = max(lo, bisect.bisect_right(tuples, start))
        else:
            hi = min(hi, bisect.bisect_left(tuples, start))
    if forward:
        chosen = list(range(lo, hi)) if limit is None else list(range(lo, min(hi, lo + limit + 1)))
        if limit is not None and len(chosen) == limit and hi < len(tuples):
            chosen.append(hi)
    else:
        chosen = list(range(lo, hi)) if limit is None else list(range(max(lo, hi - limit - 1), hi))
        if limit is not None and len(chosen) == limit and lo > 0:
            chosen.insert(0, lo - 1)
    out = []
    for n in chosen:
        h, r = keys[n]
        item = _stored(table, h, r)
        current = item.attrs.get(range_attr) if item is not None else None
        if item is None or item.attrs.get(attr) != value or current is None or current.value != ranges[n]:
            # A stale entry (the item was deleted or moved since): rebuild the partition once.
            table.__dict__["_mailroom_gsi_sorted"].pop((attr, value), None)
            return None
        out.append(item)
    return out


def _query(self, hash_key, range_comparison, range_objs, limit, exclusive_start_key, scan_index_forward,
           projection_expressions, index_name=None, consistent_read=False, filter_expression=None,
           hash_key_conditions=None, range_key_conditions=None, **filter_kwargs):
    args = (hash_key, range_comparison, range_objs, limit, exclusive_start_key, scan_index_forward, projection_expressions,
            index_name, consistent_read, filter_expression)
    kwargs = dict(hash_key_conditions=hash_key_conditions, range_key_conditions=range_key_conditions, **filter_kwargs)
    try:
        # A page of the base table by its sorted keys, unless moto must see more: a legacy
        # QueryFilter, or a key condition on more than the sort key.
        page = None
        if not filter_kwargs and not (range_key_conditions and len(range_key_conditions) > 1):
            page = (range_comparison, range_objs, limit, exclusive_start_key, scan_index_forward is not False)
        narrowed = _candidates(self, hash_key, index_name, hash_key_conditions, page)
    except Exception:
        narrowed = None
    if narrowed is None:
        return _original_query(self, *args, **kwargs)
    _NARROWED.table, _NARROWED.items = self, narrowed
    try:
        answer = _original_query(self, *args, **kwargs)
        if index_name and page is not None and page[0] and limit is not None and answer[1] == limit and answer[2] is None:
            # The page ended exactly at the last selected item: moto's walk would have gone on to
            # an item the condition rejects and set LastEvaluatedKey. Ask it with the whole partition.
            _NARROWED.items = _candidates(self, hash_key, index_name, hash_key_conditions)
            answer = _original_query(self, *args, **kwargs)
    finally:
        _NARROWED.table = _NARROWED.items = None
    if _CHECK_QUERIES:
        walked = _original_query(self, *args, **kwargs)
        if [i.to_json() for i in walked[0]] != [i.to_json() for i in answer[0]] or walked[2] != answer[2]:
            raise AssertionError(f"narrowed Query differs from moto's walk on {self.name} {index_name}")
    return answer


def _all_items(self):
    if getattr(_NARROWED, "table", None) is self:
        return _NARROWED.items
    return _original_all_items(self)


Table.query = _query
Table.all_items = _all_items
Table.put_item = _put_item
Table.delete_item = _delete_item
DynamoDBBackend.update_item = _update_item


# SES Easy DKIM, as SESv2 CreateEmailIdentity answers for a domain: moto 5.2.1 returns no
# DkimAttributes.Tokens, and custom domains (lambdas/services/domains.ts) publish one CNAME per
# token. Three random tokens per domain identity, kept with it (snapshots included). moto also
# has no PutEmailIdentityMailFromAttributes in SESv2; it is stored where its SES v1 twin keeps it.
from moto.ses import models as _ses_models
from moto.sesv2 import responses as _sesv2_responses
from moto.sesv2 import urls as _sesv2_urls

_original_identity_init = _ses_models.EmailIdentity.__init__


def _identity_init(self, *args, **kwargs):
    _original_identity_init(self, *args, **kwargs)
    if self.identity_type == "DOMAIN":
        import secrets
        alphabet = "abcdefghijklmnopqrstuvwxyz234567"
        self.dkim_attributes["Tokens"] = ["".join(secrets.choice(alphabet) for _ in range(32)) for _ in range(3)]
        self.dkim_attributes["SigningEnabled"] = True


def _put_mail_from(self):
    identity = self._get_param("EmailIdentity") or self.path.split("/identities/")[1].split("/")[0]
    from urllib.parse import unquote
    identity = unquote(identity)
    self.sesv2_backend.core_backend.identity_mail_from_domains[identity] = {
        "mail_from_domain": self._get_param("MailFromDomain"),
        "behavior_on_mx_failure": self._get_param("BehaviorOnMxFailure"),
    }
    return json.dumps({})


_ses_models.EmailIdentity.__init__ = _identity_init
_sesv2_responses.SESV2Response.put_email_identity_mail_from_attributes = _put_mail_from
_sesv2_urls.url_paths["{0}/v2/email/identities/(?P<EmailIdentity>[^/]+)/mail-from$"] = _sesv2_responses.SESV2Response.dispatch


def patch_sesv2_create_existing_identity():
    """
    SES v2 CreateEmailIdentity refuses a name that is already an identity of the account
    (400 AlreadyExistsException, its DKIM keys and tags untouched); moto 5.2.1 answers 200 and
    replaces it, new DKIM tokens and tags included. Custom domains rely on the refusal (an identity
    someone else made is never taken over: lambdas/domains/ses-identities.ts), so the emulator refuses
    as SES does. Tags given at creation are kept and GetEmailIdentity answers them (moto does).
    """
    from moto.core.exceptions import JsonRESTError
    from moto.sesv2 import models as _sesv2_models

    class AlreadyExistsException(JsonRESTError):
        code = 400

        def __init__(self, identity):
            super().__init__("AlreadyExistsException", f"Email identity {identity} already exist.")

    original = _sesv2_models.SESV2Backend.create_email_identity

    def create_email_identity(self, email_identity, *args, **kwargs):
        if email_identity in self.core_backend.email_identities:
            raise AlreadyExistsException(email_identity)
        return original(self, email_identity, *args, **kwargs)

    _sesv2_models.SESV2Backend.create_email_identity = create_email_identity


patch_sesv2_create_existing_identity()


def patch_ses_receipt_rules():
    """
    SES v1 receipt rules as AWS has them, for custom domains' rules (lambdas/domains/receiving.ts)
    and the receiving custom resource (lib/custom-resources/receipt-rule-set.ts). moto 5.2.1 has no
    DeleteReceiptRule; refuses a second rule of the same name only when it is identical in every
    field (AWS: AlreadyExists by name); and checks a Lambda action's function in its own Lambda
    backend, where the local stack's functions are not (they run beside the emulator): any
    function ARN of the region is accepted (the local stack names them with account 000000000000).
    """
    from moto.core.responses import EmptyResult
    from moto.ses import exceptions as _ses_exceptions
    from moto.ses import responses as _ses_responses

    def _validate_lambda_action(self, lambda_action):
        import re
        arn = lambda_action.get("FunctionArn", "")
        if not re.match(rf"arn:aws:lambda:{re.escape(self.region_name)}:\d{{12}}:function:[A-Za-z0-9_-]+$", arn):
            raise _ses_exceptions.InvalidLambdaFunctionException(f"Invalid Lambda function: {arn}")

    original_create = _ses_models.SESBackend.create_receipt_rule

    def create_receipt_rule(self, rule_set_name, rule, after):
        rule_set = self.receipt_rule_set.get(rule_set_name)
        if rule_set is not None and any(r["Name"] == rule["Name"] for r in rule_set.rules):
            raise _ses_exceptions.AlreadyExists(f"Rule already exists: {rule['Name']}")
        return original_create(self, rule_set_name, rule, after)

    def delete_receipt_rule(self, rule_set_name, rule_name):
        rule_set = self.receipt_rule_set.get(rule_set_name)
        if rule_set is None:
            raise _ses_exceptions.RuleSetDoesNotExist(f"Rule set does not exist: {rule_set_name}")
        rule_set.rules[:] = [r for r in rule_set.rules if r["Name"] != rule_name]

    def delete_receipt_rule_response(self):
        self.backend.delete_receipt_rule(self._get_param("RuleSetName"), self._get_param("RuleName"))
        return EmptyResult()

    _ses_models.SESBackend._validate_lambda_action = _validate_lambda_action
    _ses_models.SESBackend.create_receipt_rule = create_receipt_rule
    _ses_models.SESBackend.delete_receipt_rule = delete_receipt_rule
    _ses_responses.EmailResponse.delete_receipt_rule = delete_receipt_rule_response


patch_ses_receipt_rules()



# SQS sends and receives cost O(1) and O(queue), not O(queue) and O(queue²). moto 5.2.1's
# SendMessage reads `queue.attributes` for one setting (ContentBasedDeduplication), and
# ReceiveMessage reads them for each message it hands out (MessageRetentionPeriod); that property
# counts every message of the queue three times (the ApproximateNumberOf… attributes), each
# message asking the clock through datetime arithmetic. With 2,000 jobs queued a batch send took
# half a second and a receive of 10 nearly one, so a backlog (a burst of mail, a crash's
# re-dispatched events) crawled through the queue. While sending or receiving, the attributes are
# built without those counts (neither reads them); GetQueueAttributes builds them once per
# request instead of once or twice per attribute asked for; the clock is time.time(). Any
# surprise: moto's own property.
from moto.core import utils as _moto_utils
from moto.core.utils import camelcase_to_underscores as _camel_to_snake
from moto.sqs import models as _sqs_models


def _unix_time(dt=None):
    return time.time() if dt is None else _moto_utils.unix_time(dt)


def _unix_time_millis(dt=None):
    return _unix_time(dt) * 1000.0


_sqs_models.unix_time = _unix_time
_sqs_models.unix_time_millis = _unix_time_millis

_original_queue_attributes = _sqs_models.Queue.attributes.fget
_SQS_CALL = threading.local()
_COUNT_ATTRIBUTES = ("ApproximateNumberOfMessages", "ApproximateNumberOfMessagesDelayed", "ApproximateNumberOfMessagesNotVisible")


def _queue_settings(queue):
    """moto's Queue.attributes without the message counts."""
    names = [a for a in queue.BASE_ATTRIBUTES if a not in _COUNT_ATTRIBUTES]
    if queue.fifo_queue:
        names += queue.FIFO_ATTRIBUTES
    if queue.kms_master_key_id:
        names += queue.KMS_ATTRIBUTES
    result = {name: getattr(queue, _camel_to_snake(name)) for name in names}
    if queue.policy:
        result["Policy"] = queue.policy
    if queue.redrive_policy:
        result["RedrivePolicy"] = json.dumps(queue.redrive_policy)
    return {k: (str(v).lower() if isinstance(v, bool) else v) for k, v in result.items()}


def _queue_attributes(self):
    mode = getattr(_SQS_CALL, "mode", None)
    try:
        if mode == "settings":
            return _queue_settings(self)
        if mode == "read":
            found = _SQS_CALL.cache.get(id(self))
            if found is None:
                found = _SQS_CALL.cache[id(self)] = _original_queue_attributes(self)
            return found
    except Exception:
        pass
    return _original_queue_attributes(self)


def _sqs_call(mode, method):
    def call(self, *args, **kwargs):
        outer = getattr(_SQS_CALL, "mode", None) is not None
        if not outer:
            _SQS_CALL.mode, _SQS_CALL.cache = mode, {}
        try:
            return method(self, *args, **kwargs)
        finally:
            if not outer:
                _SQS_CALL.mode, _SQS_CALL.cache = None, None
    return call


_sqs_models.Queue.attributes = property(_queue_attributes)
_sqs_models.SQSBackend.send_message = _sqs_call("settings", _sqs_models.SQSBackend.send_message)
_sqs_models.SQSBackend.send_message_batch = _sqs_call("settings", _sqs_models.SQSBackend.send_message_batch)
_sqs_models.SQSBackend.receive_message = _sqs_call("settings", _sqs_models.SQSBackend.receive_message)
_sqs_models.SQSBackend.get_queue_attributes = _sqs_call("read", _sqs_models.SQSBackend.get_queue_attributes)


def release_in_flight_messages():
    """
    Makes every SQS message that was in flight when the state was saved visible again; returns how
    many. A receive hides a message for the queue's visibility timeout (webhook-deliver's: 6
    minutes) from everyone but its consumer, and the snapshot keeps it hidden. But the consumers
    of a local stack — the SQS event-source stand-ins (lib/local/sqs-poller.ts) — died with the
    process that saved it: nobody will finish or delete those jobs, and they would only come back
    minutes after the restart (a kill -9 in the middle of a delivery run held webhook deliveries
    back that long). In AWS the event source mapping never dies with your code; here the next
    start is the moment the old consumers are known to be gone. Receive counts are kept (a job
    that keeps killing its consumer still reaches the DLQ); delayed messages stay delayed.
    """
    from moto.backends import get_backend

    released = 0
    for regions in get_backend("sqs").values():
        for backend in regions.values():
            for queue in backend.queues.values():
                now = time.time() * 1000.0
                for message in queue._messages:
                    if message.visible_at > now:
                        message.visible_at = 0.0
                        released += 1
                queue._pending_messages.clear()
    return released


# The request being handled by this server thread, as the client sent it (see the module docstring).
_REQUEST = threading.local()
_original_authorize = _authorization.ActionAuthenticatorMixin._authenticate_and_authorize_action
_original_s3_request = _access_control.S3IAMRequest._create_aws_request


def _authorize(self, iam_request_cls, resource="*"):
    if "Authorization" not in self.headers and "X-Amz-Signature" in (getattr(self, "querystring", None) or {}):
        return  # a presigned URL: moto cannot check it (it would answer 500)
    return _original_authorize(self, iam_request_cls, resource)


def _s3_request_as_sent(self):
    request = _original_s3_request(self)
    raw = getattr(_REQUEST, "raw_uri", None)
    if raw:
        request.url = raw
    return request


_authorization.ActionAuthenticatorMixin._authenticate_and_authorize_action = _authorize
_access_control.S3IAMRequest._create_aws_request = _s3_request_as_sent

JSON_CONTENT = re.compile(r"^application/(x-amz-json-1\.[01]|json)")
# moto's denial codes → the error type AWS's JSON protocols answer with.
JSON_ERROR_TYPES = {"AccessDenied": "AccessDeniedException", "InvalidClientTokenId": "UnrecognizedClientException"}


# restJson1 services the stack uses whose reads and deletes carry no JSON content type.
REST_JSON_SCOPE = re.compile(r"Credential=[^/]+/[^/]+/[^/]+/scheduler/")


def _speaks_json(environ):
    return bool(environ.get("HTTP_X_AMZ_TARGET") or JSON_CONTENT.match(environ.get("CONTENT_TYPE", ""))
                or environ.get("PATH_INFO", "").startswith("/v2/email/")  # SESv2
                or REST_JSON_SCOPE.search(environ.get("HTTP_AUTHORIZATION", "")))


def _json_error(environ, status, headers, body):
    """moto answers an IAM refusal in XML whatever the protocol; a JSON client needs JSON."""
    if not status.startswith(("400", "401", "403")) or not body.lstrip().startswith(b"<"):
        return status, headers, body
    if not _speaks_json(environ):
        return status, headers, body
    code = re.search(rb"<Code>([^<]+)</Code>", body)
    message = re.search(rb"<Message>([^<]*)</Message>", body)
    if not code:
        return status, headers, body
    error_type = JSON_ERROR_TYPES.get(code.group(1).decode(), code.group(1).decode())
    new_body = json.dumps({"__type": error_type, "message": message.group(1).decode() if message else error_type}).encode()
    kept = [(k, v) for k, v in headers if k.lower() not in ("content-type", "content-length")]
    kept += [("Content-Type", "application/x-amz-json-1.0"), ("Content-Length", str(len(new_body))),
             ("x-amzn-ErrorType", error_type), ("x-amzn-query-error", f"{code.group(1).decode()};Sender")]
    return status, kept, new_body


class ReadWriteLock:
    """Many readers or one writer; a waiting writer holds back new readers (no starvation)."""

    def __init__(self):
        self._cond = threading.Condition()
        self._readers = 0
        self._writer = False
        self._writers_waiting = 0

    def acquire(self, write):
        with self._cond:
            if write:
                self._writers_waiting += 1
                while self._writer or self._readers:
                    self._cond.wait()
                self._writers_waiting -= 1
                self._writer = True
            else:
                while self._writer or self._writers_waiting:
                    self._cond.wait()
                self._readers += 1

    def release(self, write):
        with self._cond:
            if write:
                self._writer = False
            else:
                self._readers -= 1
            self._cond.notify_all()


# DynamoDB: reads shared, writes alone. Only DynamoDB requests take it: an SQS long poll (moto
# sleeps inside the request) must not hold back every table write for its second.
DYNAMO_LOCK = ReadWriteLock()
# The whole state: changes shared, a snapshot alone.
STATE_LOCK = ReadWriteLock()
# Services the local stack uses; their backends are what a snapshot holds.
PERSISTED_SERVICES = ["dynamodb", "s3", "sqs", "secretsmanager", "scheduler", "sesv2", "ses", "iam", "sts"]
# Requests that change nothing worth keeping (SQS receives only move visibility, and a restart
# makes in-flight messages visible again: release_in_flight_messages).
READ_ONLY_TARGET = re.compile(r"\.(Get|Query|Scan|Describe|List|BatchGet|TransactGet|Receive)")
EXCLUSIVE_TARGET = re.compile(r"^DynamoDB_\d+\.(Transact|UpdateItem|PutItem|DeleteItem|BatchWriteItem)")

# Locks inside moto's objects (SQS queues, …) are recreated empty when a snapshot is loaded.
copyreg.pickle(type(threading.RLock()), lambda _lock: (threading.RLock, ()))
copyreg.pickle(type(threading.Lock()), lambda _lock: (threading.Lock, ()))


class State:
    def __init__(self, path, interval):
        self.path = path
        self.interval = interval
        self.dirty = False
        self.write_mutex = threading.Lock()
        self.last_snapshot = 0.0
        self.last_duration = 0.0

    def load(self):
        if not self.path or not os.path.exists(self.path):
            return
        from moto.backends import get_backend

        with open(self.path, "rb") as f:
            blobs = pickle.load(f)
        for name, blob in blobs.items():
            try:
                backend = get_backend(name)
                data = pickle.loads(blob)
                backend.clear()
                backend.update(data)
            except Exception as e:  # a service moto renamed: start it empty, say so
                print(f"mailroom: could not restore {name}: {e!r}", file=sys.stderr)
        try:
            released = release_in_flight_messages()
            if released:
                print(f"mailroom: {released} SQS message(s) in flight at the last snapshot are visible again "
                      "(their consumers died with the previous run)", file=sys.stderr)
        except Exception as e:
            print(f"mailroom: could not release in-flight SQS messages: {e!r}", file=sys.stderr)

    def snapshot(self):
        """Writes the whole emulator state; returns the time (epoch seconds) it was taken."""
        from moto.backends import get_backend

        with self.write_mutex:
            STATE_LOCK.acquire(True)
            try:
                taken = time.time()
                self.dirty = False
                blobs = {}
                for name in PERSISTED_SERVICES:
                    try:
                        blobs[name] = pickle.dumps(dict(get_backend(name)), protocol=pickle.HIGHEST_PROTOCOL)
                    except Exception as e:
                        print(f"mailroom: could not snapshot {name}: {e!r}", file=sys.stderr)
            finally:
                STATE_LOCK.release(True)
            tmp = f"{self.path}.tmp"
            with open(tmp, "wb") as f:
                pickle.dump(blobs, f, protocol=pickle.HIGHEST_PROTOCOL)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
            self.last_snapshot = taken
            self.last_duration = time.time() - taken
            return taken

    def run(self):
        while True:
            # A snapshot blocks every request while it is taken: with much data, take them less
            # often (at most a fifth of the time is spent snapshotting).
            time.sleep(max(self.interval, 5 * self.last_duration))
            if self.dirty:
                try:
                    self.snapshot()
                except Exception as e:
                    print(f"mailroom: snapshot failed: {e!r}", file=sys.stderr)


def wrap(app, state):
    def application(environ, start_response):
        if environ.get("PATH_INFO") == "/_mailroom/snapshot" and environ.get("REQUEST_METHOD") == "POST":
            if not state:
                start_response("404 Not Found", [("Content-Type", "application/json")])
                return [b'{"error":"this emulator was started without --state-file"}']
            taken = state.snapshot()
            start_response("200 OK", [("Content-Type", "application/json")])
            return [json.dumps({"snapshot_at": taken}).encode()]
        target = environ.get("HTTP_X_AMZ_TARGET", "")
        changes = environ.get("REQUEST_METHOD") not in ("GET", "HEAD", "OPTIONS") and not READ_ONLY_TARGET.search(target)
        dynamo = target.startswith("DynamoDB_")
        exclusive = bool(EXCLUSIVE_TARGET.search(target))
        _REQUEST.raw_uri = environ.get("RAW_URI") or environ.get("REQUEST_URI")
        answered = {}

        def capture(status, headers, exc_info=None):
            answered.update(status=status, headers=headers)
            return lambda data: None

        # Always in this order (state, then DynamoDB), so no two requests wait on each other.
        if changes:
            STATE_LOCK.acquire(False)
        try:
            if dynamo:
                DYNAMO_LOCK.acquire(exclusive)
            try:
                # The response body is produced inside the locks: moto builds it eagerly.
                body = b"".join(app(environ, capture))
            finally:
                if dynamo:
                    DYNAMO_LOCK.release(exclusive)
        finally:
            if changes:
                STATE_LOCK.release(False)
            _REQUEST.raw_uri = None
        status, headers, body = _json_error(environ, answered["status"], answered["headers"], body)
        start_response(status, headers)
        if state and changes:
            state.dirty = True
        return [body]

    return application


def take_option(argv, name, default=None):
    if name in argv:
        i = argv.index(name)
        value = argv[i + 1]
        del argv[i : i + 2]
        return value
    return default


if __name__ == "__main__":
    import moto.server

    argv = sys.argv[1:]
    state_file = take_option(argv, "--state-file")
    interval = float(take_option(argv, "--snapshot-interval", "1"))
    state = State(state_file, interval) if state_file else None
    if state:
        state.load()
        threading.Thread(target=state.run, name="snapshots", daemon=True).start()

    def stop(signum, frame):
        if state:
            state.snapshot()
        sys.exit(0)

    moto.server.signal_handler = stop
    parent = os.getppid()

    def watch_parent():
        # Started by the local stack: when it dies (even by SIGKILL), keep what we have and go.
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                if state:
                    try:
                        state.snapshot()
                    except Exception as e:
                        print(f"mailroom: final snapshot failed: {e!r}", file=sys.stderr)
                os._exit(0)

    threading.Thread(target=watch_parent, name="parent-watch", daemon=True).start()

    real_run_simple = moto.server.run_simple

    def run_simple(host, port, app, **kwargs):
        return real_run_simple(host, port, wrap(app, state), **kwargs)

    moto.server.run_simple = run_simple
    sys.exit(moto.server.main(argv))
