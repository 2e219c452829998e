import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stateful fake of the Stripe API on 127.0.0.1, for integration tests and the e2e run. The
 * server's real SDK is pointed at it (STRIPE_API_URL: host, port, protocol). It keeps products,
 * prices, customers, Checkout Sessions, billing-portal sessions and subscriptions in memory, speaks
 * Stripe's wire format (form-encoded requests, JSON objects and lists, error bodies) and honours
 * Idempotency-Key like Stripe: the same key and parameters answer the first response again; the same
 * key with other parameters is an idempotency_error.
 *
 * Its hosted pages stand in for Stripe's: GET /pay/{session} completes the checkout (an active
 * subscription), delivers the events signed with the webhook secret
 * (stripe.webhooks.generateTestHeaderString) to `webhookUrl`, and redirects to the success URL;
 * GET /portal/{session} is the Customer Portal with a link back and a Cancel subscription button.
 *
 * It also fails as Stripe can, for the tests of our answers to that: a rotated secret key (401), an
 * API that errs or never answers (`breakApi`), a customer deleted in the dashboard, an archived price.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fakeUnderstandingKey';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fakeUnderstandingWebhookSecret';

type Json = Record<string, unknown>;

export type FakeStripeRequest = {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | null;
  stripeVersion: string | null;
};

export type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  created: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Json[] };
  cancel_at_period_end: boolean;
};

/** The catalogue the fake starts with (the demo data offers the same products). */
export const FAKE_CATALOGUE = [
  {
    id: 'prod_fake_essentials',
    name: 'Understanding Essentials',
    description: 'Carrier production and manual entry for one agency.',
    metadata: { features: 'Carrier Production|Manual carrier entry|Growth plans' },
    prices: [
      {
        id: 'price_fake_essentials_month',
        unit_amount: 14900,
        interval: 'month',
        nickname: 'Essentials monthly',
      },
    ],
  },
  {
    id: 'prod_fake_pro',
    name: 'Understanding Pro',
    description: 'Every report, for agencies that plan with their network.',
    metadata: { features: 'Everything in Essentials|Scorecards and planning|Embedded dashboards' },
    prices: [
      { id: 'price_fake_pro_month', unit_amount: 29900, interval: 'month', nickname: 'Pro monthly' },
      {
        id: 'price_fake_pro_year',
        unit_amount: 299000,
        interval: 'year',
        nickname: 'Pro yearly',
        metadata: { ribbon: 'Best value' },
      },
    ],
  },
] as const;

/** How `breakApi` makes calls fail: an error answer as Stripe words them, or no answer at all. */
export type FakeStripeFailure =
  { status: number; type: string; message: string; code?: string; param?: string } | 'hang';

