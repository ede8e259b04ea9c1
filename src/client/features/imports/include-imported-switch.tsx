import { useId } from 'react';
import { Label } from '../../components/ui/label.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useImportedPages } from './api/imports.ts';

/**
 * The dashboard's "Include imported history" switch (off by default), shown once the owner has
 * imported bets: on, the statistics add them (GET /api/bets/stats?includeImported=true).
 */
export function IncludeImportedSwitch({
  userId,
  checked,
  onCheckedChange,
}: {
  userId: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  const imported = useImportedPages(userId);
  if (!imported.data?.pages[0]?.bets.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
      <Label htmlFor={id}>Include imported history</Label>
      {checked && <span className="text-xs text-muted-foreground">Only you see these figures.</span>}
    </div>
  );
}
