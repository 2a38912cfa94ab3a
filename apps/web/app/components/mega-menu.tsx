import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link, useLocation, type LinkProps } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isReadyPath } from '../lib/site';
import { MEGA_BODY_ID, useMenuClicks, useMenuHtml } from '../lib/menu-html';
import { ChevronDownIcon } from './icons';
import { SiteLink } from './site-link';

/** What the header menus show (spec §2 Header): loaded, trimmed and rendered to HTML on the server (lib/menu.server.ts). */
export interface MenuData {
  kinds: { id: number; name: string; color: string }[];
  /** Countries with at least one production area that has wines; areas without wines are left out. */
  countries: { code: string; name: string; areas: { id: number; name: string }[] }[];
  types: { id: number; name: string }[];
}

/** Areas listed per country before its 'more' button. */
export const AREAS_SHOWN = 3;

const q = encodeURIComponent;
/** Links into the filtered product list; `title` names the list (spec §2 /product). */
export const menuHref = {
  kind: (k: { id: number; name: string }) => `/product?idKinds=${k.id}&title=${q(k.name)}`,
  country: (c: { name: string }) => `/product?countryName=${q(c.name)}&title=${q(c.name)}`,
  area: (a: { id: number; name: string }) => `/product?idProductionAreas=${a.id}&title=${q(a.name)}`,
  type: (t: { id: number; name: string }) => `/product?idTypes=${t.id}&title=${q(t.name)}`,
};

/** A plain link (no prefetch: a mouse sweeping over the menu should not load pages); '준비 중' while unbuilt. */
export function MenuLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: string }) {
  return isReadyPath(to) ? <Link to={to} prefetch="none" {...rest} /> : <SiteLink to={to} {...rest} />;
}

/** Focusable entries of the open panel, by column. */
function columnsOf(panel: HTMLElement): HTMLElement[][] {
  return [...panel.querySelectorAll<HTMLElement>('[data-menu-col]')].map((col) =>
    [...col.querySelectorAll<HTMLElement>('a[href], button')].filter((el) => !el.closest('[hidden]')),
  );
}

/**
 * The desktop wine-portfolio entry and its mega-menu (spec §2 Header): opens on mouse hover and from the keyboard
 * (Enter, Space or ↓ on the trigger). Escape closes and returns focus to the trigger; ↑ ↓ move within a column,
 * ← → between columns, Tab walks through everything and leaving the menu closes it. The links are server-rendered
 * (crawlable); a closed panel is hidden with `visibility`, which also takes it out of the tab order.
 */
export function MegaMenu() {
  const { t } = useTranslation();
  const html = useMenuHtml();
  const location = useLocation();
  const onBodyClick = useMenuClicks(AREAS_SHOWN);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const openNow = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  // A short delay lets the pointer cross the gap between the trigger and the panel.
  const closeSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), 200);
  };
  const focusFirst = () => requestAnimationFrame(() => (panel.current ? columnsOf(panel.current)[0]?.[0]?.focus() : undefined));

  const onPanelKey = (e: ReactKeyboardEvent) => {
    if (!panel.current) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      trigger.current?.focus();
      return;
    }
    const cols = columnsOf(panel.current);
    const active = document.activeElement as HTMLElement | null;
    const c = cols.findIndex((col) => active !== null && col.includes(active));
    if (c < 0) return;
    const r = cols[c]!.indexOf(active!);
    let next: HTMLElement | undefined;
    if (e.key === 'ArrowDown') next = cols[c]![r + 1] ?? cols[c]![0];
    else if (e.key === 'ArrowUp') next = cols[c]![r - 1] ?? cols[c]![cols[c]!.length - 1];
    else if (e.key === 'ArrowRight') next = cols[(c + 1) % cols.length]?.[0];
    else if (e.key === 'ArrowLeft') next = cols[(c - 1 + cols.length) % cols.length]?.[0];
    else if (e.key === 'Home') next = cols[c]![0];
    else if (e.key === 'End') next = cols[c]![cols[c]!.length - 1];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };

  return (
    <li
      className={`mega-item ${open ? 'is-open' : ''}`}
      onPointerLeave={(e) => e.pointerType === 'mouse' && closeSoon()}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className={`mega-trigger ${location.pathname.startsWith('/product') ? 'active' : ''}`}
        aria-expanded={open}
        aria-controls="mega-menu"
        data-testid="mega-trigger"
        // Hover opens (mouse only: a touch opens with the click). On the trigger itself, not the whole item, so
        // that coming back from a panel that was hidden under the pointer opens it again.
        onPointerEnter={(e) => e.pointerType === 'mouse' && openNow()}
        // A mouse click on a menu that hover already opened keeps it open; keys and touches toggle it.
        onClick={(e) => setOpen((o) => (e.detail > 0 && matchMedia('(hover: hover)').matches ? true : !o))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            focusFirst();
          } else if (e.key === 'Escape' && open) {
            setOpen(false);
          }
        }}
      >
        {t('nav.portfolio')}
        <ChevronDownIcon size={14} />
      </button>
      <div
        id="mega-menu"
        ref={panel}
        className="mega-menu"
        data-testid="mega-menu"
        role="region"
        aria-label={t('nav.portfolio')}
        onKeyDown={onPanelKey}
        onPointerEnter={() => clearTimeout(closeTimer.current)}
      >
        {/* Rendered once per language on the server (lib/menu.server.ts); its links and buttons work by delegation. */}
        <div className="container" id={MEGA_BODY_ID} onClick={onBodyClick} dangerouslySetInnerHTML={{ __html: html?.mega ?? '' }} />
      </div>
    </li>
  );
}
