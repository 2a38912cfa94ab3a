import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * The back office's exports, one way (issue 36): a list's rows, read in batches, streamed as CSV (UTF-8 with a BOM,
 * so Excel in Korea opens it right) or as an Excel workbook written row by row. Memory holds one batch, whatever the
 * export's size.
 */

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportColumn<R> {
  label: string;
  value: (row: R) => string | number | null;
  /** `won`: whole KRW (#,##0 in Excel); `time`: an ISO instant shown as Korea time, YYYY-MM-DD HH:mm. */
  kind?: 'text' | 'won' | 'int' | 'time';
  width?: number;
}

/** 2026-11-29T05:02:00Z → 2026-11-29 14:02 (Korea time). */
const kst = (iso: string) => new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

const cell = <R>(c: ExportColumn<R>, row: R) => {
  const v = c.value(row);
  return v !== null && c.kind === 'time' ? kst(String(v)) : v;
};

async function* csvLines<R>(columns: ExportColumn<R>[], batches: AsyncIterable<R[]>) {
  yield columns.map((c) => c.label);
  for await (const batch of batches) for (const row of batch) yield columns.map((c) => cell(c, row) ?? '');
}

/** Writes the workbook to `out` as the batches come; `out` ends when the workbook is complete. */
async function writeXlsx<R>(out: PassThrough, sheet: string, columns: ExportColumn<R>[], batches: AsyncIterable<R[]>) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheet.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c, i) => ({
    key: String(i),
    width: c.width ?? (c.kind === 'time' ? 17 : c.kind === 'won' ? 14 : 16),
    style: c.kind === 'won' ? { numFmt: '#,##0' } : {},
  }));
  ws.addRow(columns.map((c) => c.label)).commit();
  for await (const batch of batches) for (const row of batch) ws.addRow(columns.map((c) => cell(c, row))).commit();
  ws.commit();
  await wb.commit();
}

/**
 * Sends an export as a download named `name` (today's Korea date is added): the reply streams while the batches are
 * read. A failure after the first bytes can only cut the download short; the client sees an incomplete file.
 */
export function sendExport<R>(
  reply: FastifyReply,
  opts: { format: ExportFormat; name: string; columns: ExportColumn<R>[]; batches: AsyncIterable<R[]> },
): FastifyReply {
  const file = `${opts.name}-${kst(new Date().toISOString()).slice(0, 10)}.${opts.format}`;
  void reply
    .header('content-disposition', `attachment; filename="export.${opts.format}"; filename*=UTF-8''${encodeURIComponent(file)}`)
    .header('cache-control', 'no-store');
  if (opts.format === 'csv') {
    const body = new PassThrough();
    pipeline(Readable.from(csvLines(opts.columns, opts.batches)), stringify({ bom: true }), body).catch((err: unknown) =>
      body.destroy(err as Error),
    );
    return reply.type('text/csv; charset=utf-8').send(body);
  }
  const body = new PassThrough();
  writeXlsx(body, opts.name, opts.columns, opts.batches).catch((err: unknown) => body.destroy(err as Error));
  return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(body);
}
