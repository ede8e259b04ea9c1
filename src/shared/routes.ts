/** Every client route, in one place for links, guards and the reserved-username list. */
export const paths = {
  home: '/',
  auth: '/auth',
  dashboard: '/dashboard',
  profile: '/profile',
  admin: '/admin',
  resetPassword: '/reset-password',
  contact: '/contact',
  about: '/about',
  follow: '/follow',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  advertise: '/advertise',
  influencers: '/influencers',
  spotlight: '/spotlight',
  following: '/following',
  help: '/help',
} as const;

export const publicProfilePath = (username: string) => `/${encodeURIComponent(username)}`;

/** /auth opened on its Sign Up tab: where every "Get Started" and "Sign Up" leads. */
export const signUpPath = `${paths.auth}?mode=signup`;
