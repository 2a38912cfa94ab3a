import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TAuditEntry, ZAuditQuery } from '@podo/contracts/ops/admin';
import { auditLog, type Database } from '@podo/db';
import { oneRow } from '../../lib/rows';

/** The start of a Korea day as an instant. */
const kstDayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

/** GET /admin/audit: newest first, with the filters given. */
export async function listAudit(db: Database, q: z.output<typeof ZAuditQuery>) {
  const filters: SQL[] = [];
  if (q.actorId) filters.push(eq(auditLog.actorId, q.actorId));
  if (q.whoseId) filters.push(eq(auditLog.whoseId, q.whoseId));
  if (q.action) filters.push(eq(auditLog.action, q.action));
  if (q.kind) filters.push(eq(auditLog.kind, q.kind));
  if (q.subjectType) filters.push(eq(auditLog.subjectType, q.subjectType));
  if (q.subjectId) filters.push(eq(auditLog.subjectId, q.subjectId));
  if (q.startDate) filters.push(gte(auditLog.at, kstDayStart(q.startDate)));
  if (q.endDate) filters.push(lt(auditLog.at, new Date(kstDayStart(q.endDate).getTime() + 86_400_000)));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }, rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(auditLog)
      .where(where)
      .then((r) => oneRow(r, 'audit count')),
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
  ]);
  const data: TAuditEntry[] = rows.map((r) => ({
    ...r,
    at: r.at.toISOString(),
    subjectType: r.subjectType as TAuditEntry['subjectType'],
  }));
  return { data, page: q.page, size: q.size, total: Number(total) };
}
