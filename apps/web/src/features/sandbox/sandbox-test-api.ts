import { vi } from 'vitest';

/** What a faked /api request answers. */
export interface FakeReply {
  status: number;
  data: unknown;
}

/**
 * Stubs `fetch` (undo with vi.unstubAllGlobals): each request goes to `answer` with its url, method
 * and init, and its reply is sent back as the api client reads it.
 */
export function stubApi(
  answer: (url: string, method: string, init: RequestInit) => FakeReply | Promise<FakeReply>,
): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const { status, data } = await answer(String(input), init.method ?? 'GET', init);
      return { ok: status < 400, status, text: async () => JSON.stringify(data) };
    }),
  );
}
