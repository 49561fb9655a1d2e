import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { RouteDef } from '../../routes.ts';
import type { Caller } from '../caller.ts';

/** For inbox keys, `inbox` is their inbox; for account keys on an `{id}` route, the inbox addressed. */
export interface Principal extends Caller {
  /** The presented key: a rotation revokes exactly this key. */
  key: string;
}

export interface RateLimitState { limit: number; remaining: number; reset: number; window: number }

/** Everything a middleware learns about a request, handed to the operation. */
export interface HttpRequest<B = any, Q = any, P = any> {
  route: RouteDef;
  requestId: string;
  sourceIp: string;
  params: P;
  query: Q;
  body: B;
  rawBody: string | undefined;
  headers: Record<string, string | undefined>;
  principal?: Principal;
  authError?: Error;
  rateLimit?: RateLimitState;
  /** This request already counted in its account's rate window (beside the key lookup). */
  rateCounted?: { subject: string; windowStart: number; count: number };
}

export interface OperationResult {
  status?: number;
  result?: unknown;
  nextSteps?: string[];
  headers?: Record<string, string>;
  /** A non-envelope body (openapi.json, llms.txt). */
  raw?: { body: string; contentType: string };
}

export type Operation = (req: HttpRequest) => Promise<OperationResult>;

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResponse = APIGatewayProxyStructuredResultV2;
export interface HttpContext extends Context { mailroom?: HttpRequest }
