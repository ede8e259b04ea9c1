import { useId, type ComponentProps, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/utils.ts';
import { FormField } from './form-field.tsx';
import { Label } from './label.tsx';

/**
 * The browser's own <select>, styled like Input: keyboard and screen-reader behaviour for free,
 * the phone's native picker on touch screens, and no extra JavaScript.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(
          'flex h-10 w-full min-w-0 cursor-pointer appearance-none rounded-md border border-input bg-card py-2 pr-9 pl-3 text-base text-foreground shadow-xs transition-colors outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/30 sm:text-sm',
          className,
        )}
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

/**
 * A NativeSelect's choices: one <option> per value, named by `label`. Every select in the app
 * lists a fixed set of values this way, so the mapping is written once.
 */
export function Options<T extends string | number>({
  values,
  label,
}: {
  values: readonly T[];
  label: (value: T) => ReactNode;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}

/**
 * A NativeSelect under its label, the label naming it (a filter's or a setting's select, which
 * needs no description or error: FormField is for form fields). `className` is the pair's,
 * `selectClassName` the select's.
 */
export function LabelledSelect({
  label,
  className,
  selectClassName,
  ...props
}: Omit<ComponentProps<'select'>, 'id'> & { label: ReactNode; selectClassName?: string }) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} className={selectClassName} {...props} />
    </div>
  );
}

/**
 * A form's select as a FormField: its label, description and error wired to the select. The
 * select's own attributes (value, onChange, a form library's register(), disabled) pass through.
 */
export function SelectField({
  label,
  description,
  error,
  className,
  children,
  ...select
}: Omit<ComponentProps<'select'>, 'id' | 'className'> & {
  label: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  /** The field's (label, select and messages). */
  className?: string;
}) {
  return (
    <FormField label={label} description={description} error={error} className={className}>
      {(field) => (
        <NativeSelect {...field} {...select}>
          {children}
        </NativeSelect>
      )}
    </FormField>
  );
}
