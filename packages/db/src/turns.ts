/** A turn taker: await it for a turn. */
export interface Turns {
  (): Promise<void>;
  /**
   * Tells the taker that the server accepted a connection in this event-loop iteration. Node (libuv >= 1.45) accepts
   * one connection per iteration, so a burst of 100 new connections took 100 statements to let in, and the last
   * ones' first requests then queued behind a full round of the others: twice the usual wait. While connections
   * keep arriving, the next turn now waits an iteration (at most HOLD_MAX in a row), so a burst is let in within a
   * few short iterations.
   */
  accepted(): void;
}

/** The most turns in a row held back for arriving connections; then one statement runs regardless. */
export const HOLD_MAX = 256;

/** The message of node-postgres's pool when no connection comes in time; a late turn fails with the same one. */
export const ACQUIRE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** A statement that waited longer than its taker's `waitMs` for a turn: it did not run. */
export class TurnTimeoutError extends Error {
  override readonly name = 'TurnTimeoutError';
  constructor() {
    super(ACQUIRE_TIMEOUT_MESSAGE);
  }
}

interface Waiter {
  resolve(): void;
  reject(e: Error): void;
  since: number;
}

/**
 * Hands out turns, one per event-loop iteration, first come first served: a single setImmediate chain releases one
 * waiter per check phase (an immediate queued by a running immediate waits for the next iteration). Awaiting
 * setImmediate in each caller would not do: every immediate queued during one poll phase runs in the same check
 * phase.
 *
 * With `waitMs` (> 0), a waiter whose turn comes later than that while others wait behind it gets TurnTimeoutError
 * instead, and every such waiter at the head of the queue is let go at once: an overloaded server sheds work (the API
 * answers 503) instead of growing a queue that no client waits for any more. Checked when the turn comes (no timer
 * per statement): a waiter hears within about one statement of its limit, since everything ahead of it is let go by
 * then too. The last waiter always runs: a lone statement held up by a long one (a cold start, a migration, a
 * collection pause) is no sign of pressure.
 */
export function turnTaker(waitMs = 0): Turns {
  const waiting: Waiter[] = [];
  let scheduled = false;
  let arrived = false;
  let held = 0;
  const next = () => {
    if (arrived && held < HOLD_MAX) {
      arrived = false;
      held++;
      setImmediate(next);
      return;
    }
    arrived = false;
    held = 0;
    if (waitMs > 0) {
      const now = performance.now();
      while (waiting.length > 1 && now - waiting[0]!.since > waitMs) waiting.shift()!.reject(new TurnTimeoutError());
    }
    waiting.shift()?.resolve();
    if (waiting.length) setImmediate(next);
    else scheduled = false;
  };
  const turn = (() =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject, since: waitMs > 0 ? performance.now() : 0 });
      if (!scheduled) {
        scheduled = true;
        setImmediate(next);
      }
    })) as Turns;
  turn.accepted = () => {
    arrived = true;
  };
  return turn;
}

/**
 * Makes an embedded PGlite client run its statements one per event-loop iteration, in the order they were asked for.
 *
 * PGlite answers synchronously (WebAssembly) on the event loop. Node (libuv >= 1.45) accepts one new connection per
 * loop iteration, and without turns one iteration ran the queries of every request read in it: at 100 busy
 * connections an iteration lasted about 100 queries (0.3 s), and a new connection waited one such iteration for
 * each connection ahead of it, so its first request took seconds (measured: 5 s, with wrk timeouts). With turns an
 * iteration lasts about one statement, so connections are accepted and sockets read between statements, and
 * requests that need no database (cached answers, static files) are never held up. A transaction takes one turn
 * for its start; the statements inside it run back to back. Pass `turn` to share the turns with another runner
 * of statements on the same client (prepared.ts).
 */
export function takeTurns<C extends { query: unknown; exec: unknown; transaction: unknown }>(
  client: C,
  turn: () => Promise<void> = turnTaker(),
): C {
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const call = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      await turn();
      return call(...args);
    };
  }
  return client;
}
