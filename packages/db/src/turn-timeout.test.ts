import { describe, expect, it } from 'vitest';
import { ACQUIRE_TIMEOUT_MESSAGE, TurnTimeoutError, turnTaker } from './turns';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('turnTaker(waitMs): the PGlite side of DB_ACQUIRE_TIMEOUT_MS', () => {
  it('lets go of the waiters whose turn comes too late while others wait behind them, and serves on', async () => {
    const turn = turnTaker(50);
    // 60 statements of 3 ms each, asked for at once: the queue holds 180 ms of work for a limit of 50 ms.
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, () =>
        turn().then(
          () => {
            busy(3);
            return 'ran';
          },
          (e: unknown) => (e instanceof TurnTimeoutError && e.message === ACQUIRE_TIMEOUT_MESSAGE ? 'timeout' : String(e)),
        ),
      ),
    );
    const ran = outcomes.filter((o) => o === 'ran').length;
    expect(outcomes.filter((o) => o !== 'ran' && o !== 'timeout')).toEqual([]);
    // The first ones ran in time; the tail was let go, except the very last one (nobody waits behind it).
    expect(outcomes[0]).toBe('ran');
    // How many ran depends on the host's speed (a starved process sees more wall time pass): at least the first.
    expect(ran).toBeGreaterThanOrEqual(1);
    expect(ran).toBeLessThanOrEqual(40);
    expect(outcomes.at(-1)).toBe('ran');
    await expect(turn()).resolves.toBeUndefined();
  });

  it('always serves a lone statement, however long the event loop was held up', async () => {
    const turn = turnTaker(5);
    const granted = turn();
    busy(30);
    await expect(granted).resolves.toBeUndefined();
  });

  it('never lets go of a waiter without a limit', async () => {
    const turn = turnTaker();
    const all = Array.from({ length: 20 }, () => turn().then(() => busy(2)));
    await expect(Promise.all(all)).resolves.toHaveLength(20);
  });
});
