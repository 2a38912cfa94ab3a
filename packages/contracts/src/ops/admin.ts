import { z } from 'zod';
import { ZAdminMember, ZAdminMemberList, ZAdminMemberQuery, ZAdminPageQuery, ZAdminRejectBody, ZIdParam } from '../accounts';
import { zDate, zId, zPage, zSize, ZAdminVintage, ZVintagePriceBody, ZVintageStockBody } from '../catalog';
import { ZQnaAnswerBody, ZQnaListQuery, ZQnaPage, ZQnaResult } from '../content';
import { AUDIT_SUBJECTS, defineOperation } from '../operation';
import { MEMBER_STATUSES } from '../rules';

/**
 * Back office (role ADMIN; under /api/v1/admin). The admin CLI reaches the same calls from this machine with a
 * short-lived token of its own.
 */
const tags = ['admin'] as const;
export const ZMemberResult = z.object({ data: ZAdminMember });
export const ZMemberMessage = z.object({ message: z.string(), data: ZAdminMember });

export const adminMembers = defineOperation({
  method: 'GET',
  path: '/admin/members',
  tags,
  summary:
    "Members with their whole details, newest first; filter by status, search e-mail, name and company (the admin CLI's list; the back office lists /admin/buyers, masked)",
  auth: 'admin',
  permission: 'buyers:pii',
  audit: { action: 'members.list', kind: 'view', subject: 'member' },
  query: ZAdminMemberQuery,
  response: ZAdminMemberList,
  errors: [],
});

export const adminMember = defineOperation({
  method: 'GET',
  path: '/admin/members/:id',
  tags,
  summary: 'One member',
  auth: 'admin',
  permission: 'buyers:pii',
  audit: { action: 'member.view', kind: 'view', subject: 'member' },
  params: ZIdParam,
  response: ZMemberResult,
  errors: ['NOT_FOUND'],
});

export const adminMemberCertificate = defineOperation({
  method: 'GET',
  path: '/admin/members/:id/certificate',
  tags,
  summary: "Download a member's business registration certificate",
  auth: 'admin',
  permission: 'buyers:pii',
  audit: { action: 'member.certificate', kind: 'view', subject: 'member' },
  params: ZIdParam,
  response: { file: 'image/jpeg, image/png, image/webp or application/pdf' },
  errors: ['NOT_FOUND'],
});

export const adminApprove = defineOperation({
  method: 'POST',
  path: '/admin/members/:id/approve',
  tags,
  summary: 'Approve a PENDING or REJECTED application: the member becomes a BUYER (e-mailed)',
  auth: 'admin',
  permission: 'buyers:approve',
  audit: { action: 'member.approve', kind: 'change', subject: 'member' },
  params: ZIdParam,
  response: ZMemberMessage,
  errors: ['NOT_FOUND', 'MEMBER_NOT_PENDING'],
});

export const adminReject = defineOperation({
  method: 'POST',
  path: '/admin/members/:id/reject',
  tags,
  summary: 'Reject a PENDING application with a reason the member sees (e-mailed)',
  auth: 'admin',
  permission: 'buyers:approve',
  audit: { action: 'member.reject', kind: 'change', subject: 'member' },
  params: ZIdParam,
  body: ZAdminRejectBody,
  response: ZMemberMessage,
  errors: ['NOT_FOUND', 'MEMBER_NOT_PENDING'],
});

export const adminBusinessChanges = defineOperation({
  method: 'GET',
  path: '/admin/business-changes',
  tags,
  summary: "Approved buyers' business changes waiting for review, the longest waiting first",
  description: 'Each member shows the approved details in `business` and the requested ones in `business.pendingChanges`.',
  auth: 'admin',
  permission: 'buyers:pii',
  audit: { action: 'members.business-changes', kind: 'view', subject: 'member' },
  query: ZAdminPageQuery,
  response: ZAdminMemberList,
  errors: [],
});

