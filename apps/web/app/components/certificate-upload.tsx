import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CERTIFICATE_MAX_BYTES, CERTIFICATE_TYPES } from '@podo/contracts/rules';
import { ApiError } from '../lib/api';
import { formatBytes } from '../lib/account-rules';
import { useRoot } from '../lib/site';
import { useAlert } from './global-alert';
import { ClearIcon, FileIcon, UploadIcon } from './icons';

export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  mime: string;
}

const MAX_MB = Math.round(CERTIFICATE_MAX_BYTES / 1024 / 1024);
const ACCEPT = [...CERTIFICATE_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.pdf'].join(',');

/** Uploads with XMLHttpRequest, which reports upload progress (fetch does not). */
function upload(file: File, lang: string, onProgress: (pct: number) => void, signal: AbortSignal): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/signup/certificate');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', lang);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let json: { data?: UploadedFile; message?: string; code?: string } = {};
      try {
        json = JSON.parse(xhr.responseText) as typeof json;
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300 && json.data) resolve(json.data);
      else reject(new ApiError(xhr.status, json.message ?? '', json.code));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort());
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

/**
 * Business registration certificate: drop a file or pick one (JPG/PNG/WEBP/PDF up to 10 MB), see the upload
 * progress, then its name and size with replace and remove.
 */
export function CertificateUpload({
  scope,
  value,
  onChange,
  error,
  onErrorChange,
  label,
  required,
}: {
  scope: string;
  value: UploadedFile | null;
  onChange(file: UploadedFile | null): void;
  error?: string;
  onErrorChange(message?: string): void;
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useRoot();
  const alert = useAlert();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [localName, setLocalName] = useState('');
  const id = `${scope}-certificate`;

  useEffect(() => () => abort.current?.abort(), []);

  const take = async (file: File | undefined) => {
    if (!file) return;
    if (!(CERTIFICATE_TYPES as readonly string[]).includes(file.type)) return onErrorChange(t('validation.fileType'));
    if (file.size > CERTIFICATE_MAX_BYTES) return onErrorChange(t('validation.fileTooLarge', { mb: MAX_MB }));
    onErrorChange(undefined);
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setLocalName(file.name);
    setProgress(0);
    try {
      const uploaded = await upload(file, lang, setProgress, ctl.signal);
      onChange(uploaded);
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      if (e instanceof ApiError && e.isClientError) onErrorChange(e.message);
      else alert.showError(e);
    } finally {
      if (abort.current === ctl) {
        setProgress(null);
        abort.current = null;
      }
      if (input.current) input.current.value = '';
    }
  };

  const describedBy = error ? `${id}-error` : `${id}-help`;
  return (
    <div className="form-input mb-3" data-testid="certificate-upload">
      <label htmlFor={id} className="form-label fw-semibold small">
        {label}
        {required ? (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <input
        ref={input}
        id={id}
        name="certificate"
        type="file"
        tabIndex={-1}
        accept={ACCEPT}
        className="visually-hidden"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => void take(e.target.files?.[0])}
      />
      {value && progress === null ? (
        <div className={`upload-file ${error ? 'is-invalid' : ''}`} data-testid="certificate-file">
          <FileIcon size={22} className="text-primary flex-shrink-0" />
          <div className="flex-grow-1 min-w-0">
            <div className="text-truncate fw-semibold" data-testid="certificate-name">
              {value.name}
            </div>
            <div className="small text-body-secondary">{formatBytes(value.size)}</div>
          </div>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => input.current?.click()}
            data-testid="certificate-replace"
          >
            {t('upload.replace')}
          </button>
          <button
            type="button"
            className="btn btn-link p-1 text-body-tertiary"
            aria-label={t('upload.remove', { name: value.name })}
            onClick={() => onChange(null)}
            data-testid="certificate-remove"
          >
            <ClearIcon size={20} />
          </button>
        </div>
      ) : (
        <div
          className={`upload-drop ${dragging ? 'is-dragging' : ''} ${error ? 'is-invalid' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            void take(e.dataTransfer.files?.[0]);
          }}
          data-testid="certificate-drop"
        >
          {progress !== null ? (
            <div className="w-100" role="status" aria-live="polite">
              <div className="small mb-1 text-truncate">
                {t('upload.uploading', { name: localName })} {progress}%
              </div>
              <div
                className="progress"
                role="progressbar"
                aria-label={t('upload.progress')}
                aria-valuenow={progress}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className="progress-bar" style={{ width: `${progress}%` }} />
              </div>
              <button type="button" className="btn btn-link btn-sm px-0" onClick={() => abort.current?.abort()}>
                {t('common.cancel')}
              </button>
            </div>
          ) : (
            <>
              <UploadIcon size={28} className="text-body-tertiary" />
              <p className="mb-2 small">{t('upload.drop')}</p>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                onClick={() => input.current?.click()}
                data-testid="certificate-pick"
              >
                {t('upload.pick')}
              </button>
            </>
          )}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="form-input-error text-danger small mt-1 mb-0" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-help`} className="form-text small mt-1 mb-0">
          {t('upload.help', { mb: MAX_MB })}
        </p>
      )}
    </div>
  );
}
