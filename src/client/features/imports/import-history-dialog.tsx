/**
 * "Import history" on the own profile. The dialog's content (the CSV rules, the preview table)
 * loads when a visitor reaches for the button (hover, focus) or opens it: the pages that show the
 * button build none of the import's schemas (docs/decisions/015).
 */
import { Suspense, lazy, useState } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from '../../components/ui/dialog.tsx';
import { LoadingStatus } from '../../components/ui/spinner.tsx';

const loadBody = () => import('./import-history-body.tsx');
const ImportHistoryBody = lazy(async () => ({ default: (await loadBody()).ImportHistoryBody }));

export function ImportHistoryButton({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const preload = () => void loadBody();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" onPointerEnter={preload} onFocus={preload}>
          <Upload aria-hidden="true" />
          Import history
        </Button>
      </DialogTrigger>
      <DialogContent className="grid-cols-[minmax(0,1fr)] sm:max-w-3xl">
        <DialogHeading
          title="Import history"
          description="Bring in bets from a spreadsheet or another tracker. They stay your private history, marked Imported: they are never part of your public record, ledger, rankings or achievements."
        />
        {open && (
          <Suspense fallback={<LoadingStatus className="py-6">Loading...</LoadingStatus>}>
            <ImportHistoryBody userId={userId} onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
