import type { AccountRecord } from '../accounts/accounts.entities.ts';
import type { InboxRecord } from '../inboxes/inboxes.entities.ts';

/**
 * Who a use case acts for: the account, and the inbox when the key is an inbox key or the
 * request addresses one inbox. How it was proven (an API key, a link) is the caller's business.
 */
export interface Caller {
  kind: 'account' | 'inbox';
  account: AccountRecord;
  inbox?: InboxRecord;
}
