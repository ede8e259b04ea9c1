/** The asterisk after a required field's label; inputs say it to screen readers with aria-required. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-destructive">
      *
    </span>
  );
}
