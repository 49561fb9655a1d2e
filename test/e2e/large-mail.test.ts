import { afterAll, describe, expect, it } from 'vitest';
import { api, newAccount } from './client.ts';
import { closeMail, sendMail, uniqueSubject, waitForMessage } from './mail.ts';

afterAll(closeMail);

describe('mail larger than a DynamoDB item is stored whole', () => {
  it('a message with a 600 KB text body and 700 KB of HTML arrives whole and reads back whole', async () => {
    const inbox = await newAccount();
    const subject = uniqueSubject('big');
    const text = `Hello!\n\n${'The quick brown fox jumps over the lazy dog. '.repeat(14_000)}\nEnd of text.`;
    const html = `<p>Hello!</p>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing.</p>'.repeat(12_000)}<p>End of html.</p>`;
    await sendMail({ from: 'big@example.org', to: inbox.address, subject, text, html });

    const m = await waitForMessage(inbox.api_key, inbox.id, subject);
    expect(m.body_text.length).toBeGreaterThan(600_000);
    expect(m.body_text.trimEnd().endsWith('End of text.')).toBe(true);
    expect(m.body_html).toContain('End of html.');
    expect(m.headers.subject).toBe(subject);

    const one = await api('GET', `/v1/inboxes/${inbox.id}/messages/${m.id}`, { key: inbox.api_key });
    expect(one.body.result.body_text.length).toBe(m.body_text.length);
    const thread = await api('GET', `/v1/inboxes/${inbox.id}/threads/${m.thread_id}`, { key: inbox.api_key });
    expect(thread.body.result.thread.messages[0].body_html).toContain('End of html.');
  });
});
