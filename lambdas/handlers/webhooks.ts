import { httpHandler } from '../http/handler.ts';
import { createWebhook, deleteWebhook, enableWebhook, listWebhookLogs, listWebhooks, rotateWebhookSecret, testWebhook, updateWebhook } from '../usecases/webhooks/subscriptions.ts';

export const handler = httpHandler('webhooks', {
  createWebhook, listWebhooks, updateWebhook, deleteWebhook, testWebhook, enableWebhook, rotateWebhookSecret, listWebhookLogs,
});
