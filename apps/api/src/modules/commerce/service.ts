import { and, desc, eq, sql } from 'drizzle-orm';
import { SHIP_ADDRESSES_MAX, type TShip, type TShipBody } from '@podo/contracts';
import { shipAddresses, users, type Database } from '@podo/db';
import type { ServiceCtx } from '../../deps';
import { AppError } from '../../lib/errors';

type Row = typeof shipAddresses.$inferSelect;

const toShip = (r: Row): TShip => ({
  id: r.id,
  fullName: r.fullName,
  mobile: r.mobile,
  postalCode: r.postalCode,
  address1: r.address1,
  address2: r.address2,
  message: r.message,
  defaultShip: r.isDefault,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Runs a change of the member's addresses with the member's row locked: changes of one member's addresses take
 * turns, so the count limit holds and exactly one address stays the default whatever runs at the same time.
 */
function asMember<T>(ctx: ServiceCtx, userId: number, run: (tx: Database) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return run(tx);
  });
}

async function ownRow(db: Database, userId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(shipAddresses)
    .where(and(eq(shipAddresses.id, id), eq(shipAddresses.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('SHIP_NOT_FOUND');
  return row;
}

/**
 * Makes `id` the member's one default address (the caller holds the member's lock). Two statements: the unique
 * index is checked row by row, so one statement that turns one row on and another off may see two defaults.
 */
async function setDefault(db: Database, userId: number, id: number): Promise<void> {
  await db
    .update(shipAddresses)
    .set({ isDefault: false })
    .where(and(eq(shipAddresses.userId, userId), eq(shipAddresses.isDefault, true), sql`${shipAddresses.id} <> ${id}`));
  await db.update(shipAddresses).set({ isDefault: true }).where(eq(shipAddresses.id, id));
}

/** GET /commerce/ships: the default first, then the newest. */
export async function listShips(ctx: ServiceCtx, userId: number, q: { defaultShip?: boolean }): Promise<TShip[]> {
  const rows = await ctx.db
    .select()
    .from(shipAddresses)
    .where(and(eq(shipAddresses.userId, userId), q.defaultShip === undefined ? undefined : eq(shipAddresses.isDefault, q.defaultShip)))
    .orderBy(desc(shipAddresses.isDefault), desc(shipAddresses.createdAt), desc(shipAddresses.id));
  return rows.map(toShip);
}

export async function getShip(ctx: ServiceCtx, userId: number, id: number): Promise<TShip> {
  return toShip(await ownRow(ctx.db, userId, id));
}

/** POST /commerce/ships: the first address, or one asked to be, becomes the default. */
export async function createShip(ctx: ServiceCtx, userId: number, body: TShipBody): Promise<TShip> {
  return asMember(ctx, userId, async (tx) => {
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(shipAddresses)
      .where(eq(shipAddresses.userId, userId));
    if (count >= SHIP_ADDRESSES_MAX) throw new AppError('SHIP_LIMIT', { max: SHIP_ADDRESSES_MAX });
    const { defaultShip, ...fields } = body;
    const [row] = await tx
      .insert(shipAddresses)
      .values({ ...fields, userId })
      .returning();
    if (!row) throw new Error('ship address insert returned no row');
    if (count === 0 || defaultShip) await setDefault(tx, userId, row.id);
    return toShip(await ownRow(tx, userId, row.id));
  });
}

/** PUT /commerce/ships/{id}: new fields; `defaultShip: true` also makes it the default. */
export async function updateShip(ctx: ServiceCtx, userId: number, id: number, body: TShipBody): Promise<TShip> {
  return asMember(ctx, userId, async (tx) => {
    await ownRow(tx, userId, id);
    const { defaultShip, ...fields } = body;
    await tx
      .update(shipAddresses)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(shipAddresses.id, id));
    if (defaultShip) await setDefault(tx, userId, id);
    return toShip(await ownRow(tx, userId, id));
  });
}

/** PATCH /commerce/ships/{id}: this address becomes the default, the previous one stops being it. */
export async function makeDefaultShip(ctx: ServiceCtx, userId: number, id: number): Promise<TShip> {
  return asMember(ctx, userId, async (tx) => {
    await ownRow(tx, userId, id);
    await setDefault(tx, userId, id);
    return toShip(await ownRow(tx, userId, id));
  });
}

/** DELETE /commerce/ships/{id}: when it was the default, the newest other address takes over. */
export async function deleteShip(ctx: ServiceCtx, userId: number, id: number): Promise<void> {
  await asMember(ctx, userId, async (tx) => {
    const row = await ownRow(tx, userId, id);
    await tx.delete(shipAddresses).where(eq(shipAddresses.id, id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: shipAddresses.id })
      .from(shipAddresses)
      .where(eq(shipAddresses.userId, userId))
      .orderBy(desc(shipAddresses.createdAt), desc(shipAddresses.id))
      .limit(1);
    if (next) await setDefault(tx, userId, next.id);
  });
}
