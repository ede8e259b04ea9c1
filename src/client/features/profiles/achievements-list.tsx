import { useId } from 'react';
import { Award, Crown, DollarSign, Flame, Gem, Lock, Trophy, type LucideIcon } from 'lucide-react';
import type { Achievement } from '../../../shared/profile-schemas.ts';
import { cn } from '../../lib/utils.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ListHeader } from '../../components/ui/list-header.tsx';

const ICONS: Record<Achievement['id'], LucideIcon> = {
  'first-win': Trophy,
  'century-club': Award,
  'profit-maker': DollarSign,
  'master-bettor': Crown,
  'hot-streak': Flame,
  'high-roller': Gem,
};

/** Every achievement, in a card: earned ones highlighted, locked ones greyed with what it takes. */
export function AchievementsList({ achievements }: { achievements: Achievement[] }) {
  const headingId = useId();
  const earned = achievements.filter((a) => a.earned).length;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <ListHeader id={headingId} title="Achievements">
        <p className="text-sm text-muted-foreground">
          {earned} of {achievements.length} earned
        </p>
      </ListHeader>
      <ul aria-labelledby={headingId} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {achievements.map((achievement) => {
          const Icon = achievement.earned ? (ICONS[achievement.id] ?? Trophy) : Lock;
          return (
            <li
              key={achievement.id}
              data-earned={achievement.earned}
              className={cn(
                'flex items-start gap-3 rounded-lg border p-4',
                achievement.earned ? 'border-emerald-200 bg-emerald-50/60' : 'border-border bg-muted/60',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-full',
                  achievement.earned ? 'bg-primary text-primary-foreground' : 'bg-slate-200 text-slate-600',
                )}
              >
                <Icon className="size-5" />
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className={cn('font-semibold', !achievement.earned && 'text-slate-700')}>{achievement.name}</h3>
                  {achievement.earned ? (
                    <Badge variant="success">Earned</Badge>
                  ) : (
                    <Badge variant="outline" className="text-muted-foreground">
                      Locked
                    </Badge>
                  )}
                </div>
                <p className="text-sm text-muted-foreground">{achievement.requirement}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
