import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbandonedError, preparedRunner } from './prepared';
import { takeTurns, turnTaker } from './turns';

const raw = (v: string) => v;
const parsers = { 1114: raw, 1184: raw };

describe('preparedRunner on PGlite', () => {
  const turn = turnTaker();
  const client = takeTurns(new PGlite(), turn);
  const run = preparedRunner(client, parsers, turn, 3);
  const prepared = async () =>
    (await client.query<{ name: string }>("select name from pg_prepared_statements where name like 'podo_%' order by name")).rows.map(
      (r) => r.name,
    );

  beforeAll(async () => {
    await client.exec(`
      create table wine (id int primary key, name text, price int, tags text[], made timestamptz, data jsonb);
      insert into wine values
        (1, '샤또 마고', 890000, '{red,bordeaux}', '2024-03-01 09:00:00+00', '{"score": 98}'),
        (2, 'Pinot Noir', 45000, '{red}', '2023-01-01 00:00:00+00', null),
        (3, '까베르네 소비뇽', 38000, null, null, '{"score": 91}');
    `);
  });
  afterAll(() => client.close());

  it('answers the same rows as query(), with parameters of every kind and timestamps kept as text', async () => {
    const text = 'select * from wine where id = any($1::int[]) and price >= $2 and name like $3 order by id';
    for (const values of [
      [[1, 2, 3], 0, '%'],
      [[1, 3], 40000, '%'],
      [[2], 0, 'Pinot%'],
      [[], 0, '%'],
    ]) {
      const mine = await run(text, values);
      const theirs = await client.query(text, values, { rowMode: 'object', parsers });
      expect(mine.rows).toEqual(theirs.rows);
    }
    const [margaux] = (await run('select * from wine where id = $1', [1])).rows as Record<string, unknown>[];
    expect(margaux).toEqual({
      id: 1,
      name: '샤또 마고',
      price: 890000,
      tags: ['red', 'bordeaux'],
      made: '2024-03-01 09:00:00+00',
      data: { score: 98 },
    });
    expect((await run('select name from wine where data is null and id > $1', [null])).rows).toEqual([]);
  });

  it('prepares a text once, and keeps only the newest few prepared', async () => {
    await client.exec('deallocate all');
    const before = await prepared();
    expect(before).toEqual([]);
    for (let i = 0; i < 5; i++) await run('select id from wine where id = $1', [1]);
    expect(await prepared()).toHaveLength(1);

    for (const n of [1, 2, 3, 4, 5]) await run(`select ${n} as n, id from wine where id = $1`, [1]);
    // Limit 3 here: the two oldest were closed with later statements.
    const left = await prepared();
    expect(left.length).toBeLessThanOrEqual(4);
    expect((await run('select 5 as n, id from wine where id = $1', [2])).rows).toEqual([{ n: 5, id: 2 }]);
    expect((await run('select id from wine where id = $1', [3])).rows).toEqual([{ id: 3 }]);
  });

  it('reports a bad statement as query() does, prepares nothing for it, and goes on working', async () => {
    const error = await run('select nope from wine where id = $1', [1]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '42703' });
    expect(String((error as Error).message)).toContain('nope');
    const bad = await run('select id from wine where id = $1', ['not a number']).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: '22P02' });
    expect((await run('select count(*)::int as n from wine where price > $1', [0])).rows).toEqual([{ n: 3 }]);
  });

  it('prepares a statement again when the table it reads changed shape', async () => {
    const text = 'select * from wine where id = $1';
    expect(Object.keys((await run(text, [2])).rows[0] as object)).not.toContain('vintage');
    await client.exec('alter table wine add column vintage int');
    const [row] = (await run(text, [2])).rows as Record<string, unknown>[];
    expect(row).toMatchObject({ id: 2, name: 'Pinot Noir', vintage: null });
  });

  it('never runs inside another caller’s transaction', async () => {
    const seen: number[] = [];
    let read: Promise<unknown> | undefined;
    await client.transaction(async (t) => {
      await t.query('update wine set price = price + 1 where id = 2');
      // A read asked for meanwhile waits for the commit: it must not see the uncommitted price, nor join the
      // transaction and be rolled back with it.
      read = run('select price from wine where id = $1', [2]).then((r) => seen.push((r.rows[0] as { price: number }).price));
      await new Promise((r) => setTimeout(r, 20));
      expect(seen).toEqual([]);
      await t.query('update wine set price = price + 1 where id = 2');
    });
    await read;
    expect(seen).toEqual([45002]);
  });

  it('runs nothing for a caller that gave up before its turn, or while another transaction held the database', async () => {
    await client.exec('create sequence ran');
    const count = async () => (await client.query<{ n: number }>('select last_value::int as n from ran')).rows[0]!.n;
    const gone = new AbortController();
    gone.abort();
    await expect(run("select nextval('ran')", [], () => gone.signal.aborted)).rejects.toBeInstanceOf(AbandonedError);

    const leaving = new AbortController();
    let waiting: Promise<unknown> | undefined;
    await client.transaction(async (t) => {
      waiting = run("select nextval('ran')", [], () => leaving.signal.aborted).catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 10));
      leaving.abort();
      await t.query('select 1');
    });
    expect(await waiting).toBeInstanceOf(AbandonedError);
    const staying = new AbortController();
    expect((await run("select nextval('ran')::int as n", [], () => staying.signal.aborted)).rows).toEqual([{ n: 1 }]);
    expect(await count()).toBe(1);
  });
});
