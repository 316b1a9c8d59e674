import { expect, it } from 'vitest';
import { coalescer } from './coalesce';

/** A statement that takes `ms` and records which keys each call carried. */
function recorder(ms: number, refuse: (key: number) => boolean = () => false) {
  const batches: number[][] = [];
  const singles: number[] = [];
  const sleep = () => new Promise((resolve) => setTimeout(resolve, ms));
  const load = coalescer<number, number>(
    async (keys) => {
      batches.push([...keys]);
      await sleep();
      if (keys.some(refuse)) throw new Error('the batch statement failed');
      return keys.map((k) => (k % 7 === 0 ? new Error(`no ${k}`) : k * 10));
    },
    async (key) => {
      singles.push(key);
      await sleep();
      if (refuse(key)) throw new Error(`refused ${key}`);
      if (key % 7 === 0) throw new Error(`no ${key}`);
      return key * 10;
    },
  );
  return { load, batches, singles };
}

it('sends a lone call on its own; with three batches running, the calls arriving meanwhile go together after one ends', async () => {
  const { load, batches, singles } = recorder(30);
  expect(await load(1)).toBe(10);
  expect(singles).toEqual([1]);

  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
  // 2 goes at once, 3 and 4 beside it (three batches at once); 5, 6 and 8 wait for one of them
  const running = [];
  for (const key of [2, 3, 4]) {
    running.push(load(key));
    await tick();
  }
  const rest = [load(5), load(6), load(8)];
  await tick();
  expect(singles).toEqual([1, 2, 3, 4]);
  expect(batches).toEqual([]);
  expect(await Promise.all(running)).toEqual([20, 30, 40]);
  expect(await Promise.all(rest)).toEqual([50, 60, 80]);
  expect(batches).toEqual([[5, 6, 8]]);
});

it("answers each caller with its own value or its own error, never another caller's", async () => {
  const { load, batches } = recorder(10);
  const answers = await Promise.allSettled([1, 7, 3, 14].map((k) => load(k)));
  expect(batches).toEqual([[1, 7, 3, 14]]);
  expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
    10,
    'no 7',
    30,
    'no 14',
  ]);
});

it('asks each key on its own when the batch statement fails, so only the bad key fails', async () => {
  const { load, batches, singles } = recorder(10, (k) => k === 5);
  const answers = await Promise.allSettled([4, 5, 6].map((k) => load(k)));
  expect(batches).toEqual([[4, 5, 6]]);
  expect(singles.sort()).toEqual([4, 5, 6]);
  expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
    40,
    'refused 5',
    60,
  ]);
});

it('keeps working after a failed single call', async () => {
  const { load } = recorder(5, (k) => k === 9);
  await expect(load(9)).rejects.toThrow('refused 9');
  expect(await load(2)).toBe(20);
});
