import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponseSchema } from '#shared/contracts/errors.ts';
import { AppError } from '#server/errors.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/** Routes that exercise each branch of the one error handler. */
function probeRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/validate',
    {
      schema: { body: z.object({ carrierName: z.string().min(1, 'Required').max(120), amount: z.number() }) },
    },
    async () => ({ ok: true }),
  );
  typed.get('/api/test/conflict', async () => {
    throw new AppError('conflict', 'Someone else changed this entry. Reload it and try again.');
  });
  typed.get('/api/test/crash', async () => {
    throw new Error('secret detail: connection string postgres://user:pw@db');
  });
  typed.get(
    '/api/test/bad-response',
    { schema: { response: { 200: z.object({ count: z.number() }) } } },
    async () => ({ count: 'not a number' }) as unknown as { count: number },
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, probeRoutes);
});
afterAll(async () => {
  await t?.close();
});

describe('the error handler', () => {
  it('answers invalid input with 400 naming each bad field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      payload: { carrierName: '', amount: 'ten' },
    });
    expect(response.statusCode).toBe(400);
    const body = errorResponseSchema.parse(response.json());
    expect(body.error.code).toBe('bad_request');
    expect(body.error.fields).toMatchObject({ carrierName: 'Required' });
    expect(Object.keys(body.error.fields ?? {})).toEqual(expect.arrayContaining(['carrierName', 'amount']));
    expect(body.error.message).toContain('carrierName');
  });

  it('maps an AppError to its status with its message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: { code: 'conflict', message: 'Someone else changed this entry. Reload it and try again.' },
    });
  });

  it('hides the details of an unexpected failure and gives the reference id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/crash',
      headers: { 'x-request-id': 'ref-42' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal', message: 'The server has encountered an error.' },
      referenceId: 'ref-42',
    });
    expect(response.body).not.toContain('secret');
  });

  it('never sends a response that breaks its contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('not a number');
  });
});
