import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import { JOBS_SCHEMA } from '@podo/db';

/** Queues a job in the database at `url` as any process of the product would (pg-boss), for its workers to run. */
export async function sendJob(url: string, name: string, data: object = {}): Promise<string | null> {
  const boss = new PgBoss({ connectionString: url, schema: JOBS_SCHEMA, supervise: false, schedule: false, migrate: false, max: 1 });
  boss.on('error', () => {});
  await boss.start();
  try {
    return await boss.send(name, data);
  } finally {
    await boss.stop({ graceful: false });
  }
}

/** A wine on sale with one vintage, stocked with `stock` bottles sold one at a time (for ordering across processes). */
export async function stockedSingleVintageWine(db: pg.Client, stock: number): Promise<{ product_id: number; id: number }> {
  const {
    rows: [wine],
  } = await db.query<{ product_id: number; id: number }>(`
    select v.product_id, v.id from product_vintages v join products p on p.id = v.product_id
    where v.is_on_sale and p.is_published and (select count(*) from product_vintages x where x.product_id = v.product_id) = 1
    order by v.id limit 1`);
  if (!wine) throw new Error('no wine with one vintage');
  await db.query('update product_vintages set stock = $2, order_step = 1, min_qty = 1 where id = $1', [wine.id, stock]);
  return wine;
}
