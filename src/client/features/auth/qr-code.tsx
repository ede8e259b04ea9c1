import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * `text` as a QR code: uqr computes the module matrix in the browser (nothing leaves the page),
 * drawn as one SVG path of unit squares with a quiet zone, black on white whatever the theme so
 * any camera reads it. Only the two-factor settings load this (and uqr) when they are opened.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { data, size } = encode(text, { ecc: 'M', border: 4 });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { size, path: d };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
