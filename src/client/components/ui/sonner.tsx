import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** Sonner's rich colours, darkened so toast text meets WCAG AA (4.5:1) on its tinted background. */
const accessibleColors = {
  '--success-text': '#065f46',
  '--error-text': '#991b1b',
  '--warning-text': '#92400e',
  '--info-text': '#1e40af',
} as CSSProperties;

/** Sonner's own phone layout starts here: each toast spans the screen's width. */
const PHONE = '(max-width: 600px)';
/** Below the site header (h-16), so a toast covers none of its buttons. */
const BELOW_HEADER_PX = 72;

/**
 * The app's single toast outlet, which ./toast.ts mounts in a React root of its own with the first
 * toast (toast through ./toast.ts). Bottom-right on a wide screen, beside a dialog and clear of the
 * header. On a phone a toast spans the width, so at the bottom it would cover an open dialog's
 * actions (the Record Bet button): there it comes in at the top, under the header. The width is
 * read when the outlet mounts, with the first toast.
 */
export function Toaster({ style, ...props }: ToasterProps) {
  const phone = typeof window !== 'undefined' && window.matchMedia(PHONE).matches;
  return (
    <Sonner
      position={phone ? 'top-center' : 'bottom-right'}
      mobileOffset={{ top: BELOW_HEADER_PX }}
      richColors
      closeButton
      duration={5000}
      style={{ ...accessibleColors, ...style }}
      toastOptions={{ classNames: { title: 'font-semibold', description: 'text-sm' } }}
      {...props}
    />
  );
}
