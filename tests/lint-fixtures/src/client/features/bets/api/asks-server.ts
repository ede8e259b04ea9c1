// expect: none
// The api/ folder is where a feature's queries live.
import { useQuery } from '@tanstack/react-query';

export const useEvents = () => useQuery({ queryKey: ['events'], queryFn: () => fetch('/api/events') });
