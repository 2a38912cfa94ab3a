import { asc } from 'drizzle-orm';
import type { TBuyerLevel } from '@podo/contracts';
import { buyerLevels } from '@podo/db';
import type { ServiceCtx } from '../../deps';

/** GET /commerce/levels: the levels, entry level first, named in the caller's language. */
export async function listBuyerLevels(ctx: ServiceCtx): Promise<TBuyerLevel[]> {
  const rows = await ctx.db.select().from(buyerLevels).orderBy(asc(buyerLevels.rank));
  return rows.map((r) => ({
    code: r.code,
    name: r.name[ctx.lang] ?? r.name['ko-KR'],
    rank: r.rank,
    discountRate: r.discountBp / 100,
    minMonthlyPaid: r.minMonthlyPaid,
  }));
}
