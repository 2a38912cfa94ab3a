import { z } from 'zod';
import { zEmail, zName } from '../accounts';
import { zId } from '../catalog';
import { defineOperation } from '../operation';
import { PERMISSIONS, STAFF_ROLES } from '../staff';

/**
 * Staff sign-in (decision 025): after the password, a member of staff gives the code of their authenticator app (or a
 * recovery code) on the same token; until then every staff call answers SECOND_FACTOR_REQUIRED. A staff session ends
 * after STAFF_IDLE_MINUTES without a call. And the staff accounts themselves, managed by an admin.
 */
const tags = ['staff'] as const;

/** A staff session ends after this many minutes without a staff call. */
export const STAFF_IDLE_MINUTES = 30;
/** How many recovery codes a member of staff gets when the authenticator is set up. */
export const RECOVERY_CODE_COUNT = 10;

/** Six digits from the app, or a recovery code (xxxx-xxxx, letters and digits); spaces are ignored. */
export const ZSecondFactorBody = z.object({
  code: z
    .string()
    .transform((s) => s.replace(/\s+/g, '').toLowerCase())
    .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{4}-[a-z0-9]{4})$/, { message: 'secondFactorCode' })),
});

export const ZStaffSession = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** `verified`: staff calls allowed; `required`: give the app's code; `setup`: set the app up first. */
  secondFactor: z.enum(['verified', 'required', 'setup']),
  recoveryCodesLeft: z.number().int(),
  idleMinutes: z.number().int(),
});
export type TStaffSession = z.infer<typeof ZStaffSession>;

export const staffSession = defineOperation({
  method: 'GET',
  path: '/staff/session',
  tags,
  summary: "The signed-in member of staff: role, permissions (the back office's menu) and whether the second factor was given",
  auth: 'user',
  response: z.object({ data: ZStaffSession }),
  errors: ['ADMIN_ONLY', 'STAFF_DISABLED'],
});

export const staffSecondFactor = defineOperation({
  method: 'POST',
  path: '/staff/second-factor',
  tags,
  summary: "Give the authenticator app's code (or a recovery code, used once) for this sign-in: staff calls are allowed from now on",
  description: 'Five wrong codes in 15 minutes lock the step for the rest of the window (LOGIN_LOCKED). A code is good once.',
  auth: 'user',
  body: ZSecondFactorBody,
  response: z.object({ data: ZStaffSession }),
  errors: ['ADMIN_ONLY', 'STAFF_DISABLED', 'SECOND_FACTOR_INVALID', 'SECOND_FACTOR_NOT_SET', 'LOGIN_LOCKED', 'STAFF_SESSION_EXPIRED'],
});

export const ZSecondFactorSetup = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});

export const staffSecondFactorSetup = defineOperation({
  method: 'POST',
  path: '/staff/second-factor/setup',
  tags,
  summary: 'Start setting up the authenticator app: a new secret and its QR code (confirmed by the first code)',
  auth: 'user',
  response: z.object({ data: ZSecondFactorSetup }),
  errors: ['ADMIN_ONLY', 'STAFF_DISABLED', 'SECOND_FACTOR_ACTIVE', 'STAFF_SESSION_EXPIRED'],
});

export const staffSecondFactorEnable = defineOperation({
  method: 'POST',
  path: '/staff/second-factor/enable',
  tags,
  summary: 'Confirm the app with its first code: the second factor is on, this sign-in is verified, and the recovery codes are shown once',
  auth: 'user',
  body: ZSecondFactorBody,
  response: z.object({ data: z.object({ session: ZStaffSession, recoveryCodes: z.array(z.string()) }) }),
  errors: [
    'ADMIN_ONLY',
    'STAFF_DISABLED',
    'SECOND_FACTOR_INVALID',
    'SECOND_FACTOR_ACTIVE',
    'SECOND_FACTOR_NOT_SET',
    'LOGIN_LOCKED',
    'STAFF_SESSION_EXPIRED',
  ],
});

// ---- staff accounts (admin) ---------------------------------------------------------------------------------------
export const ZStaffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(STAFF_ROLES),
  secondFactor: z.boolean(),
  disabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;

export const adminStaff = defineOperation({
  method: 'GET',
  path: '/admin/staff',
  tags: ['admin'],
  summary: 'The staff accounts: role, second factor set up, disabled',
  auth: 'admin',
  permission: 'staff:manage',
  response: z.object({ data: z.array(ZStaffMember) }),
  errors: [],
});

export const ZStaffCreateBody = z.object({
  email: zEmail,
  fullName: zName,
  role: z.enum(STAFF_ROLES, { message: 'oneOf' }),
});

export const adminCreateStaff = defineOperation({
  method: 'POST',
  path: '/admin/staff',
  tags: ['admin'],
  summary: 'Create a staff account: a temporary password is shown once; the app is set up at the first sign-in',
  auth: 'admin',
  permission: 'staff:manage',
  audit: { action: 'staff.create', kind: 'change', subject: 'staff' },
  body: ZStaffCreateBody,
  response: z.object({ data: ZStaffMember, temporaryPassword: z.string() }),
  status: 201,
  errors: ['EMAIL_TAKEN'],
});

const staffAction = (path: string, summary: string, action: string) =>
  ({
    method: 'POST',
    path: `/admin/staff/:id/${path}`,
    tags: ['admin'],
    summary,
    auth: 'admin',
    permission: 'staff:manage',
    audit: { action, kind: 'change', subject: 'staff' },
    params: z.object({ id: zId }),
    response: z.object({ data: ZStaffMember }),
    errors: ['NOT_FOUND', 'STAFF_SELF'],
  }) as const;

export const adminDisableStaff = defineOperation(
  staffAction('disable', 'Disable a staff account: its sign-ins end now and it cannot sign in', 'staff.disable'),
);
export const adminEnableStaff = defineOperation(staffAction('enable', 'Enable a disabled staff account again', 'staff.enable'));
export const adminResetStaffSecondFactor = defineOperation(
  staffAction(
    'reset-second-factor',
    "Forget a staff account's authenticator (a lost phone): it is set up again at the next sign-in",
    'staff.reset-second-factor',
  ),
);

export const adminStaffRole = defineOperation({
  method: 'PATCH',
  path: '/admin/staff/:id',
  tags: ['admin'],
  summary: "Change a staff account's role",
  auth: 'admin',
  permission: 'staff:manage',
  audit: { action: 'staff.role', kind: 'change', subject: 'staff' },
  params: z.object({ id: zId }),
  body: z.object({ role: z.enum(STAFF_ROLES, { message: 'oneOf' }) }),
  response: z.object({ data: ZStaffMember }),
  errors: ['NOT_FOUND', 'STAFF_SELF'],
});
