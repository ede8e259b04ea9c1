import { toast } from 'sonner';
import { requestToaster } from './toaster-outlet.tsx';

/**
 * The app's `toast(...)`, `toast.success(...)`, `toast.error(...)` (sonner's). Import it from here,
 * never from 'sonner': loading this module is what mounts the outlet (see toaster-outlet.tsx).
 */
requestToaster();

export { toast };
