import { httpHandler } from '../http/handler.ts';
import { getAccount, getCapabilities, upgradeAccount } from '../services/account.ts';
import { createUpgradeLink, getNotificationStatus, notifyOperator } from '../services/operators.ts';

export const handler = httpHandler('account', {
  getAccount, getCapabilities, upgradeAccount,
  createUpgradeLink, createUpgradeLinkAlias: createUpgradeLink, notifyOperator, getNotification: getNotificationStatus,
});
