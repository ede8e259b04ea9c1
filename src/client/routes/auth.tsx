import { useEffect, useState, type MouseEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { paths } from '../../shared/routes.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx';
import { destinationAfterSignIn, forgetSignUpEmail, readAuthState, signUpEmail } from '../features/auth/redirect.ts';
import { SignInForm } from '../features/auth/sign-in-form.tsx';
import { SignUpForm } from '../features/auth/sign-up-form.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

type Tab = 'login' | 'signup';

export default function AuthPage() {
  const { user } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = readAuthState(location.state);
  // ?mode=signup (signUpPath): every "Get Started" and "Sign Up" opens the Sign Up tab.
  const initialTab: Tab = params.get('mode') === 'signup' ? 'signup' : 'login';
  // Back from the mailed confirmation link, which signs the new account in.
  const verified = params.get('verified') === '1' && !params.get('error');
  // AuthTabs updates the title as the visitor switches tabs.
  useDocumentTitle(initialTab === 'signup' ? 'Sign Up' : state.forgot === true ? 'Reset Password' : 'Sign In');

  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    forgetSignUpEmail();
    if (verified) {
      void import('../components/ui/toast.ts').then(({ toast }) =>
        toast.success('Your email is confirmed', { description: 'Welcome to betproof! You are signed in.' }),
      );
    }
  }, [signedIn, verified]);

  // The forms show while the session is looked up (the page is prerendered so, and paints at once);
  // a visitor found signed in is sent on.
  // Already signed in (or just signed in, by the confirmation link): on to where they were going.
  if (user) return <Navigate to={destinationAfterSignIn(location.state, params.get('next'))} replace />;

  return (
    <div className="flex flex-1 justify-center px-4 py-8 sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-4">
        <ConfirmationBanner error={params.get('error')} verified={params.get('verified') === '1'} />
        <Card>
          <CardHeader className="items-center px-5 text-center sm:px-6">
            <CardTitle as="h1" className="text-2xl">
              Welcome to betproof
            </CardTitle>
            <CardDescription>Sign in or create an account to track your bets.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-6 px-5 sm:px-6">
            {/* Re-mount on every navigation to /auth, so the header's Sign Up opens the Sign Up tab. */}
            <AuthTabs
              key={location.key}
              initialTab={initialTab}
              initialForgot={state.forgot === true}
              initialEmail={verified ? signUpEmail() : ''}
            />
            <div className="flex flex-col gap-2 text-center text-xs text-muted-foreground">
              <p>
                By continuing, you agree to our{' '}
                <Link to={paths.terms} className="font-medium text-primary underline underline-offset-2">
                  Terms of Use
                </Link>{' '}
                and{' '}
                <Link to={paths.privacy} className="font-medium text-primary underline underline-offset-2">
                  Privacy Policy
                </Link>
                .
              </p>
              <p>You must be 18 or older to use betproof. Please gamble responsibly.</p>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function AuthTabs({
  initialTab,
  initialForgot,
  initialEmail,
}: {
  initialTab: Tab;
  initialForgot: boolean;
  /** The address just confirmed, when this browser signed up with it. */
  initialEmail: string;
}) {
  const [tab, setTab] = useState<Tab>(initialTab);
  const [forgot, setForgot] = useState(initialForgot);
  const [email, setEmail] = useState(initialEmail);
  const [params] = useSearchParams();
  useDocumentTitle(tab === 'signup' ? 'Sign Up' : forgot ? 'Reset Password' : 'Sign In');

  /** The tab's own address, the rest of the query (?next=) kept: /auth, or /auth?mode=signup. */
  const addressOf = (of: Tab) => {
    const query = new URLSearchParams(params);
    if (of === 'signup') query.set('mode', 'signup');
    else query.delete('mode');
    const search = query.toString();
    return `${paths.auth}${search ? `?${search}` : ''}`;
  };
  // Each tab is a link to its own (prerendered) address, so that a tab clicked before the app has
  // run still opens. Once it runs, a plain click switches tabs in place (Radix selects on mouse
  // down); a click with a modifier still opens the link where the browser would.
  const inPlace = (event: MouseEvent) => {
    if (!event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) event.preventDefault();
  };

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value === 'signup' ? 'signup' : 'login')}>
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="login" asChild>
          <a href={addressOf('login')} onClick={inPlace}>
            Sign In
          </a>
        </TabsTrigger>
        <TabsTrigger value="signup" asChild>
          <a href={addressOf('signup')} onClick={inPlace}>
            Sign Up
          </a>
        </TabsTrigger>
      </TabsList>
      <TabsContent value="login" className="pt-2">
        {forgot ? (
          <ForgotPasswordForm
            defaultEmail={email}
            onDone={(typed) => {
              setEmail(typed);
              setForgot(false);
            }}
          />
        ) : (
          <SignInForm
            defaultEmail={email}
            onForgotPassword={(typed) => {
              setEmail(typed);
              setForgot(true);
            }}
          />
        )}
      </TabsContent>
      <TabsContent value="signup" className="pt-2">
        <SignUpForm />
      </TabsContent>
    </Tabs>
  );
}

/** What the email-confirmation link reports when it lands here (Better Auth adds ?error= when it fails). */
function ConfirmationBanner({ error, verified }: { error: string | null; verified: boolean }) {
  if (error) {
    return (
      <div role="alert" className="flex gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          <strong className="font-semibold">This confirmation link is invalid or has expired.</strong> Sign in with your
          email and password and we&apos;ll send you a new one.
        </p>
      </div>
    );
  }
  if (verified) {
    return (
      <div
        role="status"
        className="flex gap-3 rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
      >
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          <strong className="font-semibold">Your email is confirmed.</strong> You can now sign in.
        </p>
      </div>
    );
  }
  return null;
}
