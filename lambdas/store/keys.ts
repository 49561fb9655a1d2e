/**
 * Every key shape of the single table, in one place (ARCHITECTURE: single-table design).
 * Access pattern → key:
 *   API key hash → principal             pk APIKEY#<sha256>                 sk APIKEY
 *   account                              pk ACCOUNT#<acc>                   sk ACCOUNT
 *   account → inboxes (by creation)      gsi1 ACCOUNT#<acc>#INBOXES         <inb>
 *   inbox                                pk INBOX#<inb>                     sk INBOX
 *   username → inbox (uniqueness)        pk USERNAME#<username>             sk USERNAME
 *   client_id → created resource         pk IDEMPOTENCY#<scope>#<client_id> sk IDEMPOTENCY
 *   request counter per window (TTL)     pk RATE#<subject>#<window start>   sk RATE
 *   rolling creation window              pk CREATES#<subject>               sk CREATES
 */
export const keys = {
  apiKey: (hash: string) => ({ pk: `APIKEY#${hash}`, sk: 'APIKEY' }),
  account: (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'ACCOUNT' }),
  inbox: (inboxId: string) => ({ pk: `INBOX#${inboxId}`, sk: 'INBOX' }),
  accountInboxesIndex: (accountId: string, inboxId: string) => ({
    gsi1pk: `ACCOUNT#${accountId}#INBOXES`,
    gsi1sk: inboxId,
  }),
  accountInboxesPartition: (accountId: string) => `ACCOUNT#${accountId}#INBOXES`,
  username: (username: string) => ({ pk: `USERNAME#${username}`, sk: 'USERNAME' }),
  idempotency: (scope: string, clientId: string) => ({ pk: `IDEMPOTENCY#${scope}#${clientId}`, sk: 'IDEMPOTENCY' }),
  rateWindow: (subject: string, windowStart: number) => ({ pk: `RATE#${subject}#${windowStart}`, sk: 'RATE' }),
  creationWindow: (subject: string) => ({ pk: `CREATES#${subject}`, sk: 'CREATES' }),
};

/** Strips key attributes so a stored item can be returned as a record. */
export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk' | 'gsi2pk' | 'gsi2sk' | 'gsi3pk' | 'gsi3sk' | 'ttl' | 'type'> {
  const { pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, gsi3pk, gsi3sk, ttl, type, ...rest } = item;
  void [pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, gsi3pk, gsi3sk, ttl, type];
  return rest;
}
