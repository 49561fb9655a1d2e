import { config } from '../../platform/config.ts';

/**
 * Paths of the pages as the browser sees them: under SITE_URL's own path (usually none), so a
 * site served below a prefix keeps working. Forms post to these paths: same origin as the page.
 */
const prefix = new URL(config.siteUrl).pathname.replace(/\/+$/, '');
const q = (params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') s.set(k, String(v));
  const str = s.toString();
  return str ? `?${str}` : '';
};

export const paths = {
  upgradeCheckout: () => `${prefix}/upgrade/checkout`,
  upgrade: (token: string) => `${prefix}/upgrade${q({ token })}`,
  upgradeComplete: (token: string) => `${prefix}/upgrade/complete${q({ token })}`,
  notificationAct: (id: string) => `${prefix}/notify/${encodeURIComponent(id)}/act`,
  notification: (id: string, token: string) => `${prefix}/notify/${encodeURIComponent(id)}${q({ token })}`,
  /** `token`: the inbox's view token (view_url), never a key. */
  inbox: (id: string, token: string, extra: Record<string, string | number | undefined> = {}) =>
    `${prefix}/inbox/${encodeURIComponent(id)}${q({ token, ...extra })}`,
  messageHtml: (id: string, msgId: string, token: string) =>
    `${prefix}/inbox/${encodeURIComponent(id)}/messages/${encodeURIComponent(msgId)}/html${q({ token })}`,
  attachment: (id: string, msgId: string, attId: string, token: string) =>
    `${prefix}/inbox/${encodeURIComponent(id)}/messages/${encodeURIComponent(msgId)}/attachments/${encodeURIComponent(attId)}${q({ token })}`,
};
