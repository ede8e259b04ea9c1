import { cn } from '../../lib/utils.ts';

/** The lowercase brand wordmark; its accessible text is exactly "betproof". */
export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cn('text-xl font-extrabold tracking-tight text-white', className)}>
      bet<span className="text-brand">proof</span>
    </span>
  );
}
