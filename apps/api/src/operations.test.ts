import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@podo/contracts';
import { can, operations, STAFF_ROLES, type StaffRole } from '@podo/contracts/operations';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { errorCodesOf } from './lib/operation-route';
import { insertMember } from './modules/wines/test-fixtures';
import { loginToken, staffToken } from '../../../tests/helpers/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const openApiPath = (path: string) => `/api/v1${path.replace(/:(\w+)/g, '{$1}')}`;

describe('operations (packages/contracts/src/operations.ts)', () => {
  it('are the routes of /api/v1: each registered once, and no route without one', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const listed = new Set<string>();
    for (const [path, methods] of Object.entries(spec.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(methods)) listed.add(`${method.toUpperCase()} ${path}`);
    }
    const declared = Object.values(operations).map((op) => `${op.method} ${openApiPath(op.path)}`);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...listed].sort()).toEqual([...declared].sort());
  });

  it('list in OpenAPI every error code they may answer, under its status', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const op of Object.values(operations)) {
      const doc = spec.paths[openApiPath(op.path)][op.method.toLowerCase()];
      expect(doc.summary).toBe(op.summary);
      for (const code of errorCodesOf(op)) {
        const status = String(ERROR_STATUS[code]);
        const answer = doc.responses[status];
        expect(answer, `${op.method} ${op.path} ${code}`).toBeDefined();
        if (op.path !== '/health') expect(JSON.stringify(answer)).toContain(code);
      }
      // The auth of the operation is its OpenAPI security.
      expect(doc.security === undefined).toBe(op.auth === 'public');
    }
  });

  it('guard every call by its auth: no token is 401 for member, buyer and admin calls', async () => {
    for (const op of Object.values(operations)) {
      if (op.auth === 'public' || op.auth === 'optional') continue;
      const url = `/api/v1${op.path.replace(/:provider/, 'kakao').replace(/:\w+/g, '1')}`;
      const r = await t.app.inject({ method: op.method, url, payload: 'body' in op ? {} : undefined });
      expect(r.statusCode, `${op.method} ${url}`).toBe(401);
      expect(r.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('guard every staff call by its permission: a buyer is refused, and so is a role without it', async () => {
    const staff = Object.fromEntries(
      await Promise.all(
        STAFF_ROLES.map(async (role) => {
          await insertMember(t.db.db, `staff-${role}@example.com`, 'ADMIN', 'APPROVED', role);
          return [role, await staffToken(t, `staff-${role}@example.com`)];
        }),
      ),
    ) as Record<StaffRole, string>;
    const buyer = await loginToken(t, 'buyer@example.com', 'Buyer!2345');
    const staffOps = Object.values(operations).filter((op) => op.auth === 'admin');
    expect(staffOps.length).toBeGreaterThan(10);
    for (const op of staffOps) {
      expect(op.permission, `${op.method} ${op.path}`).toBeDefined();
      const url = `/api/v1${op.path.replace(/:\w+/g, '1')}`;
      const call = (bearer: string) =>
        t.app.inject({ method: op.method, url, headers: { authorization: `Bearer ${bearer}` }, payload: 'body' in op ? {} : undefined });
      const asBuyer = await call(buyer);
      expect([asBuyer.statusCode, asBuyer.json().code], `${op.method} ${url} as a buyer`).toEqual([403, 'ADMIN_ONLY']);
      for (const role of STAFF_ROLES) {
        const r = await call(staff[role]);
        if (can(role, op.permission!)) expect([401, 403], `${op.method} ${url} as ${role}`).not.toContain(r.statusCode);
        else expect([r.statusCode, r.json().code], `${op.method} ${url} as ${role}`).toEqual([403, 'PERMISSION_DENIED']);
      }
    }
    // Only an admin may do everything: the other roles are each refused something.
    for (const role of STAFF_ROLES) {
      const refused = staffOps.filter((op) => !can(role, op.permission!)).length;
      if (role === 'admin') expect(refused).toBe(0);
      else expect(refused, role).toBeGreaterThan(0);
    }
  });
});
