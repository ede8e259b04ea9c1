import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useAnyDialogOpen } from './toast-room.tsx';

/** Sonner's rich colours, darkened so toast text meets WCAG AA (4.5:1) on its tinted background. */
const accessibleColors = {
  '--success-text': '#065f46',
  '--error-text': '#991b1b',
  '--warning-text': '#92400e',
  '--info-text': '#1e40af',
} as CSSProperties;

/**
 * The app's single toast outlet, which ./toast.ts mounts in a React root of its own with the first
 * toast (toast through ./toast.ts). Bottom-right, so toasts never cover the header's buttons; at
 * the top while a dialog is open, in the room the dialog leaves there (toast-room.tsx).
 */
export function Toaster({ style, ...props }: ToasterProps) {
  const dialogOpen = useAnyDialogOpen();
  return (
    <Sonner
      position={dialogOpen ? 'top-center' : 'bottom-right'}
      richColors
      closeButton
      duration={5000}
      style={{ ...accessibleColors, ...style }}
      toastOptions={{ classNames: { title: 'font-semibold', description: 'text-sm' } }}
      {...props}
    />
  );
}
