import { useState, type FormEvent } from 'react';
import { BUDGET_PERIODS, REALITY_CHECK_MINUTES, type BudgetPeriod } from '../../../shared/wellbeing.ts';
import type { PutWellbeingInput, Wellbeing } from '../../../shared/wellbeing-schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, MoneyInput } from '../../components/ui/input.tsx';
import { Options, SelectField } from '../../components/ui/native-select.tsx';
import { toast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { usePutWellbeing } from './api/wellbeing.ts';

const PERIOD_LABELS: Record<BudgetPeriod, string> = {
  week: 'Each week (Monday to Sunday)',
  month: 'Each calendar month',
  payday: 'From one pay day to the next',
};

interface Draft {
  period: BudgetPeriod | 'none';
  payDay: string;
  stakeLimit: string;
  lossLimit: string;
  realityCheck: string;
  monthlyStatement: boolean;
}

const draftOf = (w: Wellbeing): Draft => ({
  period: w.budget?.period ?? 'none',
  payDay: w.budget?.payDay ? String(w.budget.payDay) : '',
  stakeLimit: w.budget?.stakeLimit ?? '',
  lossLimit: w.budget?.lossLimit ?? '',
  realityCheck: w.realityCheckMinutes ? String(w.realityCheckMinutes) : '',
  monthlyStatement: w.monthlyStatement,
});

const toInput = (d: Draft): PutWellbeingInput => ({
  budget:
    d.period === 'none'
      ? null
      : {
          period: d.period,
          payDay: d.period === 'payday' && d.payDay !== '' ? Number(d.payDay) : null,
          stakeLimit: d.stakeLimit.trim() === '' ? null : d.stakeLimit.trim(),
          lossLimit: d.lossLimit.trim() === '' ? null : d.lossLimit.trim(),
        },
  realityCheckMinutes: d.realityCheck === '' ? null : (Number(d.realityCheck) as 30 | 60 | 120),
  monthlyStatement: d.monthlyStatement,
});

/** "Set a budget" / "Change budget": the period, the limits, the reminders. Validated by the server's schema. */
export function BudgetDialog({
  userId,
  wellbeing,
  open,
  onOpenChange,
}: {
  userId: string;
  wellbeing: Wellbeing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(wellbeing));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const put = usePutWellbeing(userId);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setFormError(null);
    try {
      await put.mutateAsync(toInput(draft));
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      else setFormError(error instanceof Error ? error.message : String(error));
      return;
    }
    toast.success('Budget saved', { description: 'Your dashboard shows where you stand.' });
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(draftOf(wellbeing));
        onOpenChange(next);
      }}
      trigger={<Button variant="outline">{wellbeing.budget ? 'Change budget' : 'Set a budget'}</Button>}
      title="Your budget"
      description="A limit on what you stake, on what you lose, or both. Recording a bet that passes it tells you so first; it never stops you. Only you can see it."
      onSubmit={onSubmit}
      problem={formError}
      pending={put.isPending}
      submitLabel="Save budget"
    >
      <SelectField
        label="Budget period"
        error={fields['budget.period']}
        value={draft.period}
        onChange={(e) => set('period', e.target.value as Draft['period'])}
      >
        <option value="none">No budget</option>
        <Options values={BUDGET_PERIODS} label={(p) => PERIOD_LABELS[p]} />
      </SelectField>
      {draft.period === 'payday' && (
        <FormField label="Pay day (day of the month)" error={fields['budget.payDay']}>
          {(field) => (
            <Input
              {...field}
              type="number"
              inputMode="numeric"
              min={1}
              max={31}
              value={draft.payDay}
              onChange={(e) => set('payDay', e.target.value)}
            />
          )}
        </FormField>
      )}
      {draft.period !== 'none' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <LimitField
            label="Limit on stakes ($)"
            description="What you stake in the period."
            error={fields['budget.stakeLimit']}
            value={draft.stakeLimit}
            onChange={(value) => set('stakeLimit', value)}
          />
          <LimitField
            label="Limit on net loss ($)"
            description="Losses less wins, for bets settled in the period."
            error={fields['budget.lossLimit']}
            value={draft.lossLimit}
            onChange={(value) => set('lossLimit', value)}
          />
        </div>
      )}
      <SelectField
        label="Reality check"
        description="While betproof is open, a reminder of how long you've been here and how your period stands."
        error={fields.realityCheckMinutes}
        value={draft.realityCheck}
        onChange={(e) => set('realityCheck', e.target.value)}
      >
        <option value="">Off</option>
        <Options values={REALITY_CHECK_MINUTES.map(String)} label={(m) => `Every ${m} minutes`} />
      </SelectField>
      <label className="flex items-start gap-2.5 text-sm font-medium">
        <input
          type="checkbox"
          checked={draft.monthlyStatement}
          onChange={(e) => set('monthlyStatement', e.target.checked)}
          className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        Email me a monthly statement of my stakes, results and betting days
      </label>
    </FormDialog>
  );
}

/** One of the budget's two limits: an amount in dollars and cents, blank for none. */
function LimitField({
  label,
  description,
  error,
  value,
  onChange,
}: {
  label: string;
  description: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} description={description} error={error}>
      {(field) => <MoneyInput {...field} value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}
