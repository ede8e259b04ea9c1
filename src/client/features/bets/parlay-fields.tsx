/**
 * The record-bet dialog's Parlay mode: the legs, each with its own description, sport, odds and
 * event start, added and removed with named buttons, and the combined odds and potential win as
 * they are typed (src/shared/parlays.ts, the maths the server records with).
 */
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { SPORTS } from '../../../shared/bets.ts';
import { PARLAY_MAX_LEGS, previewParlay } from '../../../shared/parlays.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { LegFieldsHeader } from './parlay-parts.tsx';
import { ParlayPreview } from './parlay-preview.tsx';
import { sportLabel } from './sports.ts';
import type { LegFormValues, RecordBetFormValues, RecordInput } from './record-bet-values.ts';

export const EMPTY_LEG: LegFormValues = { description: '', sport: '', odds: '', eventDate: '' };

interface ParlayFieldsProps {
  control: Control<RecordBetFormValues, unknown, RecordBetFormValues | RecordInput>;
  register: UseFormRegister<RecordBetFormValues>;
  errors: FieldErrors<RecordBetFormValues>;
  timeZone: string;
}

export function ParlayFields({ control, register, errors, timeZone }: ParlayFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'legs' });
  const [amount, legs] = useWatch({ control, name: ['amount', 'legs'] });
  const preview = previewParlay(
    amount,
    legs.map((leg) => leg.odds),
  );
  const legsError = errors.legs?.root?.message ?? errors.legs?.message;

  return (
    <>
      <ol className="flex flex-col gap-3" aria-label="Legs">
        {fields.map((field, index) => {
          const n = index + 1;
          const legErrors = errors.legs?.[index];
          return (
            <li key={field.id} className="flex flex-col gap-3 rounded-md border p-3">
              <LegFieldsHeader n={n} legCount={fields.length} onRemove={() => remove(index)} />
              <FormField label={`Leg ${n} description`} error={legErrors?.description?.message}>
                {(aria) => (
                  <Input
                    {...aria}
                    autoComplete="off"
                    placeholder="e.g. Chiefs to win"
                    maxLength={500}
                    {...register(`legs.${index}.description`)}
                  />
                )}
              </FormField>
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label={`Leg ${n} sport`} error={legErrors?.sport?.message}>
                  {(aria) => (
                    <NativeSelect {...aria} {...register(`legs.${index}.sport`)}>
                      <option value="">Choose a sport</option>
                      {SPORTS.map((sport) => (
                        <option key={sport} value={sport}>
                          {sportLabel(sport)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <FormField label={`Leg ${n} odds`} error={legErrors?.odds?.message}>
                  {(aria) => (
                    <Input
                      {...aria}
                      autoComplete="off"
                      placeholder="+150, 2.50, 5/2"
                      {...register(`legs.${index}.odds`)}
                    />
                  )}
                </FormField>
                <FormField
                  className="sm:col-span-2"
                  label={`Leg ${n} event date & time`}
                  error={legErrors?.eventDate?.message}
                  description={index === 0 ? `Your time zone (${timeZone}).` : undefined}
                >
                  {(aria) => <Input {...aria} type="datetime-local" {...register(`legs.${index}.eventDate`)} />}
                </FormField>
              </div>
            </li>
          );
        })}
      </ol>
      {legsError && <p className="text-sm font-medium text-destructive">{legsError}</p>}
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={fields.length >= PARLAY_MAX_LEGS}
        onClick={() => append(EMPTY_LEG)}
      >
        <Plus aria-hidden="true" />
        Add leg
      </Button>
      <ParlayPreview preview={preview} />
    </>
  );
}
