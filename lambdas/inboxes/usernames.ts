/** 3–32 chars, lowercase letters, digits, hyphens; starts and ends with a letter or digit (spec). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,30})[a-z0-9]$/;

/**
 * Local parts we never hand out: they route to the operator (RFC 2142) or invite phishing.
 */
export const RESERVED_USERNAMES = new Set([
  'abuse', 'admin', 'administrator', 'hostmaster', 'postmaster', 'webmaster', 'security',
  'noc', 'root', 'mailer-daemon', 'no-reply', 'noreply', 'support', 'billing', 'info',
]);

export function usernameProblem(username: string): string | undefined {
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX)
    return `username must be ${USERNAME_MIN}-${USERNAME_MAX} characters`;
  if (!USERNAME_PATTERN.test(username))
    return 'username may contain only lowercase letters, digits and hyphens, and must start and end with a letter or digit';
  if (RESERVED_USERNAMES.has(username)) return `username "${username}" is reserved`;
  return undefined;
}
