import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { createQueryClient } from './query-client.ts';

const refused = (status: number) =>
  new ApiError(status, {
    error: { code: status === 402 ? 'payment_required' : 'forbidden', message: 'refused' },
    referenceId: 'ref',
  });

describe('the query client', () => {
  it("reads the user again when the server says the agency's subscription lapsed (402), and not on a 403", async () => {
    for (const [status, invalidated] of [
      [402, true],
      [403, false],
    ] as const) {
      const client = createQueryClient({ retries: false });
      client.setQueryData(['user'], { user: 'cached' });
      await client
        .fetchQuery({ queryKey: ['report'], queryFn: () => Promise.reject(refused(status)) })
        .catch(() => {});
      expect(client.getQueryState(['user'])?.isInvalidated, `after a ${status}`).toBe(invalidated);
    }
  });
});