export const adminApproveChanges = defineOperation({
  method: 'POST',
  path: '/admin/members/:id/business-changes/approve',
  tags,
  summary: "Approve a buyer's waiting business changes: they replace the approved details (e-mailed)",
  auth: 'admin',
  permission: 'buyers:approve',
  audit: { action: 'member.business-changes.approve', kind: 'change', subject: 'member' },
  params: ZIdParam,
  response: ZMemberMessage,
  errors: ['NOT_FOUND', 'NO_PENDING_CHANGES'],
});

export const adminRejectChanges = defineOperation({
  method: 'POST',
  path: '/admin/members/:id/business-changes/reject',
  tags,
  summary: "Reject a buyer's waiting business changes with a reason: the approved details stay (e-mailed)",
  auth: 'admin',
  permission: 'buyers:approve',
  audit: { action: 'member.business-changes.reject', kind: 'change', subject: 'member' },
  params: ZIdParam,
  body: ZAdminRejectBody,
  response: ZMemberMessage,
  errors: ['NOT_FOUND', 'NO_PENDING_CHANGES'],
});

export const adminVintagePrice = defineOperation({
  method: 'PATCH',
  path: '/admin/wines/vintages/:id',
  tags,
  summary: "Set a vintage's retail and/or trade price (whole KRW): every server process shows it at once",
  auth: 'admin',
  permission: 'catalog:edit',
  audit: { action: 'vintage.price', kind: 'change', subject: 'vintage' },
  params: z.object({ id: zId }),
  body: ZVintagePriceBody,
  ZVintageStockBody,
  response: z.object({ data: ZAdminVintage }),
  errors: ['NOT_FOUND'],
});

export const adminVintageStock = defineOperation({
  method: 'PATCH',
  path: '/admin/wines/vintages/:id/stock',
  tags,
  summary: "Set a vintage's stock (bottles); members waiting for a sold-out wine are told once when it is back",
  auth: 'admin',
  permission: 'stock:edit',
  audit: { action: 'vintage.stock', kind: 'change', subject: 'vintage' },
  params: z.object({ id: zId }),
  body: ZVintageStockBody,
  response: z.object({
    data: ZAdminVintage.extend({ stock: z.number().int() }),
    /** Members wait for this wine and are being told it is back (by a background job, within seconds). */
    restockNotices: z.boolean(),
  }),
  errors: ['NOT_FOUND'],
});

// ---- 1:1 inquiries --------------------------------------------------------------------------------------------
export const adminQnas = defineOperation({
  method: 'GET',
  path: '/admin/qnas',
  tags,
  summary: 'Every 1:1 inquiry, waiting ones first (oldest first), then answered ones (newest first)',
  auth: 'admin',
  permission: 'inquiries:read',
  query: ZQnaListQuery,
  response: ZQnaPage,
  errors: [],
});

export const adminAnswerQna = defineOperation({
  method: 'POST',
  path: '/admin/qnas/:id/answer',
  tags,
  summary: 'Answer an inquiry (or correct the answer); the member is told by e-mail',
  auth: 'admin',
  permission: 'inquiries:answer',
  audit: { action: 'inquiry.answer', kind: 'change', subject: 'inquiry' },
  params: z.object({ id: zId }),
  body: ZQnaAnswerBody,
  response: ZQnaResult,
  errors: ['NOT_FOUND'],
});

