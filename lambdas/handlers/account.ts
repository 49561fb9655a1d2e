import { httpHandler } from '../http/handler.ts';
import { getAccount, getCapabilities, upgradeAccount } from '../services/account.ts';

export const handler = httpHandler('account', { getAccount, getCapabilities, upgradeAccount });
