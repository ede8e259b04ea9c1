// expect: no-restricted-imports
// A feature asks the server in its api/ folder, not in a component.
import { useQuery } from '@tanstack/react-query';

export const useEvents = () => useQuery({ queryKey: ['events'], queryFn: () => fetch('/api/events') });
