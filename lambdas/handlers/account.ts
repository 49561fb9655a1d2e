import { httpHandler } from '../http/handler.ts';
import { getAccount, getCapabilities, upgradeAccount } from '../usecases/accounts/account.ts';
import { createUpgradeLink, getNotificationStatus, notifyOperator } from '../usecases/operators/operators.ts';

export const handler = httpHandler('account', {
  getAccount, getCapabilities, upgradeAccount,
  createUpgradeLink, createUpgradeLinkAlias: createUpgradeLink, notifyOperator, getNotification: getNotificationStatus,
});
