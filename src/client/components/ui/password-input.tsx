import { useState, type ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '../../lib/utils.ts';
import { Input } from './input.tsx';

interface PasswordInputProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** Controlled visibility, e.g. to share one toggle between a password and its confirmation. */
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
  /** Set false to hide this field's own toggle (another field's toggle controls it). */
  showToggle?: boolean;
}

/**
 * A password field with a show/hide toggle. The toggle's name ("Show password" / "Hide password")
 * is visually hidden text, not an aria-label, so `getByLabel('Password')` finds only the input.
 */
export function PasswordInput({
  className,
  visible,
  onVisibleChange,
  showToggle = true,
  ...props
}: PasswordInputProps) {
  const [ownVisible, setOwnVisible] = useState(false);
  const isVisible = visible ?? ownVisible;
  const toggle = () => {
    const next = !isVisible;
    setOwnVisible(next);
    onVisibleChange?.(next);
  };
  return (
    <div className="relative">
      <Input type={isVisible ? 'text' : 'password'} className={cn(showToggle && 'pr-11', className)} {...props} />
      {showToggle && (
        <button
          type="button"
          onClick={toggle}
          aria-controls={props.id}
          className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          {isVisible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
          <span className="sr-only">{isVisible ? 'Hide password' : 'Show password'}</span>
        </button>
      )}
    </div>
  );
}
