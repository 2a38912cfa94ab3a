import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../lib/site';
import { ChevronDownIcon, ExternalIcon } from './icons';

/** Family-site dropdown (brand site and mall); addresses come from the site config. */
export function FamilySites() {
  const { t } = useTranslation();
  const { site } = useRoot();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);
  return (
    <div
      className="family-sites position-relative"
      ref={root}
      data-testid="family-sites"
      // A disclosure, not a modal: Escape closes it and gives focus back to its button. The handler sits on the
      // element rather than on the document so it is there from hydration on, not from an effect after opening.
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
      // Leaving it with Tab closes it (its links stay out of the tab order while closed).
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-sm btn-link text-reset text-decoration-none d-inline-flex align-items-center gap-1 px-0"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {t('header.familySite')} <ChevronDownIcon size={14} />
      </button>
      <ul id={id} className={`family-sites-menu list-unstyled ${open ? 'show' : ''}`} hidden={!open}>
        {site.familySites.map((f) => (
          <li key={f.key}>
            <a href={f.url} target="_blank" rel="noopener noreferrer" className="d-flex justify-content-between align-items-center gap-3">
              {f.name}
              <ExternalIcon size={14} />
              <span className="visually-hidden">({t('common.newWindow')})</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
