import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { HOLD_MAX, takeTurns, turnTaker } from './turns';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('turnTaker', () => {
  it('releases waiters in arrival order, one per event-loop iteration', async () => {
    const turn = turnTaker();
    const log: string[] = [];
    const waits = [1, 2, 3].map((i) =>
      turn().then(() => {
        log.push(`turn ${i}`);
        if (i === 1) {
          // Due at the next timers phase, which comes before the next turn's check phase.
          setTimeout(() => log.push('timer'), 1);
          busy(5);
        }
      }),
    );
    await Promise.all(waits);
    expect(log).toEqual(['turn 1', 'timer', 'turn 2', 'turn 3']);
  });

  it('holds the next turn for an iteration after a connection was accepted', async () => {
    for (const arriving of [false, true]) {
      const turn = turnTaker();
      const log: string[] = [];
      if (arriving) turn.accepted();
      const granted = turn().then(() => log.push('turn'));
      setImmediate(() => {
        log.push('check 1');
        setImmediate(() => log.push('check 2'));
      });
      await granted;
      await new Promise((r) => setTimeout(r, 5));
      expect(log).toEqual(arriving ? ['check 1', 'turn', 'check 2'] : ['turn', 'check 1', 'check 2']);
    }
  });

  it('lets a statement through after HOLD_MAX held iterations, however many connections keep arriving', async () => {
    const turn = turnTaker();
    let iterations = 0;
    let grantedAt = -1;
    const keepArriving = () => {
      turn.accepted();
      iterations++;
      if (grantedAt < 0 && iterations < 10 * HOLD_MAX) setImmediate(keepArriving);
    };
    turn.accepted();
    const granted = turn().then(() => (grantedAt = iterations));
    setImmediate(keepArriving);
    await granted;
    expect(grantedAt).toBeGreaterThanOrEqual(HOLD_MAX - 1);
    expect(grantedAt).toBeLessThanOrEqual(HOLD_MAX + 1);
  });
});

describe('takeTurns on PGlite', () => {
  const client = takeTurns(new PGlite());
  afterAll(() => client.close());

  it('runs statements in the order asked, letting the event loop turn between them', async () => {
    await client.query('select 1');
    const log: string[] = [];
    const asked = [1, 2, 3].map((i) =>
      client.query<{ n: number }>(`select ${i} as n`).then((r) => {
        log.push(`query ${r.rows[0]!.n}`);
        if (i === 1) {
          setTimeout(() => log.push('timer'), 1);
          busy(5);
        }
      }),
    );
    await Promise.all(asked);
    // Without turns all three ran in one go, before any timer or socket could be served.
    expect(log).toEqual(['query 1', 'timer', 'query 2', 'query 3']);
  });

  it('keeps transactions and exec working', async () => {
    await client.exec('create table t (n int)');
    await client.transaction(async (tx) => {
      await tx.query('insert into t values (1), (2)');
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into t values (3)');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n).toBe(2);
  });
});
