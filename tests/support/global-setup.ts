import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '#server/db/client.ts';
import { appRoot } from '#server/config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

const migrationsDir = path.join(appRoot, 'src/server/db/migrations');

/**
 * Migrates one database per run; every test file then gets its own copy of it: a copy of a PGlite
 * data directory, or on PostgreSQL `CREATE DATABASE ... TEMPLATE`.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `understanding_tpl_${process.pid}_${Date.now()}`;
    await adminQuery(url, `create database "${template}"`);
    const database = await openPostgres(withDatabase(url, template));
    await database.migrate(migrationsDir);
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      await adminQuery(url, `drop database if exists "${template}" with (force)`);
    };
  }
  const dir = mkdtempSync(path.join(scratchRoot(), 'understanding-template-'));
  const database = await openPglite(dir);
  await database.migrate(migrationsDir);
  await database.close();
  project.provide('pgliteTemplate', dir);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Where the test databases' directories go: memory (`/dev/shm`) where the machine has it, else the
 * temporary directory.
 */
export function scratchRoot(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
