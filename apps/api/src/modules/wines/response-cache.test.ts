import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@podo/db';
import { cachedAnswer, invalidateResponseCache } from './response-cache';

// The cache only reads these fields, so plain objects stand in for Fastify's request and reply.
const db = {} as Database;
const req = (url: string, authorization?: string) => ({ url, lang: 'ko-KR', headers: { authorization } }) as unknown as FastifyRequest;
const reply = { type: () => reply } as unknown as FastifyReply;

describe('anonymous answer cache: refresh-ahead', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    invalidateResponseCache(db);
  });
  afterEach(() => vi.useRealTimers());

  it('answers JSON bytes, recomputes in the background before the TTL ends, never serves an answer past it', async () => {
    let version = 0;
    let release: () => void = () => {};
    const compute = async () => {
      const v = ++version;
      if (v > 1) await new Promise<void>((r) => (release = r));
      return { v };
    };
    const answer = async () => JSON.parse(((await cachedAnswer(db, req('/x'), reply, compute)) as Buffer).toString()) as { v: number };

    expect(await answer()).toEqual({ v: 1 });
    vi.advanceTimersByTime(3_000);
    expect(await answer()).toEqual({ v: 1 });
    expect(version).toBe(1);

    // Past the refresh point (1 to 0.5 s before the TTL ends): the current answer at once, one recomputation starts.
    vi.advanceTimersByTime(1_600);
    expect(await answer()).toEqual({ v: 1 });
    expect(await answer()).toEqual({ v: 1 });
    expect(version).toBe(2);

    // Past the TTL with the recomputation still running: callers wait for it rather than get the old answer.
    vi.advanceTimersByTime(1_000);
    const waiting = answer();
    release();
    expect(await waiting).toEqual({ v: 2 });
    expect(await answer()).toEqual({ v: 2 });
    expect(version).toBe(2);
  });

  it('keeps the current answer when a refresh-ahead fails, and recomputes after the TTL', async () => {
    let fail = false;
    let n = 0;
    const compute = async () => {
      n++;
      if (fail) throw new Error('database down');
      return { n };
    };
    const answer = async () => JSON.parse(((await cachedAnswer(db, req('/y'), reply, compute)) as Buffer).toString()) as { n: number };
    expect(await answer()).toEqual({ n: 1 });
    fail = true;
    vi.advanceTimersByTime(4_600);
    expect(await answer()).toEqual({ n: 1 });
    await Promise.resolve();
    expect(n).toBe(2);
    vi.advanceTimersByTime(1_000);
    await expect(answer()).rejects.toThrow('database down');
    fail = false;
    expect(await answer()).toEqual({ n: 4 });
  });

  it('never caches callers with a token', async () => {
    let n = 0;
    const compute = async () => ({ n: ++n });
    expect(await cachedAnswer(db, req('/z', 'Bearer t'), reply, compute)).toEqual({ n: 1 });
    expect(await cachedAnswer(db, req('/z', 'Bearer t'), reply, compute)).toEqual({ n: 2 });
  });
});
