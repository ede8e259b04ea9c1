import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Check, Pencil, X } from 'lucide-react';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

interface InlineEditProps {
  /** The field's name for labels: 'Username', 'Display name'. */
  label: string;
  value: string;
  /** How the value reads when not editing. */
  display: ReactNode;
  /** Client-side check of the typed value: the cleaned value, or an error message. */
  validate: (value: string) => { ok: true; value: string } | { ok: false; error: string };
  /** Saves; rejects with an ApiError whose `fields[field]` (or message) is shown inline. */
  save: (value: string) => Promise<unknown>;
  /** The API's field name, for picking its message out of ApiError.fields. */
  field: string;
  prefix?: string;
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
  description?: ReactNode;
  /** Keep showing `display` (without the pencil) above the form while editing, e.g. for a heading. */
  keepDisplay?: boolean;
}

/** A value with a pencil button that turns it into an input with Save and Cancel. */
export function InlineEdit(props: InlineEditProps) {
  const { label, value, display } = props;
  const [editing, setEditing] = useState(false);
  if (!editing)
    return (
      <div className="flex min-w-0 items-center gap-1">
        {display}
        <Button
          variant="ghost"
          size="icon-sm"
          className="shrink-0 text-muted-foreground"
          aria-label={`Edit ${label.toLowerCase()}`}
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden="true" />
        </Button>
      </div>
    );
  const form = <InlineEditForm {...props} initial={value} onDone={() => setEditing(false)} />;
  return props.keepDisplay ? (
    <>
      {display}
      {form}
    </>
  ) : (
    form
  );
}

function InlineEditForm({
  label,
  initial,
  validate,
  save,
  field,
  prefix,
  placeholder,
  maxLength,
  autoComplete,
  description,
  onDone,
}: Omit<InlineEditProps, 'keepDisplay'> & { initial: string; onDone: () => void }) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(text);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    if (checked.value === initial) {
      onDone();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await save(checked.value);
      onDone();
    } catch (err) {
      setError(
        err instanceof ApiError
          ? (err.fields?.[field] ?? err.message)
          : err instanceof Error
            ? err.message
            : String(err),
      );
      setSaving(false);
    }
  };

  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex w-full max-w-md flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-0 flex-1 basis-48">
          {prefix && (
            <span
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
              aria-hidden="true"
            >
              {prefix}
            </span>
          )}
          <Input
            id={id}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') onDone();
            }}
            autoFocus
            autoComplete={autoComplete ?? 'off'}
            autoCapitalize="none"
            spellCheck={false}
            placeholder={placeholder}
            maxLength={maxLength}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            className={prefix ? 'pl-7' : undefined}
            disabled={saving}
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={saving}>
            {saving ? <Spinner className="size-4" /> : <Check aria-hidden="true" />}
            Save
          </Button>
          <Button variant="outline" size="sm" onClick={onDone} disabled={saving}>
            <X aria-hidden="true" />
            Cancel
          </Button>
        </div>
      </div>
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
