import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** The app's single toast outlet; call `toast(...)` / `toast.error(...)` from 'sonner' anywhere. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      richColors
      closeButton
      duration={5000}
      toastOptions={{ classNames: { title: 'font-semibold', description: 'text-sm' } }}
      {...props}
    />
  );
}
