import type { ComponentProps, ReactNode } from 'react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { cn } from '../../lib/utils.ts';
import { buttonVariants } from './button.tsx';
import { useDialogOpen, withDialogOpen } from './dialog-open.tsx';
import { CountedOpen, TOAST_ROOM } from './toast-room.tsx';

export const AlertDialog = withDialogOpen(AlertDialogPrimitive.Root);
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  const open = useDialogOpen();
  if (!open) return null;
  return (
    <AlertDialogPrimitive.Portal>
      <CountedOpen />
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 data-[state=open]:animate-fade-in" />
      <AlertDialogPrimitive.Content
        className={cn(
          TOAST_ROOM,
          'fixed left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-card p-6 shadow-lg outline-none data-[state=open]:animate-zoom-in',
          className,
        )}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 text-left', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return <AlertDialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** The confirming button; `variant="destructive"` for deletions. */
export function AlertDialogAction({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action> & { variant?: 'default' | 'destructive' }) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants({ variant }), className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel className={cn(buttonVariants({ variant: 'outline' }), className)} {...props} />;
}

/**
 * What a confirmation holds: its question, what will happen (wrapped anywhere: it may quote the
 * bettor's own text), and Cancel beside the action. Deleting a bet and settling one ask this way.
 */
export function AlertDialogConfirm({
  title,
  description,
  action,
  onAction,
  variant,
}: {
  title: ReactNode;
  description: ReactNode;
  /** The action button's text. */
  action: ReactNode;
  onAction: () => void;
  variant?: 'default' | 'destructive';
}) {
  return (
    <>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription className="break-words">{description}</AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel>Cancel</AlertDialogCancel>
        <AlertDialogAction variant={variant} onClick={onAction}>
          {action}
        </AlertDialogAction>
      </AlertDialogFooter>
    </>
  );
}
