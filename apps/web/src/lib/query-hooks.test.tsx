import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { useMutationThen, usePagedQuery } from './query-hooks';

vi.mock('./api-client', () => ({ api: { get: vi.fn() } }));
const get = vi.mocked(api.get);

function wrapper(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

beforeEach(() => get.mockReset());

describe('usePagedQuery', () => {
  it('asks for page 1, then the next page while the server says there is one', async () => {
    get
      .mockResolvedValueOnce({ docs: ['a'], hasNextPage: true })
      .mockResolvedValueOnce({ docs: ['b'], hasNextPage: false });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(
      () => usePagedQuery<string>(['thing', 'x'], '/thing', { limit: 20, search: 'x' }),
      { wrapper: wrapper(queryClient) },
    );
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pages.flatMap((p) => p.docs)).toEqual(['a', 'b']));
    expect(result.current.hasNextPage).toBe(false);
    expect(get.mock.calls.map((c) => [c[0], c[1]])).toEqual([
      ['/thing', { page: 1, limit: 20, search: 'x' }],
      ['/thing', { page: 2, limit: 20, search: 'x' }],
    ]);
  });

  it('asks nothing while disabled', () => {
    const queryClient = new QueryClient();
    renderHook(() => usePagedQuery<string>(['thing'], '/thing', {}, false), {
      wrapper: wrapper(queryClient),
    });
    expect(get).not.toHaveBeenCalled();
  });
});

describe('useMutationThen', () => {
  it('runs `then` with the client, the answer and the input, and stays pending until it settles', async () => {
    const queryClient = new QueryClient();
    let finish = () => {};
    const then = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useMutationThen((n: number) => Promise.resolve(n * 2), then), {
      wrapper: wrapper(queryClient),
    });
    act(() => result.current.mutate(21));
    await waitFor(() => expect(then).toHaveBeenCalledWith(queryClient, 42, 21));
    expect(result.current.isPending).toBe(true);
    act(() => finish());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBe(42);
  });
});
