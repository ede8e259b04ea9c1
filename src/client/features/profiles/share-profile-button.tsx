import { Share2 } from 'lucide-react';
import { toast } from '../../components/ui/toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { shareUrl } from './format.ts';

/** 'Share Profile': copies origin/{username} to the clipboard. */
export function ShareProfileButton({ username, className }: { username: string; className?: string }) {
  const share = async () => {
    const url = shareUrl(username);
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Profile link copied!');
    } catch {
      // No clipboard (insecure context, permission denied): show the link so it can be copied by hand.
      toast.error('Could not copy the link', { description: url });
    }
  };
  return (
    <Button variant="outline" className={className} onClick={() => void share()}>
      <Share2 aria-hidden="true" />
      Share Profile
    </Button>
  );
}
