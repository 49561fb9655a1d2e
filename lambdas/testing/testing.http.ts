/** HTTP mapping of the testing function: simulated inbound mail and request bins (test mode only). */
import type { z } from 'zod';
import type { HttpRequest, OperationResult } from '../platform/http/types.ts';
import type { SimulateBody } from './testing.schemas.ts';
import type { InboxParams } from '../platform/http/common.schemas.ts';
import { simulateInbound } from './simulate.ts';
import * as bins from './bins.ts';
import { MAX_LIVE_BINS, type BinRecord } from './testing.entities.ts';
import type { BinParams, BinRequestsQuery, CreateBinBody, UpdateBinBody } from './testing.schemas.ts';

type SimulateRequest = HttpRequest<'inbox-or-account', z.output<typeof SimulateBody>, unknown, z.output<typeof InboxParams>>;

async function simulateInboundMail(req: SimulateRequest): Promise<OperationResult> {
  const inbox = req.principal.inbox;
  const r = await simulateInbound(inbox, req.body);
  return {
    status: 201,
    result: r,
    nextSteps: r.message_id
      ? [`GET /v1/inboxes/${inbox.id}/messages/${r.message_id} reads it, as your agent would; a wait started before this call has returned it.`]
      : [`It was refused (${r.rejected_reason}), as the same real mail would be: GET /v1/inboxes/${inbox.id}/rules shows the inbox's sender rules.`],
  };
}

// Request bins
type BinRequest<B = unknown, Q = unknown> = HttpRequest<'account', B, Q, z.output<typeof BinParams>>;

const binView = (b: BinRecord) => ({
  id: b.id, url: bins.binUrl(b.id), respond: b.respond, request_count: b.request_count, created_at: b.created_at, expires_at: b.expires_at,
});
const binSteps = (b: BinRecord) => [
  `Point a webhook at it: POST /v1/webhooks {"url": "${bins.binUrl(b.id)}", "events": ["message.received"]}; GET /v1/test/bins/${b.id}/requests then shows each delivery, headers and signature included.`,
  `PATCH /v1/test/bins/${b.id} {"respond": {"status": 500}} makes it fail (retries, then an unhealthy webhook); {"status": 200} makes it recover.`,
];

async function createBin(req: HttpRequest<'account', z.output<typeof CreateBinBody>>): Promise<OperationResult> {
  const b = await bins.createBin(req.principal.account.id, req.body);
  return { status: 201, result: binView(b), nextSteps: [...binSteps(b), `It expires at ${b.expires_at}; DELETE /v1/test/bins/${b.id} frees it sooner.`] };
}

async function listBins(req: HttpRequest<'account'>): Promise<OperationResult> {
  const all = await bins.listBins(req.principal.account.id);
  return {
    result: { bins: all.map(binView), total: all.length, max_bins: MAX_LIVE_BINS },
    nextSteps: all.length ? ['GET /v1/test/bins/{id}/requests reads what a bin received.'] : ['Create one with POST /v1/test/bins.'],
  };
}

async function updateBin(req: BinRequest<z.output<typeof UpdateBinBody>>): Promise<OperationResult> {
  const b = await bins.updateBin(req.principal.account.id, req.params.id, req.body);
  return { result: binView(b), nextSteps: [`Requests from now on are answered ${b.respond.status} after ${b.respond.delay_ms} ms.`] };
}

async function listBinRequests(req: BinRequest<unknown, z.output<typeof BinRequestsQuery>>): Promise<OperationResult> {
  const page = await bins.listBinRequests(req.principal.account.id, req.params.id, req.query);
  const requests = page.requests.map((r) => ({
    method: r.method, path: r.path, query: r.query, headers: r.headers, body: r.body, body_encoding: r.body_encoding ?? 'utf8', body_truncated: r.body_truncated,
    received_at: r.received_at, answered_status: r.answered_status,
  }));
  return {
    result: { ...page, requests },
    nextSteps: requests.length
      ? ['Verify a webhook delivery as your receiver would: HMAC-SHA256 of body with the webhook secret against the x-service-signature header.']
      : [`Nothing yet: send something to its url, or point a webhook at it (POST /v1/webhooks).`],
  };
}

async function deleteBin(req: BinRequest): Promise<OperationResult> {
  const b = await bins.deleteBin(req.principal.account.id, req.params.id);
  return { result: { id: b.id, deleted: true }, nextSteps: ['Its url answers 404 from now on; a webhook pointed at it fails until you change its url.'] };
}

/** A request to a bin's public URL: recorded, then answered with the bin's status (no envelope: a receiver's answer). */
async function receiveBinRequest(req: HttpRequest<'none', unknown, Record<string, string>, z.output<typeof BinParams>>): Promise<OperationResult> {
  const { status } = await bins.receiveBinRequest(req.params.id, {
    method: req.route.method, path: `/bins/${req.params.id}`, query: req.query, headers: req.headers, body: req.rawBytes,
  });
  return { status, raw: { body: JSON.stringify({ received: true }), contentType: 'application/json; charset=utf-8' } };
}

export const testingApi = {
  simulateInboundMail, createBin, listBins, updateBin, listBinRequests, deleteBin,
  receiveBinRequestPost: receiveBinRequest, receiveBinRequestPut: receiveBinRequest, receiveBinRequestPatch: receiveBinRequest,
  receiveBinRequestGet: receiveBinRequest, receiveBinRequestDelete: receiveBinRequest,
};
