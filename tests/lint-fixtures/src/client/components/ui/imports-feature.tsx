// expect: import-x/no-restricted-paths
// components/ is what features build on: it never imports a feature.
import { useAuth } from '../../features/auth/auth-provider.tsx';

export const useSignedIn = () => useAuth().user !== null;
