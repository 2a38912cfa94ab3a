import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { TDepositRow } from '@podo/contracts/ops/commerce';
import { rowsOf, type Database } from '@podo/db';
import { AppError } from '../../lib/errors';
import { kstDate } from './delivery-date';

/**
 * A Korean bank account's transaction export (CSV or Excel), matched to the bank-transfer orders awaiting their
 * deposit (issue 36, docs/architecture.md "Deposits from a bank statement"). Nothing is confirmed here: each proposed
 * match is confirmed by a person with the order's confirm-deposit action.
 */

/** One deposit of the statement. */
export interface StatementRow {
  /** The line in the file (1-based, header included), to point at it. */
  line: number;
  /** The Korea day of the transaction, YYYY-MM-DD. */
  date: string;
  depositor: string;
  amount: number;
}

/** Header names Korean banks use for the three columns (compared without spaces). */
const HEADERS = {
  date: ['거래일시', '거래일자', '거래일', '일자', '날짜', '입금일', '입금일시', 'date', 'transactiondate'],
  depositor: [
    '보낸분',
    '보낸사람',
    '보낸분/받는분',
    '받는분/보낸분',
    '입금자',
    '입금자명',
    '의뢰인',
    '기재내용',
    '내용',
    'depositor',
    'sender',
    'name',
    'description',
  ],
  amount: ['입금액', '입금금액', '맡기신금액', '입금', 'deposit', 'credit', 'amount'],
} as const;

/** A header as compared: no spaces, no unit in brackets (입금액(원) → 입금액), lower case. */
const squash = (s: string) =>
  s
    .replace(/\(.*?\)/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();

/** Text of a spreadsheet cell, whatever exceljs made of it (rich text, formula results, dates). */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v);
}

