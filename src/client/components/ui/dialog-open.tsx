import { createContext, useContext, useState, type ComponentType, type ReactNode } from 'react';

interface DialogRootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

const DialogOpen = createContext(false);

/**
 * A Radix dialog root (Dialog's, AlertDialog's) that tells its content whether the dialog is
 * open, so that the content mounts only while it is (`useDialogOpen`). Radix mounts a closed
 * dialog's portal anyway: a Presence for its overlay and one for its content, each of which
 * dispatches a synchronous re-render from a layout effect as it mounts. On a dashboard with ten
 * pending bets (two dialogs each) that is forty, and they pull the page's effects into the
 * hydration's commit: one long task (Lighthouse's Total Blocking Time). Our dialogs animate only
 * as they open, so a closed one unmounting at once looks the same as Radix's Presence.
 */
export function withDialogOpen(Root: ComponentType<DialogRootProps>) {
  return function DialogRoot({ open: controlledOpen, defaultOpen = false, onOpenChange, children }: DialogRootProps) {
    const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
    const open = controlledOpen ?? uncontrolledOpen;
    return (
      <DialogOpen.Provider value={open}>
        <Root
          open={open}
          onOpenChange={(next) => {
            setUncontrolledOpen(next);
            onOpenChange?.(next);
          }}
        >
          {children}
        </Root>
      </DialogOpen.Provider>
    );
  };
}

/** Whether the dialog this is in (a root made by withDialogOpen) is open. */
export const useDialogOpen = () => useContext(DialogOpen);
