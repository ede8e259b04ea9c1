import { cn } from '../../lib/utils.ts';
import { profileInitial } from './format.ts';

/** The round avatar with the profile's initial (decorative: the name is next to it). */
export function ProfileAvatar({
  profile,
  className,
}: {
  profile: { displayName: string | null; username: string };
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-14 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-emerald-600 to-emerald-800 text-xl font-bold text-white shadow-sm sm:size-20 sm:text-3xl',
        className,
      )}
    >
      {profileInitial(profile)}
    </span>
  );
}