/** CSV files from Korean banks are often CP949 (EUC-KR): decode as UTF-8 when it is valid, else as EUC-KR. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('euc-kr').decode(bytes);
  }
}

async function grid(bytes: Buffer): Promise<string[][]> {
  const isZip = bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;
  if (isZip) {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw new AppError('STATEMENT_UNREADABLE');
    }
    const ws = wb.worksheets[0];
    if (!ws) throw new AppError('STATEMENT_UNREADABLE');
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows.push(values.map((v) => cellText(v as ExcelJS.CellValue).trim()));
    });
    return rows;
  }
  if (bytes.includes(0)) throw new AppError('STATEMENT_UNREADABLE');
  try {
    return parse(decodeText(bytes), { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false }) as string[][];
  } catch {
    throw new AppError('STATEMENT_UNREADABLE');
  }
}

/** 2026.11.29 14:02, 2026-11-29, 20261129, an ISO time (Excel dates, read as UTC wall time): the Korea day. */
function dayOf(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const m = /^(\d{4})[.\-/년\s]*(\d{1,2})[.\-/월\s]*(\d{1,2})/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d] = m;
  const date = `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  return Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ? null : date;
}

/** 1,234,000 / ₩1,234,000 / 1234000원 → 1234000; anything else (or nothing) → 0. */
function wonOf(text: string): number {
  const digits = text.replace(/[,\s₩원]/g, '');
  return /^\d+(\.0+)?$/.test(digits) ? Math.round(Number(digits)) : 0;
}

/** Finds the header row (within the first 20) and reads every deposit below it; withdrawals and blanks are skipped. */
export async function parseStatement(bytes: Buffer): Promise<{ rows: StatementRow[]; skipped: number }> {
  const cells = await grid(bytes);
  for (let h = 0; h < Math.min(cells.length, 20); h++) {
    const head = cells[h]!.map((c) => squash(c));
    const find = (names: readonly string[]) => head.findIndex((c) => names.includes(c));
    const col = { date: find(HEADERS.date), depositor: find(HEADERS.depositor), amount: find(HEADERS.amount) };
    if (col.date < 0 || col.depositor < 0 || col.amount < 0) continue;
    const rows: StatementRow[] = [];
    let skipped = 0;
    for (let i = h + 1; i < cells.length; i++) {
      const r = cells[i]!;
      if (r.every((c) => !c)) continue;
      const date = dayOf(r[col.date] ?? '');
      const amount = wonOf(r[col.amount] ?? '');
      const depositor = (r[col.depositor] ?? '').trim();
      if (!date || amount <= 0 || !depositor) {
        skipped++;
        continue;
      }
      rows.push({ line: i + 1, date, depositor, amount });
    }
    return { rows, skipped };
  }
  throw new AppError('STATEMENT_UNREADABLE');
}

/** A name as banks and buyers write it differently: no spaces, brackets or company forms, NFKC, lower case. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/주식회사|유한회사|\(주\)|\(유\)|㈜|㈲/g, '')
    .replace(/[\s()[\]{}.,·\-_]/g, '')
    .toLowerCase();
}

type Strength = TDepositRow['match'] extends infer M ? (M extends { strength: infer S } ? S : never) : never;

/** How well a deposit's sender fits an order: the depositor it named, else the company, else the buyer's name. */
function nameStrength(sender: string, names: (string | null)[]): Strength {
  const s = normalizeName(sender);
  const known = names
    .filter((n): n is string => !!n)
    .map(normalizeName)
    .filter((n) => n.length >= 2);
  if (known.some((n) => n === s)) return 'exact';
  if (s.length >= 2 && known.some((n) => n.includes(s) || s.includes(n))) return 'partial';
  return 'amount';
}

const RANK: Record<Strength, number> = { exact: 3, partial: 2, amount: 1 };

interface Awaited {
  oid: string;
  pay_amount: number;
  depositor_name: string | null;
  company_name: string | null;
  full_name: string | null;
  created_at: string | Date;
  deposit_deadline: string | Date | null;
}

/**
 * The rules (docs/architecture.md "Deposits from a bank statement"): the amount must be the order's amount to pay, to the won; the deposit must be dated
 * on or after the day the order was placed; the sender's name makes the match `exact` (the depositor the buyer gave,
 * or the company), `partial` (one contains the other) or `amount` (the amount alone). Each order and each deposit is
 * used once: the strongest pairs first, then the order placed first. A deposit dated after the order's deadline is
 * still proposed, marked `late`.
 */
export async function matchStatement(db: Database, rows: StatementRow[]): Promise<TDepositRow[]> {
  const amounts = [...new Set(rows.map((r) => r.amount))];
  const orders = amounts.length
    ? rowsOf<Awaited>(
        await db.execute(sql`
          select oid, pay_amount, deposit->>'depositorName' as depositor_name, buyer->>'companyName' as company_name,
            buyer->>'fullName' as full_name, created_at, deposit_deadline
          from orders
          where status = 'AWAITING_DEPOSIT' and payment_method = 'BANK_TRANSFER'
            and pay_amount in (${sql.join(
              amounts.map((a) => sql`${a}`),
              sql`, `,
            )})
          order by created_at, id`),
      )
    : [];
  const pairs: { row: number; order: number; strength: Strength }[] = [];
  rows.forEach((r, ri) => {
    orders.forEach((o, oi) => {
      if (o.pay_amount !== r.amount || r.date < kstDate(new Date(o.created_at))) return;
      pairs.push({ row: ri, order: oi, strength: nameStrength(r.depositor, [o.depositor_name, o.company_name, o.full_name]) });
    });
  });
  pairs.sort((a, b) => RANK[b.strength] - RANK[a.strength] || a.order - b.order || a.row - b.row);
  const byRow = new Map<number, (typeof pairs)[number]>();
  const usedOrders = new Set<number>();
  for (const p of pairs) {
    if (byRow.has(p.row) || usedOrders.has(p.order)) continue;
    byRow.set(p.row, p);
    usedOrders.add(p.order);
  }
  return rows.map((r, ri) => {
    const p = byRow.get(ri);
    const o = p ? orders[p.order]! : undefined;
    const candidates = pairs.filter((x) => x.row === ri).length;
    return {
      ...r,
      candidates,
      match:
        p && o
          ? {
              oid: o.oid,
              strength: p.strength,
              depositorName: o.depositor_name,
              companyName: o.company_name,
              payAmount: o.pay_amount,
              late: o.deposit_deadline !== null && r.date > kstDate(new Date(o.deposit_deadline)),
            }
          : null,
    };
  });
}
