/**
 * Accounts, inboxes and keys on a sandbox stack: the one unauthenticated call that makes an
 * account, more inboxes with the account key, and keys that rotate — the old one refused at once,
 * the new one working — as an agent and its operator rely on.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { accountKeyRotated, addInbox, api, cleanUp, newAccount, ok } from './sandbox.ts';

afterAll(cleanUp);

describe('accounts and inboxes', () => {
  it('one unauthenticated call makes an account and its inbox; the account key adds and lists inboxes', async () => {
    const first = await newAccount();
    expect(first).toMatchObject({
      id: expect.stringMatching(/^inb_/), address: expect.stringMatching(/^sbx-[^@]+@[a-z0-9.-]+$/),
      api_key: expect.stringMatching(/^mr_/), account_api_key: expect.stringMatching(/^mr_/), view_url: expect.stringMatching(/^https?:\/\//),
    });
    const second = await addInbox(first.account_api_key);
    // Inboxes of one account share its domain.
    expect(second.address.split('@')[1]).toBe(first.address.split('@')[1]);
    const listed = await ok(200, 'GET', '/v1/inboxes', { key: first.account_api_key });
    expect(listed.inboxes.map((i: { id: string }) => i.id).sort()).toEqual([first.id, second.id].sort());
    // An inbox key reads its own inbox only.
    expect((await ok(200, 'GET', `/v1/inboxes/${first.id}`, { key: first.api_key })).address).toBe(first.address);
    expect((await api('GET', `/v1/inboxes/${second.id}`, { key: first.api_key })).status).toBeGreaterThanOrEqual(401);
    const account = await ok(200, 'GET', '/v1/account', { key: first.account_api_key });
    expect(account).toMatchObject({ tier: 'free', limits: { current_inboxes: 2 } });
  });

  it('a taken username is a 409 naming the field; a bad one a 400', async () => {
    const inbox = await newAccount();
    const taken = await api('POST', '/v1/inboxes', { body: { username: inbox.address.split('@')[0] } });
    expect(taken.status, taken.text).toBe(409);
    expect(taken.text).toContain('username');
    const bad = await api('POST', '/v1/inboxes', { body: { username: 'Not A Name!' } });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.text).toContain('username');
  });

  it('a rotated inbox key and a rotated account key are refused at once; the new ones work', async () => {
    const inbox = await newAccount();
    const rotated = await ok(200, 'POST', `/v1/inboxes/${inbox.id}/rotate-key`, { key: inbox.account_api_key });
    expect((await api('GET', `/v1/inboxes/${inbox.id}`, { key: inbox.api_key })).status).toBe(401);
    expect((await api('GET', `/v1/inboxes/${inbox.id}`, { key: rotated.api_key })).status).toBe(200);

    const account = await ok(200, 'POST', '/v1/account/rotate-key', { key: inbox.account_api_key });
    accountKeyRotated(inbox.account_api_key, account.account_api_key);
    expect((await api('GET', '/v1/account', { key: inbox.account_api_key })).status).toBe(401);
    expect((await api('GET', '/v1/account', { key: account.account_api_key })).status).toBe(200);
    // Inbox keys survive an account key rotation.
    expect((await api('GET', `/v1/inboxes/${inbox.id}`, { key: rotated.api_key })).status).toBe(200);
  });

  it('a deleted inbox is gone: its account no longer lists it, deleting it again is a 404, its key reads nothing', async () => {
    const inbox = await newAccount();
    const other = await addInbox(inbox.account_api_key);
    await ok(200, 'DELETE', `/v1/inboxes/${other.id}`, { key: inbox.account_api_key });
    expect((await ok(200, 'GET', '/v1/inboxes', { key: inbox.account_api_key })).inboxes.map((i: { id: string }) => i.id)).toEqual([inbox.id]);
    expect((await api('DELETE', `/v1/inboxes/${other.id}`, { key: inbox.account_api_key })).status).toBe(404);
    expect([401, 404]).toContain((await api('GET', `/v1/inboxes/${other.id}`, { key: other.api_key })).status);
  });
});
