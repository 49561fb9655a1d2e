/**
 * Rows of the route table for the account. lambdas/routes.ts assembles every slice's rows in the
 * order the API is documented in; lambdas/platform/http/route.ts says what a row is.
 */
import { schemaModules, type RouteDef } from '../platform/http/route.ts';

/** Request schemas: a function builds those of its own routes at init. */
const s = schemaModules({
  account: () => import('./account.schemas.ts'),
});
/** Response schemas: only what describes the API (OpenAPI) loads them. */
const res = schemaModules({
  account: () => import('./account.responses.ts'),
});

export const accountsRoutes = [
  { method: 'GET', path: '/v1/account', fn: 'account', operationId: 'getAccount', auth: 'account', tag: 'Account',
    summary: 'Account tier, limits, usage and billing', response: res('account', 'AccountView') },
  { method: 'GET', path: '/v1/capabilities', fn: 'account', operationId: 'getCapabilities', auth: 'any', tag: 'Account',
    summary: 'What this key can and cannot do, and how to unlock the rest', response: res('account', 'Capabilities') },
  { method: 'POST', path: '/v1/account/upgrade', fn: 'account', operationId: 'upgradeAccount', auth: 'account', tag: 'Account',
    summary: 'Upgrade to a paid tier with a payment method',
    description: 'The new tier applies at once. With the sandbox payment provider, pm_card_visa succeeds and pm_card_chargeDeclined is declined (402 PAYMENT_DECLINED).',
    body: s('account', 'UpgradeBody'), response: res('account', 'UpgradeResult'), errors: [402, 409] },
  { method: 'POST', path: '/v1/account/rotate-key', fn: 'account', operationId: 'rotateAccountKey', auth: 'account', tag: 'Account',
    summary: 'Issue a new account key (the old one is refused from the next request on)',
    description: 'The new account_api_key is returned once (stored only as a hash); the old key answers 401 at once. Inbox keys are not affected. 409 KEY_CHANGED when another rotation won the race.',
    response: res('account', 'AccountKeyRotated'), errors: [409] },
] as const satisfies readonly RouteDef[];
