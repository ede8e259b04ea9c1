/* What other features use of the marketing pages: their hero and its 'Learn More'. */
export { LearnMoreButton, PageHero } from './page-hero.tsx';