export type FakeStripe = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are delivered (the app's /api/stripe/webhook); null keeps them undelivered. */
  webhookUrl: string | null;
  requests: FakeStripeRequest[];
  customers: Map<string, Json>;
  checkoutSessions: Map<string, Json>;
  subscriptions: Map<string, FakeSubscription>;
  /** Completes a Checkout Session as its hosted page would: an active subscription; returns the events. */
  completeCheckout(sessionId: string): Stripe.Event[];
  /** Changes a subscription as Stripe would (a failed payment: 'past_due'); returns the update event. */
  setSubscriptionStatus(subscriptionId: string, status: string): Stripe.Event;
  /** A well-formed event about `object`, as Stripe sends them. */
  event(type: string, object: Json): Stripe.Event;
  /** The Stripe-Signature header of a payload, signed with the webhook secret. */
  sign(payload: string, secret?: string): string;
  /** Posts events to `webhookUrl`, signed, in the order given; resolves with the answers' statuses. */
  deliver(events: Stripe.Event[]): Promise<number[]>;
  /** Stripe's key rolled in the dashboard: the key the app holds is refused (401) until `restoreKey`. */
  rotateKey(): void;
  restoreKey(): void;
  /** Until `repairApi`, every API call whose path starts with `path` (all by default) fails so. */
  breakApi(failure: FakeStripeFailure, path?: string): void;
  repairApi(): void;
  /** Deletes a customer as the dashboard does: its subscriptions end, and Stripe no longer knows it. */
  deleteCustomer(customerId: string): void;
  /** Archives (false) or restores a price in the dashboard: an archived price is no longer sold. */
  setPriceActive(priceId: string, active: boolean): void;
  close(): Promise<void>;
};

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    for (const [index, part] of path.entries()) {
      if (index === path.length - 1) {
        node[part] = value;
      } else {
        node[part] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return root;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export async function startFakeStripe(
  options: { port?: number; webhookUrl?: string | null } = {},
): Promise<FakeStripe> {
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  for (const product of FAKE_CATALOGUE) {
    products.set(product.id, {
      id: product.id,
      object: 'product',
      active: true,
      name: product.name,
      description: product.description,
      images: [],
      metadata: { ...product.metadata },
      created: now(),
    });
    for (const price of product.prices) {
      prices.set(price.id, {
        id: price.id,
        object: 'price',
        active: true,
        currency: 'usd',
        nickname: price.nickname,
        product: product.id,
        type: 'recurring',
        unit_amount: price.unit_amount,
        unit_amount_decimal: String(price.unit_amount),
        recurring: { interval: price.interval, interval_count: 1, usage_type: 'licensed' },
        metadata: 'metadata' in price ? { ...price.metadata } : {},
        created: now(),
      });
    }
  }
  const customers = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  const portalSessions = new Map<string, Json>();
  const subscriptions = new Map<string, FakeSubscription>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  const requests: FakeStripeRequest[] = [];
  let baseUrl = '';
  let acceptedKey = FAKE_STRIPE_SECRET_KEY;
  let broken: { failure: FakeStripeFailure; path: string } | null = null;
  const hung = new Set<ServerResponse>();

  const fake: FakeStripe = {
    url: '',
    secretKey: FAKE_STRIPE_SECRET_KEY,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    webhookUrl: options.webhookUrl ?? null,
    requests,
    customers,
    checkoutSessions,
    subscriptions,
    completeCheckout,
    setSubscriptionStatus,
    event,
    sign: (payload, secret = FAKE_STRIPE_WEBHOOK_SECRET) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    deliver,
    rotateKey: () => {
      acceptedKey = `sk_test_rotated${randomBytes(8).toString('hex')}`;
    },
    restoreKey: () => {
      acceptedKey = FAKE_STRIPE_SECRET_KEY;
    },
    breakApi: (failure, path = '/v1/') => {
      broken = { failure, path };
    },
    repairApi: () => {
      broken = null;
      for (const response of hung) response.destroy();
      hung.clear();
    },
    deleteCustomer,
    setPriceActive: (priceId, active) => {
      const price = prices.get(priceId);
      if (!price) throw new Error(`fake Stripe: no price ${priceId}`);
      price.active = active;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hung) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  function deleteCustomer(customerId: string): Json {
    if (!customers.get(customerId) || customers.get(customerId)!.deleted)
      throw notFound('customer', customerId);
    const gone = { id: customerId, object: 'customer', deleted: true };
    customers.set(customerId, gone);
    for (const subscription of subscriptions.values()) {
      if (subscription.customer === customerId) subscription.status = 'canceled';
    }
    return gone;
  }

  /** A customer a call names in its parameters; a deleted or unknown one is Stripe's resource_missing. */
  function liveCustomer(params: Json): string {
    const customer = required(params, 'customer') as string;
    if (!customers.get(customer) || customers.get(customer)!.deleted) {
      throw new StripeHttpError(
        400,
        'invalid_request_error',
        `No such customer: '${customer}'`,
        'customer',
        'resource_missing',
      );
    }
    return customer;
  }

  function event(type: string, object: Json): Stripe.Event {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event;
  }

  async function deliver(events: Stripe.Event[]): Promise<number[]> {
    const statuses: number[] = [];
    if (!fake.webhookUrl) return statuses;
    for (const e of events) {
      const payload = JSON.stringify(e);
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': fake.sign(payload),
        },
        body: payload,
      });
      statuses.push(response.status);
    }
    return statuses;
  }

  function invoiceOf(subscription: FakeSubscription, paid: boolean): Json {
    const item = subscription.items.data[0] as { price: { unit_amount: number } };
    return {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      amount_due: item.price.unit_amount,
      amount_paid: paid ? item.price.unit_amount : 0,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
  }

  function completeCheckout(sessionId: string): Stripe.Event[] {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
    if (session.status === 'complete')
      throw new Error(`fake Stripe: checkout session ${sessionId} is complete`);
    const lineItems = session.line_items as { price: string; quantity?: string }[];
    const price = prices.get(lineItems[0]!.price)!;
    const interval = (price.recurring as { interval: string }).interval;
    const start = now();
    const end = start + (interval === 'year' ? 365 : 30) * 86_400;
    const subscriptionData =
      (session.subscription_data as { metadata?: Record<string, string> } | undefined) ?? {};
    const subscription: FakeSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer as string,
      status: 'active',
      created: start,
      metadata: { ...(subscriptionData.metadata ?? {}) },
      cancel_at_period_end: false,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
    };
    subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    return [
      event('checkout.session.completed', session),
      event('customer.subscription.created', subscription),
      event('invoice.paid', invoiceOf(subscription, true)),
    ];
  }

  function setSubscriptionStatus(subscriptionId: string, status: string): Stripe.Event {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`fake Stripe: no subscription ${subscriptionId}`);
    subscription.status = status;
    if (status === 'past_due') return event('invoice.payment_failed', invoiceOf(subscription, false));
    return event(
      status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
      subscription,
    );
  }

  const list = (path: string, items: Json[]) => ({ object: 'list', url: path, has_more: false, data: items });
  const required = (params: Json, name: string) => {
    if (params[name] === undefined || params[name] === '') {
      throw new StripeHttpError(400, 'invalid_request_error', `Missing required param: ${name}.`, name);
    }
    return params[name];
  };
  const notFound = (kind: string, id: string) =>
    new StripeHttpError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'id', 'resource_missing');

  /** The API: one function per route, on the parsed request. */
  function api(method: string, path: string, params: Json): Json {
    const [, , resource, id, sub, action] = path.split('?')[0]!.split('/');
    if (method === 'GET' && resource === 'products' && !id) {
      return list(
        '/v1/products',
        [...products.values()].filter((p) => params.active !== 'true' || p.active),
      );
    }
    if (method === 'GET' && resource === 'prices' && !id) {
      return list(
        '/v1/prices',
        [...prices.values()].filter((p) => params.active !== 'true' || p.active),
      );
    }
    if (method === 'POST' && resource === 'customers' && !id) {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        name: params.name ?? null,
        email: params.email ?? null,
        metadata: params.metadata ?? {},
        created: now(),
      };
      customers.set(customer.id, customer);
      return customer;
    }
    if (resource === 'customers' && id) {
      const customer = customers.get(id);
      if (!customer) throw notFound('customer', id);
      if (method === 'GET') return customer;
      if (method === 'DELETE') return deleteCustomer(id);
    }
    if (resource === 'checkout' && id === 'sessions') {
      if (method === 'POST' && !sub) {
        if (required(params, 'mode') !== 'subscription') {
          throw new StripeHttpError(
            400,
            'invalid_request_error',
            'The fake supports subscription mode only.',
            'mode',
          );
        }
        const customer = liveCustomer(params);
        const lineItems = required(params, 'line_items') as { price: string }[];
        const priceId = lineItems[0]?.price ?? '';
        const price = prices.get(priceId);
        if (!price) {
          throw new StripeHttpError(
            400,
            'invalid_request_error',
            `No such price: '${priceId}'`,
            'line_items[0][price]',
            'resource_missing',
          );
        }
        if (!price.active) {
          throw new StripeHttpError(
            400,
            'invalid_request_error',
            'The price specified is inactive. This field only accepts active prices.',
            'line_items[0][price]',
          );
        }
        required(params, 'success_url');
        required(params, 'cancel_url');
        const sessionId = newId('cs_test');
        const session: Json = {
          id: sessionId,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'open',
          payment_status: 'unpaid',
          customer,
          client_reference_id: params.client_reference_id ?? null,
          line_items: lineItems,
          metadata: params.metadata ?? {},
          subscription_data: params.subscription_data ?? {},
          subscription: null,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          url: `${baseUrl}/pay/${sessionId}`,
          created: now(),
          // Stripe's default: a Checkout Session can be paid for 24 hours.
          expires_at: params.expires_at ? Number(params.expires_at) : now() + 86_400,
        };
        checkoutSessions.set(sessionId, session);
        return session;
      }
      if (method === 'POST' && sub && action === 'expire') {
        const session = checkoutSessions.get(sub);
        if (!session) throw notFound('checkout.session', sub);
        if (session.status !== 'open') {
          throw new StripeHttpError(
            400,
            'invalid_request_error',
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
          );
        }
        Object.assign(session, { status: 'expired', url: null });
        return session;
      }
      if (method === 'GET' && sub) {
        const session = checkoutSessions.get(sub);
        if (!session) throw notFound('checkout.session', sub);
        return session;
      }
    }
    if (method === 'POST' && resource === 'billing_portal' && id === 'sessions') {
      const customer = liveCustomer(params);
      const portalId = newId('bps');
      const portal = {
        id: portalId,
        object: 'billing_portal.session',
        customer,
        return_url: params.return_url ?? null,
        url: `${baseUrl}/portal/${portalId}`,
        created: now(),
      };
      portalSessions.set(portalId, portal);
      return portal;
    }
    if (resource === 'subscriptions' && id) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw notFound('subscription', id);
      if (method === 'GET') return subscription;
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        return subscription;
      }
    }
    throw new StripeHttpError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function send(response: ServerResponse, status: number, body: Json) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(body));
  }

  /** An error body as Stripe words it, with the link to its dashboard's log that Stripe adds. */
  function errorBody(error: { type: string; message: string; param?: string; code?: string }): Json {
    return {
      error: {
        type: error.type,
        message: error.message,
        ...(error.param ? { param: error.param } : {}),
        ...(error.code ? { code: error.code } : {}),
        request_log_url: `https://dashboard.stripe.com/test/logs/${newId('req')}?t=${now()}`,
      },
    };
  }

  function redirect(response: ServerResponse, location: string) {
    response.writeHead(303, { location });
    response.end();
  }

  async function hostedPage(method: string, path: string, response: ServerResponse): Promise<boolean> {
    const [, page, id, action] = path.split('?')[0]!.split('/');
    if (page === 'pay' && id && method === 'GET') {
      const session = checkoutSessions.get(id);
      if (!session || session.status !== 'open') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('No open checkout session.');
        return true;
      }
      const events = completeCheckout(id);
      await deliver(events);
      redirect(response, String(session.success_url).replace('{CHECKOUT_SESSION_ID}', id));
      return true;
    }
    if (page === 'portal' && id) {
      const portal = portalSessions.get(id);
      if (!portal) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('No portal session.');
        return true;
      }
      const owned = [...subscriptions.values()].filter(
        (s) => s.customer === portal.customer && s.status !== 'canceled',
      );
      if (method === 'POST' && action === 'cancel') {
        for (const subscription of owned) {
          subscription.status = 'canceled';
          await deliver([event('customer.subscription.deleted', subscription)]);
        }
        redirect(response, String(portal.return_url));
        return true;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><title>Customer portal</title></head><body><main>
<h1>Customer portal</h1><p>${owned.length} active subscription(s).</p>
<form method="post" action="/portal/${id}/cancel"><button type="submit">Cancel subscription</button></form>
<a href="${String(portal.return_url)}">Return to Understanding</a></main></body></html>`);
      return true;
    }
    return false;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const method = request.method ?? 'GET';
      const url = request.url ?? '/';
      try {
        if (await hostedPage(method, url, response)) return;
        if (!url.startsWith('/v1/')) throw new StripeHttpError(404, 'invalid_request_error', 'Not found.');
        if (request.headers.authorization !== `Bearer ${acceptedKey}`) {
          const given = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
          throw new StripeHttpError(
            401,
            'invalid_request_error',
            `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`,
          );
        }
        const raw = await readBody(request);
        const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
        const params = parseStripeForm(method === 'GET' || method === 'DELETE' ? query : raw);
        const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
        const stripeVersion = (request.headers['stripe-version'] as string | undefined) ?? null;
        requests.push({ method, path: url.split('?')[0]!, params, idempotencyKey, stripeVersion });
        if (broken && url.startsWith(broken.path)) {
          if (broken.failure === 'hang') {
            hung.add(response);
            return;
          }
          return send(response, broken.failure.status, errorBody(broken.failure));
        }
        if (method === 'POST' && idempotencyKey) {
          const fingerprint = createHash('sha256').update(`${url}\n${raw}`).digest('hex');
          const earlier = idempotent.get(idempotencyKey);
          if (earlier) {
            if (earlier.fingerprint !== fingerprint) {
              throw new StripeHttpError(
                400,
                'idempotency_error',
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              );
            }
            response.setHeader('idempotent-replayed', 'true');
            return send(response, earlier.status, earlier.body);
          }
          try {
            const body = api(method, url, params);
            idempotent.set(idempotencyKey, { fingerprint, status: 200, body });
            return send(response, 200, body);
          } catch (error) {
            if (error instanceof StripeHttpError && error.status < 500) {
              idempotent.set(idempotencyKey, { fingerprint, status: error.status, body: errorBody(error) });
            }
            throw error;
          }
        }
        return send(response, 200, api(method, url, params));
      } catch (error) {
        if (error instanceof StripeHttpError) return send(response, error.status, errorBody(error));
        return send(response, 500, { error: { type: 'api_error', message: String(error) } });
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = baseUrl;
  return fake;
}
