/**
 * What the record-bet dialog says about the bettor's wellbeing before it records (docs/decisions/034):
 * where the budget would stand with this stake (as it is typed), and once per bet, the
 * loss-chasing question when the rule is met. Neither refuses: the bettor decides.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { HeartHandshake } from 'lucide-react';
import { parseMoney } from '../../../shared/money.ts';
import { paths } from '../../../shared/routes.ts';
import { budgetStanding, budgetWarning } from '../../../shared/wellbeing.ts';
import { ApiError } from '../../lib/api.ts';
import { checkBeforeRecording, useWellbeing, wellbeingKey } from './api/wellbeing.ts';

export interface RecordChecks {
  /** The budget note for the stake typed, or null. */
  budgetNote: string | null;
  /** The loss-chasing question asked of the bet as it stands, or null. */
  question: string | null;
  /** True when the dialog should show a question first (asked once for the same bet). */
  askFirst(input: unknown): Promise<boolean>;
  /** After recording: the next bet is asked afresh. */
  recorded(): void;
  /** A 423: recording refused during a cool-off (the dashboard then shows its end). */
  isCoolOff(error: unknown): error is ApiError;
}

export function useRecordChecks(userId: string, amount: string): RecordChecks {
  const wellbeing = useWellbeing(userId);
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<{ key: string; question: string } | null>(null);
  const stake = parseMoney(amount.trim());
  const { budget, standing } = wellbeing.data ?? { budget: null, standing: null };
  const budgetNote =
    budget && standing && stake !== null && stake > 0n
      ? budgetWarning(budgetStanding(budget, standing, new Date(), stake))
      : null;

  return {
    budgetNote,
    question: asked?.question ?? null,
    async askFirst(input) {
      const key = JSON.stringify(input);
      if (asked?.key === key) return false;
      const amountText = (input as { amount?: unknown }).amount;
      if (typeof amountText !== 'string') return false;
      try {
        const check = await checkBeforeRecording(amountText);
        if (check.question) {
          setAsked({ key, question: check.question });
          return true;
        }
      } catch {
        // The check is advice: when it cannot be asked, the bet is recorded as usual.
      }
      setAsked(null);
      return false;
    },
    recorded() {
      setAsked(null);
    },
    isCoolOff(error): error is ApiError {
      const coolOff = error instanceof ApiError && error.status === 423;
      if (coolOff) void queryClient.invalidateQueries({ queryKey: wellbeingKey(userId) });
      return coolOff;
    },
  };
}

/** The dialog's notes: the budget (as the stake is typed) and the loss-chasing question with help. */
export function RecordCheckNotes({ checks, onTakeABreak }: { checks: RecordChecks; onTakeABreak: () => void }) {
  return (
    <>
      {checks.budgetNote && (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {checks.budgetNote}
        </p>
      )}
      {checks.question && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-3 text-sm text-sky-950"
        >
          <p className="flex gap-2">
            <HeartHandshake aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{checks.question}</span>
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1 pl-6 font-medium">
            <Link to={paths.help} className="underline underline-offset-4">
              Talk to someone (Need help?)
            </Link>
            <Link
              to={`${paths.dashboard}#take-a-break`}
              onClick={onTakeABreak}
              className="underline underline-offset-4"
            >
              Take a break from recording
            </Link>
          </p>
        </div>
      )}
    </>
  );
}
