/* What other features use of the marketing pages: their hero and its 'Learn More'. */
export { PageHero } from './page-hero.tsx';
export { LearnMoreButton, Section } from './section.tsx';
