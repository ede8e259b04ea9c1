import { useQuery } from '@tanstack/react-query';
import { BUNDLED_HELP_RESOURCES, type HelpResources } from '../../../../shared/help-resources.ts';

/** The list the server serves (HELP_RESOURCES_FILE, else the bundled one, which shows until it comes). */
export function useHelpResources() {
  return useQuery({
    queryKey: ['help-resources'],
    queryFn: async (): Promise<HelpResources> => {
      const res = await fetch('/api/help-resources');
      if (!res.ok) throw new Error(`help list: ${res.status}`);
      return (await res.json()) as HelpResources;
    },
    staleTime: Infinity,
    placeholderData: BUNDLED_HELP_RESOURCES,
  });
}
