import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MetaDescriptor } from 'react-router';
import type { WebMessages } from '@podo/i18n/resources';
import { ExternalIcon, FileIcon } from './icons';
import { Breadcrumb, type Crumb } from './catalog/breadcrumb';

interface PdfPageProps {
  /** The kind of document ('테크 시트'), shown above the title. */
  kind: string;
  /** The wine's or winery's name, or what a portfolio holds. */
  title: string;
  /** The name in the other language. */
  other?: string;
  /** Its language when it is the Korean name shown in another language's page. */
  otherLang?: 'ko';
  crumbs: Crumb[];
  back: { to: string; label: string };
  /** Same-origin URL of the PDF file (routes/pdf-file.ts). */
  file: string;
  /** Facts after the names ('레드 · 스페인', 'A4 · 1쪽', counts). */
  facts?: string[];
  /** Controls beside the buttons (the portfolio's grouping). */
  controls?: ReactNode;
  /** Shown instead of the viewer when the PDF cannot be made (bad filters, too many wines, nothing found). */
  problem?: string | null;
  note?: string;
}

const withParam = (url: string, key: string, value: string) => `${url}${url.includes('?') ? '&' : '?'}${key}=${value}`;

function DownloadIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 4v12M7 11l5 5 5-5M4 20h16" />
    </svg>
  );
}

/**
 * A PDF page: breadcrumb, a compact header with open and download buttons, and the PDF in a frame that fills
 * the rest of the window. On phones, where browsers show PDFs in a frame poorly, a card with the same two
 * buttons replaces the frame (the frame is lazy, so a hidden one is never fetched).
 */
export function PdfPage({ kind, title, other, otherLang, crumbs, back, file, facts, controls, problem, note }: PdfPageProps) {
  const { t } = useTranslation();
  const download = withParam(file, 'download', '1');
  const meta = [other, ...(facts ?? [])].filter((x): x is string => !!x);
  return (
    <div className="container pdf-page" data-testid="pdf-page">
      <Breadcrumb crumbs={crumbs} />
      <header className="pdf-head">
        <div className="pdf-head-text">
          <p className="pdf-eyebrow">{kind} · PDF</p>
          <h1 className="pdf-title" data-testid="pdf-title">
            {title}
          </h1>
          {meta.length ? (
            <ul className="pdf-facts">
              {meta.map((f, i) => (
                <li key={i} className={i === 0 && other ? 'pdf-other' : undefined} lang={i === 0 && other ? otherLang : undefined}>
                  {f}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="pdf-actions">
          {controls}
          <Link to={back.to} className="btn btn-outline-secondary">
            {back.label}
          </Link>
          {problem ? null : (
            <>
              <a
                href={file}
                target="_blank"
                rel="noopener"
                className="btn btn-outline-primary d-none d-md-inline-flex"
                data-testid="pdf-open"
              >
                <ExternalIcon size={16} />
                {t('pdf.open')}
              </a>
              <a href={download} download className="btn btn-primary d-none d-md-inline-flex" data-testid="pdf-download">
                <DownloadIcon />
                {t('pdf.download')}
              </a>
            </>
          )}
        </div>
      </header>
      {problem ? (
        <div className="pdf-problem alert alert-warning" role="alert" data-testid="pdf-problem">
          {problem}
        </div>
      ) : (
        <>
          <div className="pdf-frame d-none d-md-block">
            <iframe src={file} title={t('pdf.viewer', { title: `${title} ${kind}` })} loading="lazy" data-testid="pdf-frame" />
          </div>
          <p className="pdf-fallback d-none d-md-block">
            {note ? `${note} ` : ''}
            {t('pdf.fallback')}{' '}
            <a href={file} target="_blank" rel="noopener">
              {t('pdf.open')}
            </a>
          </p>
          <div className="pdf-mobile d-md-none" data-testid="pdf-mobile">
            <FileIcon size={40} className="pdf-mobile-icon" />
            <p className="pdf-mobile-title">{kind}</p>
            <p className="pdf-mobile-note">{t('pdf.mobileNote')}</p>
            <a href={file} target="_blank" rel="noopener" className="btn btn-primary btn-lg w-100" data-testid="pdf-open-mobile">
              <ExternalIcon size={18} />
              {t('pdf.openPdf')}
            </a>
            <a href={download} download className="btn btn-outline-primary btn-lg w-100" data-testid="pdf-download-mobile">
              <DownloadIcon />
              {t('pdf.download')}
            </a>
            {note ? <p className="pdf-note">{note}</p> : null}
          </div>
        </>
      )}
    </div>
  );
}

interface RootMatchData {
  site: { brandName: string };
  messages: WebMessages;
}

/** <title>, description and noindex for a PDF page (the PDF is the content; the page is not worth indexing). */
export function pdfMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  title: (m: WebMessages['pdf']) => string,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as RootMatchData | undefined;
  if (!root) return [];
  const page = title(root.messages.pdf);
  const full = `${page} | ${root.site.brandName}`;
  const description = root.messages.pdf.description.replace('{{title}}', page);
  return [
    { title: full },
    { name: 'description', content: description },
    { name: 'robots', content: 'noindex, follow' },
    { property: 'og:title', content: full },
    { property: 'og:description', content: description },
  ];
}

/** '{{name}}' and friends in a message read outside React (meta). */
export const fill = (s: string, v: Record<string, string | number>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k] ?? ''));
