import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeading, DialogTrigger } from './dialog.tsx';
import { FormAlert } from './form-alert.tsx';
import { Spinner } from './spinner.tsx';

/**
 * Cancel beside the submit button, at the foot of a dialog's form. The submit button is disabled,
 * with a spinner, while the form is being sent; `lockCancel` disables Cancel too, for a form whose
 * sending should not be walked away from mid-way. Its one look and wording across every dialog's
 * form are why it is one component.
 */
export function FormDialogFooter({
  pending,
  lockCancel = false,
  children,
}: {
  pending: boolean;
  lockCancel?: boolean;
  /** The submit button's text. */
  children: ReactNode;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" disabled={lockCancel && pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending && <Spinner className="size-4" />}
        {children}
      </Button>
    </DialogFooter>
  );
}

/**
 * A dialog that is one form: its title and description, the fields (`children`), the form's
 * refusal (`problem`) and FormDialogFooter. The budget, break, bet and event-correction dialogs
 * all had this frame written out; the title names the dialog and the description describes it
 * (Radix ties both to it), which the tests find it by.
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  onSubmit,
  problem,
  pending,
  submitLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it; none for a dialog opened by its caller. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  problem?: string | null;
  pending: boolean;
  submitLabel: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent>
        <DialogHeading title={title} description={description} />
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          {children}
          {problem && <FormAlert>{problem}</FormAlert>}
          <FormDialogFooter pending={pending}>{submitLabel}</FormDialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
