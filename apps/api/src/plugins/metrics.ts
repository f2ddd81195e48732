// GET /metrics in Prometheus text (prom-client), for a scraper holding METRICS_TOKEN; 404 when no token is configured.
// What each series means and why: docs/operations.md.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { z } from 'zod';
import { apiMessages } from '@dealerleads/shared';
import type { DatabaseHandle } from '../db/database';
import { queuedWrites } from '../db/write-batcher';
import { notFound, unauthorized } from './errors';
import { errorSchemas } from './openapi';

/** The lead list engine as /api/health reports it, and how many lead changes it has still to apply (null: unknown). */
export interface ListEngineStatus {
  state: string;
  lagVersions: number | null;
}

export interface MetricsOptions {
  /** The bearer token a scrape must send; undefined turns the route into a 404. */
  token: string | undefined;
  database: DatabaseHandle;
  /** Read at each scrape, so the gauges never go stale. */
  listEngine: () => Promise<ListEngineStatus>;
}

const UNLOCK_ROUTE = '/api/leads/:id/unlock';
const SUBMIT_ROUTE = '/api/leads';
export const LIST_ENGINE_STATES = ['loading', 'ready', 'behind', 'failed'] as const;

/** Buckets in seconds: most answers take a few milliseconds; the tail is what an alert watches. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The route pattern, never the raw URL (ids and query strings would make a series per lead). Static files of the
 * web app are one label, and requests no route matched (the SPA fallback, unknown paths) another.
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return 'unmatched';
  if (pattern.startsWith('/api/') || pattern === '/metrics') return pattern;
  return 'static';
}

/** An unlock's outcome from its answer: charged, free (already unlocked, Unlimited, Admin) or why it was refused. */
export function unlockOutcome(status: number, payload: unknown): string {
  const text = typeof payload === 'string' ? payload : '';
  if (status === 200) return text.includes('"charged":true') ? 'charged' : 'free';
  if (status === 400) return 'refused';
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  return status >= 500 ? 'error' : 'other';
}

function submissionOutcome(status: number): string {
  if (status === 201) return 'accepted';
  if (status === 400) return 'refused';
  if (status === 429) return 'rate_limited';
  return status >= 500 ? 'error' : 'other';
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Constant-time: comparing equal-length digests tells nothing about where a wrong token differs. */
export function holdsToken(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token));
}

export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'dealerleads_' });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'dealerleads_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'dealerleads_http_request_duration_seconds',
    help: 'Time to answer, by method, route pattern and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const unlocks = new Counter({
    name: 'dealerleads_unlocks_total',
    help: 'Unlock calls by outcome: charged, free (repeat, Unlimited, Admin), refused, not_found, …',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const submissions = new Counter({
    name: 'dealerleads_lead_submissions_total',
    help: 'Lead submissions (the wizard) by outcome: accepted, refused, rate_limited, error',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const { database } = options;
  new Gauge({
    name: 'dealerleads_lead_list_state',
    help: 'The lead list engine state of this process: 1 for the current state, 0 for the others',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const { state } = await options.listEngine().catch(() => ({ state: 'failed' }));
      for (const known of LIST_ENGINE_STATES) this.set({ state: known }, known === state ? 1 : 0);
    },
  });
  new Gauge({
    name: 'dealerleads_lead_list_ready',
    help: '1 when this process answers lead lists from its in-memory engine, else 0',
    registers: [registry],
    async collect() {
      const { state } = await options.listEngine().catch(() => ({ state: 'failed' }));
      this.set(state === 'ready' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'dealerleads_lead_list_lag_versions',
    help: 'Lead changes committed to the database that the engine has not applied yet (-1: unknown)',
    registers: [registry],
    async collect() {
      const status = await options.listEngine().catch(() => null);
      this.set(status?.lagVersions ?? -1);
    },
  });
  new Gauge({
    name: 'dealerleads_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on SQLite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = database.poolUse?.();
      if (!use) return;
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
  new Gauge({
    name: 'dealerleads_db_off_thread_reads',
    help:
      'SQLite reads run on worker threads (SQLITE_READ_WORKERS): answered since the start, and waiting for a ' +
      'worker now; absent on PostgreSQL',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const reads = database.offThreadReads?.();
      if (!reads) return;
      this.set({ state: 'answered' }, reads.reads);
      this.set({ state: 'waiting' }, reads.waiting);
    },
  });
  new Gauge({
    name: 'dealerleads_db_write_queue',
    help: 'Write transactions waiting for the next group commit',
    registers: [registry],
    collect() {
      this.set(queuedWrites(database.db));
    },
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method === 'POST' && request.routeOptions.url === UNLOCK_ROUTE)
      unlocks.inc({ outcome: unlockOutcome(reply.statusCode, payload) });
    return payload;
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = routeLabel(request);
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (request.method === 'POST' && route === SUBMIT_ROUTE)
      submissions.inc({ outcome: submissionOutcome(reply.statusCode) });
  });

  app.withTypeProvider<ZodTypeProvider>().get('/metrics', {
    schema: {
      tags: ['operations'],
      summary:
        'Prometheus metrics (text format); needs Authorization: Bearer METRICS_TOKEN, 404 when none is configured',
      response: { 200: z.string(), ...errorSchemas(401, 404) },
    },
    handler: async (request, reply) => {
      if (options.token === undefined) throw notFound(apiMessages.notFound);
      if (!holdsToken(request.headers.authorization, options.token)) throw unauthorized();
      const text = await registry.metrics();
      return reply.type(registry.contentType).send(text);
    },
  });
}
