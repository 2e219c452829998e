import os from 'node:os';
import path from 'node:path';

/**
 * The suite runs on `E2E_WORKERS` Playwright workers (3 by default, decision 086). Each worker has its own slot: its
 * own app server on its own fresh demo database, and its own fakes of SMTP, Stripe, Power BI and the
 * embed site, so a spec never sees another worker's data or mail and specs keep their order within a
 * worker as before. Every port derives from `E2E_PORT` and the slot; nothing else may be set.
 */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));

/** The slot of this process: the Playwright worker's parallel index, 0 in the runner itself. */
export function currentSlot(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

export type Slot = {
  slot: number;
  port: number;
  baseURL: string;
  smtpPort: number;
  mailDir: string;
  embedPort: number;
  powerBiPort: number;
  stripePort: number;
};

export function slotPorts(slot: number): Slot {
  const base = Number(process.env.E2E_PORT ?? 4173);
  const port = base + slot;
  return {
    slot,
    port,
    baseURL: `http://127.0.0.1:${port}`,
    // The app sends its e-mail over SMTP to the suite's own mail sink (tests/e2e/mail-sink.ts).
    smtpPort: base + 2000 + slot,
    mailDir: path.join(os.tmpdir(), `understanding-e2e-mail-${base}-${slot}`),
    // The embed site and the Power BI REST fake take two neighbouring ports per slot.
    embedPort: base + 2100 + 2 * slot,
    powerBiPort: base + 2101 + 2 * slot,
    stripePort: base + 2200 + slot,
  };
}

/** Every slot of this run (the global setups start one set of fakes per slot). */
export function allSlots(): Slot[] {
  return Array.from({ length: e2eWorkers }, (_, slot) => slotPorts(slot));
}
