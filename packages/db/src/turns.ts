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

/**
 * Hands out turns, one per event-loop iteration, first come first served: a single setImmediate chain releases one
 * waiter per check phase (an immediate queued by a running immediate waits for the next iteration). Awaiting
 * setImmediate in each caller would not do: every immediate queued during one poll phase runs in the same check
 * phase.
 */
export function turnTaker(): Turns {
  const waiting: (() => void)[] = [];
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
    waiting.shift()!();
    if (waiting.length) setImmediate(next);
    else scheduled = false;
  };
  const turn = (() =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
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