// ---- the outbox -------------------------------------------------------------------------------------------------
export const OUTBOX_STATUS_CODES = ['pending', 'sending', 'sent', 'failed'] as const;
export const ZOutboxEntry = z.object({
  id: z.number().int(),
  channel: z.enum(['mail', 'sms']),
  /** What caused it: order-placed, restock, member-approved, code, … */
  purpose: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  status: z.enum(OUTBOX_STATUS_CODES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TOutboxEntry = z.infer<typeof ZOutboxEntry>;

export const adminOutbox = defineOperation({
  method: 'GET',
  path: '/admin/outbox',
  tags,
  summary: 'E-mails and SMS not sent yet (failed, waiting, being sent), or of the given states; newest first, with counts per state',
  auth: 'admin',
  permission: 'outbox:read',
  query: z.object({
    status: z
      .union([z.enum(OUTBOX_STATUS_CODES), z.array(z.enum(OUTBOX_STATUS_CODES))])
      .optional()
      .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
    size: z.coerce.number().int().min(1).max(500).default(100),
  }),
  response: z.object({
    data: z.array(ZOutboxEntry),
    counts: z.object({ pending: z.number().int(), sending: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  }),
  errors: [],
});

export const adminOutboxRetry = defineOperation({
  method: 'POST',
  path: '/admin/outbox/:id/retry',
  tags,
  summary: 'Send a failed message again (its attempts start over); a code message cannot be sent again',
  auth: 'admin',
  permission: 'outbox:retry',
  audit: { action: 'message.retry', kind: 'change', subject: 'message' },
  params: z.object({ id: zId }),
  response: z.object({ data: ZOutboxEntry }),
  errors: ['NOT_FOUND', 'OUTBOX_NOT_FAILED', 'OUTBOX_NOT_RETRYABLE'],
});

// ---- the audit trail --------------------------------------------------------------------------------------------
export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorLabel: z.string(),
  actorRole: z.string(),
  ip: z.string(),
  action: z.string(),
  kind: z.enum(['change', 'view', 'export']),
  subjectType: z.enum(AUDIT_SUBJECTS),
  subjectId: z.string().nullable(),
  whoseId: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditQuery = z.object({
  actorId: zId.optional(),
  whoseId: zId.optional(),
  action: z.string().trim().max(60).optional(),
  kind: z.enum(['change', 'view', 'export']).optional(),
  subjectType: z.enum(AUDIT_SUBJECTS).optional(),
  subjectId: z.string().trim().max(60).optional(),
  /** Korea days, inclusive. */
  startDate: zDate.optional(),
  endDate: zDate.optional(),
  page: zPage,
  size: zSize(50),
});

export const adminAudit = defineOperation({
  method: 'GET',
  path: '/admin/audit',
  tags,
  summary:
    'The audit trail, newest first: who changed or saw what, whose, when and from where; filter by staff, member, action, subject and period',
  auth: 'admin',
  permission: 'audit:read',
  query: ZAuditQuery,
  response: z.object({ data: z.array(ZAuditEntry), page: z.number().int(), size: z.number().int(), total: z.number().int() }),
  errors: [],
});

// ---- buyers, masked ---------------------------------------------------------------------------------------------
export const ADMIN_BUYER_SORTS = ['newest', 'oldest', 'company'] as const;
export const ZAdminBuyerQuery = z.object({
  status: z.enum(MEMBER_STATUSES, { message: 'oneOf' }).optional(),
  /** A company, a name, a business number, a phone number (digits are enough) or an e-mail. */
  q: z.string().trim().max(100).optional(),
  level: z.string().trim().max(30).optional(),
  /** Buyers with credit terms (외상). */
  credit: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(ADMIN_BUYER_SORTS, { message: 'oneOf' }).default('newest'),
  page: zPage,
  size: zSize(20),
});

/** A list row: personal data masked (김*수, 010-****-5678, ab***@example.com); the company's own details whole. */
export const ZAdminBuyerRow = z.object({
  id: z.number().int(),
  status: z.enum(MEMBER_STATUSES),
  role: z.string(),
  level: z.string().nullable(),
  companyName: z.string().nullable(),
  businessNumber: z.string().nullable(),
  businessType: z.string().nullable(),
  fullName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  cashBalance: z.number().int(),
  creditLimit: z.number().int().nullable(),
  hasPendingChanges: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TAdminBuyerRow = z.infer<typeof ZAdminBuyerRow>;

export const adminBuyers = defineOperation({
  method: 'GET',
  path: '/admin/buyers',
  tags,
  summary: 'Members and trade buyers, masked; search by company, name, business number, phone or e-mail, with counts per status',
  auth: 'admin',
  permission: 'buyers:read',
  query: ZAdminBuyerQuery,
  response: z.object({
    data: z.array(ZAdminBuyerRow),
    counts: z.record(z.enum(MEMBER_STATUSES), z.number().int()),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  }),
  errors: [],
});
