import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routes.ts';
import { coolOffEnd, COOL_OFF_DAYS, type CoolOffDays } from '../../../shared/wellbeing.ts';
import type { CoolOff } from '../../../shared/wellbeing-schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { RadioOption } from '../../components/ui/radio-option.tsx';
import { toast } from '../../components/ui/toast.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useStartCoolOff } from './api/wellbeing.ts';

const LENGTHS: Record<CoolOffDays, string> = { 1: '24 hours', 7: '7 days', 30: '30 days', 182: '6 months' };

/** The id the loss-chasing question and the help page link to ("take a break"). */
export const COOL_OFF_ANCHOR = 'take-a-break';

/** "Take a break": pauses the bettor's own recording; it can be made longer, never shorter (docs/decisions/035). */
export function CoolOffDialog({
  userId,
  coolOff,
  open,
  onOpenChange,
}: {
  userId: string;
  coolOff: CoolOff | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [days, setDays] = useState<CoolOffDays | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useStartCoolOff(userId);
  // While a break lasts, only lengths that end after it are offered.
  const choices = COOL_OFF_DAYS.filter((d) => !coolOff || coolOffEnd(new Date(), d) > new Date(coolOff.until));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (days === null) {
      setError('Choose how long the break lasts.');
      return;
    }
    setError(null);
    try {
      const { coolOff: started } = await start.mutateAsync(days);
      toast.success('Your break has started', { description: `Until ${formatDateTime(started.until)}.` });
      onOpenChange(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setDays(null);
        setError(null);
        onOpenChange(next);
      }}
      trigger={
        <Button variant="outline" id={COOL_OFF_ANCHOR}>
          {coolOff ? 'Make my break longer' : 'Take a break'}
        </Button>
      }
      title="Take a break from recording bets"
      description={
        <>
          During a break you can&apos;t record new bets here. Bets you have already recorded still settle, and your
          public record stays as it is. Once started, a break can be made longer but not shorter.
        </>
      }
      onSubmit={onSubmit}
      problem={error}
      pending={start.isPending}
      submitLabel="Start break"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">How long?</legend>
        {choices.map((d) => (
          <RadioOption
            key={d}
            name="cool-off-days"
            value={d}
            checked={days === d}
            onChoose={() => setDays(d)}
            className="gap-2.5"
          >
            {LENGTHS[d]}
          </RadioOption>
        ))}
      </fieldset>
      <p className="text-sm text-muted-foreground">
        A break here doesn&apos;t stop betting elsewhere. Blocking tools and people to talk to are on the{' '}
        <Link to={paths.help} className="font-medium text-primary underline underline-offset-4">
          Need help? page
        </Link>
        .
      </p>
    </FormDialog>
  );
}
