type P = { size?: number; className?: string; title?: string };

function svg(path: React.ReactNode, { size = 20, className, title }: P, viewBox = '0 0 24 24') {
  return (
    <svg
      width={size}
      height={size}
      viewBox={viewBox}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
    >
      {title ? <title>{title}</title> : null}
      {path}
    </svg>
  );
}

export const SearchIcon = (p: P) =>
  svg(
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>,
    p,
  );
export const MenuIcon = (p: P) => svg(<path d="M4 6h16M4 12h16M4 18h16" />, p);
export const CloseIcon = (p: P) => svg(<path d="M6 6l12 12M18 6 6 18" />, p);
export const ArrowUpIcon = (p: P) => svg(<path d="M12 19V5M5 12l7-7 7 7" />, p);
export const ChevronDownIcon = (p: P) => svg(<path d="m6 9 6 6 6-6" />, p);
export const GlobeIcon = (p: P) =>
  svg(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>,
    p,
  );
export const UserIcon = (p: P) =>
  svg(
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </>,
    p,
  );
export const HomeIcon = (p: P) => svg(<path d="M3 11 12 4l9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />, p);
export const WineIcon = (p: P) => svg(<path d="M8 3h8l-.5 6a3.5 3.5 0 0 1-7 0zM12 13v7M8 21h8" />, p);
export const CheckIcon = (p: P) => svg(<path d="m5 12 5 5 9-10" />, p);
export const EyeIcon = (p: P) =>
  svg(
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>,
    p,
  );
export const EyeOffIcon = (p: P) =>
  svg(
    <>
      <path d="M3 3l18 18M10.6 6.1A10 10 0 0 1 12 6c6.5 0 10 6 10 6a17 17 0 0 1-3.2 3.9M6.6 6.6C3.7 8.4 2 12 2 12s3.5 7 10 7a9.6 9.6 0 0 0 4.3-1" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </>,
    p,
  );
export const ClearIcon = (p: P) =>
  svg(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6M15 9l-6 6" />
    </>,
    p,
  );
export const InstagramIcon = (p: P) =>
  svg(
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r=".8" fill="currentColor" />
    </>,
    p,
  );
export const ExternalIcon = (p: P) => svg(<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />, p);

/** The brand mark: a bunch of grapes (podo) in the wine colour. */
export function Logo({ brand, size = 32 }: { brand: string; size?: number }) {
  return (
    <span className="brand-logo d-inline-flex align-items-center gap-2">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <path d="M16 3c0 3 1.5 4 4 4" stroke="#6d4c2f" strokeWidth="2" fill="none" strokeLinecap="round" />
        <g fill="#5a1427">
          <circle cx="10" cy="12" r="4" />
          <circle cx="18" cy="12" r="4" />
          <circle cx="14" cy="18" r="4" />
          <circle cx="22" cy="18" r="3.4" opacity=".85" />
          <circle cx="18" cy="24" r="3.6" />
          <circle cx="10" cy="21" r="3" opacity=".8" />
        </g>
      </svg>
      <span className="brand-logo-text">{brand}</span>
    </span>
  );
}
export const FileIcon = (p: P) =>
  svg(
    <>
      <path d="M14 3H7a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V7z" />
      <path d="M14 3v4h4M9 13h6M9 17h4" />
    </>,
    p,
  );
export const UploadIcon = (p: P) => svg(<path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />, p);
export const LockIcon = (p: P) =>
  svg(
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3M12 15v2" />
    </>,
    p,
  );
