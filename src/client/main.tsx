/*
 * The entry index.html loads: small on purpose. A page the server rendered is already complete
 * HTML, so the browser paints it first and only then fetches and runs the app that takes it over
 * (start.tsx): the first paint never waits for ~120 KB of JavaScript to arrive and be compiled,
 * which on a phone's network and CPU is most of a second (Lighthouse: first and largest paint
 * 1.9-2.2 s -> under 1 s on the pages it renders). Until then links are plain links, and a
 * button's click is kept to be replayed once the app has hydrated (lib/early-clicks.ts). A page
 * with nothing rendered (the dev server's shell) starts at once.
 */
import { afterFirstPaint } from './lib/after-first-paint.ts';
import { recordEarlyClicks, unlessLeaving } from './lib/early-clicks.ts';
import { HYDRATE_ATTRIBUTE } from '../shared/page-rendering.ts';
// Here, not in start.tsx: the build then links the stylesheet from the HTML (the server inlines it).
import './styles.css';

const rendered = document.getElementById('root')?.hasAttribute(HYDRATE_ATTRIBUTE) ?? false;
if (rendered) recordEarlyClicks();
void (rendered ? afterFirstPaint() : Promise.resolve()).then(() => unlessLeaving(() => void import('./start.tsx')));
