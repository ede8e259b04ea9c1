import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { paths } from '../../shared/routes.ts';
import { Button } from '../components/ui/button.tsx';
import { PageContainer } from '../components/layout/page.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Placeholder landing page; the full landing page (events, demo, testimonials) is a later issue. */
export default function LandingPage() {
  useDocumentTitle();
  return (
    <section className="bg-gradient-to-b from-slate-100 to-background">
      <PageContainer className="flex flex-col items-start gap-6 py-16 sm:py-24">
        <h1 className="text-5xl font-extrabold tracking-tight text-foreground sm:text-6xl">
          bet<span className="text-primary">proof</span>
        </h1>
        <p className="max-w-xl text-lg text-muted-foreground sm:text-xl">
          Track your betting performance with precision and make informed decisions.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={paths.dashboard}>
              Start Recording Bets
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.about}>Learn More</Link>
          </Button>
        </div>
      </PageContainer>
    </section>
  );
}
