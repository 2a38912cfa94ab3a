/**
 * The importer's staff: roles, and what each may do as permission strings. Every staff operation names the one
 * permission it needs (`permission` in ./operation.ts); the route helper checks it, never a handler.
 */
export const STAFF_ROLES = ['admin', 'sales', 'warehouse'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  /** Lists of members and buyers, masked. */
  'buyers:read',
  /** A member's whole personal data: phone, e-mail, name, business certificate. */
  'buyers:pii',
  /** Approving or rejecting applications and changed business details. */
  'buyers:approve',
  'orders:read',
  /** Any order state change at once (the admin CLI's `order` command and PATCH …/status). */
  'orders:manage',
  /** Confirming a bank deposit. */
  'payments:confirm',
  /** Preparing, shipping (carrier, tracking number), delivering; pick-up ready and picked up. */
  'orders:ship',
  /** Cancelling an order: stock, cash and coupons go back. */
  'orders:cancel',
  'cash:adjust',
  'coupons:read',
  'coupons:manage',
  'catalog:edit',
  'stock:edit',
  'inquiries:read',
  'inquiries:answer',
  'outbox:read',
  'outbox:retry',
  /** The audit trail: who changed or saw what. */
  'audit:read',
  /** Staff accounts: create, change the role, disable, reset the second factor. */
  'staff:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * - `admin`: everything.
 * - `sales`: buyers, orders, payments, cash, coupons, inquiries and the messages to them.
 * - `warehouse`: orders to prepare and ship, and stock; no personal data beyond the delivery address.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  sales: [
    'buyers:read',
    'buyers:pii',
    'buyers:approve',
    'orders:read',
    'payments:confirm',
    'orders:cancel',
    'cash:adjust',
    'coupons:read',
    'coupons:manage',
    'inquiries:read',
    'inquiries:answer',
    'outbox:read',
    'outbox:retry',
  ],
  warehouse: ['orders:read', 'orders:ship', 'stock:edit'],
};

/** Whether a member of staff with `role` may do what `permission` covers. */
export const can = (role: StaffRole, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);
