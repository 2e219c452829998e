import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let clientDir: string;
const PAGE_SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'understanding-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><title>Understanding</title><div id="root"></div>',
  );
  writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)');
  // As the build writes them (vite.config.ts): brotli and gzip copies beside the file.
  writeFileSync(path.join(clientDir, 'assets', 'page-5678.js'), PAGE_SCRIPT);
  writeFileSync(path.join(clientDir, 'assets', 'page-5678.js.br'), brotliCompressSync(PAGE_SCRIPT));
  writeFileSync(path.join(clientDir, 'assets', 'page-5678.js.gz'), gzipSync(PAGE_SCRIPT));
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the built client', () => {
  it('answers deep links with index.html (history fallback), never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/production?timeframe=ytd-2026' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing hashed asset with a 404, not the page', async () => {
    for (const url of ['/assets/whatever-0000.js', '/assets/style-0000.css', '/assets/', '/assets']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/application\/json/);
      expect(response.json(), url).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('answers other missing files with a 404, pages (also with dots in the query) with index.html', async () => {
    for (const url of ['/favicon.ico', '/robots.txt', '/billingcarriers/edit/report.csv']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
    for (const url of [
      '/register?token=a.b.c',
      '/billingcarriers/edit',
      '/my-profile/0f0e4c52-0000-4000-8000-000000000000',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it('sends the brotli copy to a browser that accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/page-5678.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE_SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/page-5678.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(response.headers['content-length'])).toBeLessThan(PAGE_SCRIPT.length);
    expect(gunzipSync(response.rawPayload).toString()).toBe(PAGE_SCRIPT);
  });

  it('sends the file as it is without an accepted encoding, or when it has no compressed copy', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/page-5678.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(PAGE_SCRIPT);

    const uncompressed = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(uncompressed.statusCode).toBe(200);
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.body).toBe('console.log(1)');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
