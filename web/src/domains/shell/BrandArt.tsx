import { useId } from 'react';

/** Decorative line drawing of a monitored production line for the login page (no data, no text). */
export function BrandArt() {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const card = `ba-card-${id}`;
  const bar = `ba-bar-${id}`;
  return (
    <svg className="brand-art" viewBox="0 0 520 360" fill="none" aria-hidden="true">
      <defs>
        <linearGradient id={card} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.22" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0.06" />
        </linearGradient>
        <linearGradient id={bar} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#7dd3fc" />
          <stop offset="1" stopColor="#3b82f6" stopOpacity="0.4" />
        </linearGradient>
      </defs>
      <rect
        x="40"
        y="30"
        width="300"
        height="190"
        rx="14"
        fill={`url(#${card})`}
        stroke="#ffffff"
        strokeOpacity="0.25"
      />
      <rect x="60" y="52" width="90" height="10" rx="5" fill="#ffffff" fillOpacity="0.55" />
      <rect x="60" y="70" width="56" height="8" rx="4" fill="#ffffff" fillOpacity="0.3" />
      {[0, 1, 2, 3, 4, 5, 6].map((i) => {
        const h = [60, 90, 72, 118, 96, 130, 84][i];
        return <rect key={i} x={68 + i * 36} y={200 - h} width="20" height={h} rx="4" fill={`url(#${bar})`} />;
      })}
      <polyline
        points="70,150 106,128 142,138 178,96 214,112 250,78 286,102"
        stroke="#fde68a"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect
        x="300"
        y="120"
        width="180"
        height="200"
        rx="14"
        fill={`url(#${card})`}
        stroke="#ffffff"
        strokeOpacity="0.25"
      />
      <circle cx="390" cy="192" r="44" stroke="#ffffff" strokeOpacity="0.25" strokeWidth="10" />
      <path d="M390 148 a44 44 0 1 1 -41.8 57.6" stroke="#34d399" strokeWidth="10" strokeLinecap="round" />
      <rect x="330" y="258" width="120" height="10" rx="5" fill="#ffffff" fillOpacity="0.5" />
      <rect x="350" y="278" width="80" height="8" rx="4" fill="#ffffff" fillOpacity="0.28" />
      <g transform="translate(86 250)" stroke="#ffffff" strokeOpacity="0.7" strokeWidth="3">
        <circle cx="40" cy="40" r="26" />
        <circle cx="40" cy="40" r="9" />
        {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
          <line key={a} x1="40" y1="8" x2="40" y2="16" transform={`rotate(${a} 40 40)`} strokeLinecap="round" />
        ))}
      </g>
      <g transform="translate(170 268)" stroke="#ffffff" strokeOpacity="0.5" strokeWidth="3">
        <circle cx="24" cy="24" r="16" />
        <circle cx="24" cy="24" r="5" />
      </g>
    </svg>
  );
}
