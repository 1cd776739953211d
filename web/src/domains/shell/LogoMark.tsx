import { useId } from 'react';

/** The product mark (also the collapsed sidebar logo). */
export function LogoMark({ size = 32 }: { size?: number }) {
  // One gradient id per instance: a hidden copy elsewhere on the page must not blank this one.
  const gradient = `lm-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" className="logo-mark">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#60a5fa" />
          <stop offset="1" stopColor="#2563eb" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill={`url(#${gradient})`} />
      <path
        d="M24 11.5l3 2.2 3.6-.8 1.3 3.5 3.4 1.4-.7 3.6 2.3 2.9-2.3 2.9.7 3.6-3.4 1.4-1.3 3.5-3.6-.8-3 2.2-3-2.2-3.6.8-1.3-3.5-3.4-1.4.7-3.6L11.1 24l2.3-2.9-.7-3.6 3.4-1.4 1.3-3.5 3.6.8z"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinejoin="round"
      />
      <path
        d="M18.5 25.5l4 4 7.5-9"
        fill="none"
        stroke="#fff"
        strokeWidth="2.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
