import { beginUnit } from '@podo/cache';
import type { AuditDeclaration } from '@podo/contracts/operations';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { auditLog, type Database } from '@podo/db';
import type { AdminActor } from '../modules/session';

/**
 * What a change's handler may add to its operation's audit row (decision 024): the subject's id when it is not the path
 * parameter, whose personal data it was, and the state before and after a change (only what changed, no more
 * personal data than the change itself). The route helper writes the row.
 */
export interface AuditNote {
  subjectId?: string | number | null;
  whose?: number | null;
  before?: unknown;
  after?: unknown;
}

/** The path parameter that names an operation's subject: `:id`, else `:oid`. */
function subjectOf(params: unknown): string | null {
  const p = (params ?? {}) as Record<string, unknown>;
  const v = p.id ?? p.oid;
  return v === undefined || v === null ? null : String(v);
}

/** The `data` of an answer, the usual place of what a change made. */
const dataOf = (answer: unknown): unknown =>
  typeof answer === 'object' && answer !== null && 'data' in answer ? (answer as { data: unknown }).data : undefined;

export interface AuditedCall {
  declaration: AuditDeclaration;
  actor: AdminActor;
  ip: string;
  params: unknown;
  /** An export's filters, kept on its row (what was exported). */
  query?: unknown;
}

function row(call: AuditedCall, note: AuditNote, after: unknown) {
  const subjectId = note.subjectId === undefined ? subjectOf(call.params) : note.subjectId === null ? null : String(note.subjectId);
  const whose = note.whose !== undefined ? note.whose : call.declaration.subject === 'member' && subjectId ? Number(subjectId) : null;
  return {
    actorId: call.actor.userId,
    actorLabel: call.actor.label,
    actorRole: call.actor.role,
    ip: call.ip,
    action: call.declaration.action,
    kind: call.declaration.kind,
    subjectType: call.declaration.subject,
    subjectId,
    whoseId: whose !== null && Number.isSafeInteger(whose) ? whose : null,
    before: note.before ?? null,
    after: after ?? null,
  };
}

/**
 * Runs a staff change in one transaction with its audit row, written after the change with its before and after
 * (the answer's `data` unless the handler said otherwise). `run` gets the transaction (it stands for the database's
 * caches until commit: see beginUnit) and the note to fill. A change that fails leaves no row: it changed nothing.
 * A view or an export of personal data is recorded when it is asked for, before the answer is made, found or not
 * (someone tried to see it), naming the subject of the path.
 */
export async function audited<T>(db: Database, call: AuditedCall, run: (tx: Database, note: AuditNote) => Promise<T>): Promise<T> {
  if (call.declaration.kind !== 'change') {
    // Committed before the answer is made: a file leaves from inside the handler, and the row must exist by then.
    await db.insert(auditLog).values(row(call, {}, call.declaration.kind === 'export' ? { query: call.query ?? {} } : null));
    return run(db, {});
  }
  let unit: ReturnType<typeof beginUnit> | undefined;
  try {
    const answer = await db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      unit = beginUnit(tx, db);
      const note: AuditNote = {};
      const answer = await run(tx, note);
      await tx.insert(auditLog).values(row(call, note, note.after !== undefined ? note.after : dataOf(answer)));
      return answer;
    });
    unit?.commit();
    return answer;
  } catch (e) {
    unit?.discard();
    throw e;
  }
}

/**
 * A change's "before": the given columns of the row whose `key` is `id` (locked, so the change that follows starts
 * from it), or null when there is none (the handler's own NOT_FOUND follows).
 */
export async function stateBefore<C extends Record<string, PgColumn>>(
  db: Database,
  table: PgTable,
  key: PgColumn,
  id: string | number,
  columns: C,
): Promise<{ [K in keyof C]: C[K]['_']['data'] } | null> {
  const [found] = await db.select(columns).from(table).where(eq(key, id)).$dynamic().for('update');
  return (found as { [K in keyof C]: C[K]['_']['data'] } | undefined) ?? null;
}
