import Box from '@mui/material/Box';
import { useId } from 'react';

/** The Stromwerk mark: a signal wave with the live dot, on the brand gradient. Decorative. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#2e1fa8" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path
        d="M6 18.5c3.2 0 3.6-7.5 6.8-7.5s3.6 10 6.9 10c2.6 0 3.3-5.2 6.3-5.2"
        fill="none"
        stroke="#fff"
        strokeWidth="2.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24.5" cy="8.5" r="2.6" fill="#ffb020" />
    </svg>
  );
}

/** Mark plus wordmark; the product name is not translated. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <LogoMark size={compact ? 30 : 32} />
      {!compact && (
        <Box
          component="span"
          sx={{ fontWeight: 800, fontSize: '1.2rem', letterSpacing: '-0.03em', color: 'text.primary' }}
        >
          Strom
          <Box component="span" sx={{ color: 'primary.main' }}>
            werk
          </Box>
        </Box>
      )}
    </Box>
  );
}
