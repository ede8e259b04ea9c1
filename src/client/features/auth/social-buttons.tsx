import { Button } from '../../components/ui/button.tsx';

const PROVIDERS = ['Google', 'GitHub', 'Twitter', 'Apple'] as const;

/** Social sign-in buttons. The spec shows them inert: they are present and do nothing. */
export function SocialButtons() {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        <span className="text-xs tracking-wide text-muted-foreground uppercase">Or continue with</span>
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="grid grid-cols-2 gap-2" role="group" aria-label="Social sign-in" aria-describedby="social-note">
        {PROVIDERS.map((name) => (
          <Button key={name} type="button" variant="outline">
            {name}
          </Button>
        ))}
      </div>
      <p id="social-note" className="text-center text-xs text-muted-foreground">
        Social sign-in is coming soon; use your email for now.
      </p>
    </div>
  );
}
