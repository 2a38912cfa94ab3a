/**
 * Every /api/v1 call as one object (./operation.ts): the server registers routes from them, the OpenAPI document
 * and the typed client come from the same objects. One file per domain under ./ops.
 */
import * as account from './ops/account';
import * as admin from './ops/admin';
import * as catalog from './ops/catalog';
import * as commerce from './ops/commerce';
import * as content from './ops/content';
import * as files from './ops/files';
import * as staff from './ops/staff';
import * as stores from './ops/stores';
import * as system from './ops/system';
import type { Operation } from './operation';

export * as accountOps from './ops/account';
export * as adminOps from './ops/admin';
export * as catalogOps from './ops/catalog';
export * as commerceOps from './ops/commerce';
export * as contentOps from './ops/content';
export * as filesOps from './ops/files';
export * as staffOps from './ops/staff';
export * as storesOps from './ops/stores';
export * as systemOps from './ops/system';
export * from './operation';
export * from './staff';

type OpsOf<M> = { [K in keyof M as M[K] extends Operation ? K : never]: M[K] };
const pick = <M extends object>(m: M) =>
  Object.fromEntries(Object.entries(m).filter(([, v]) => typeof v === 'object' && v !== null && 'method' in v && 'path' in v)) as OpsOf<M>;

/** All operations by name (names are unique across domains). */
export const operations = {
  ...pick(system),
  ...pick(account),
  ...pick(catalog),
  ...pick(commerce),
  ...pick(content),
  ...pick(files),
  ...pick(stores),
  ...pick(staff),
  ...pick(admin),
};
export type Operations = typeof operations;
