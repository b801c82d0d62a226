import { useQuery } from '@tanstack/react-query';
import { aboutApi, aboutKeys } from '../api/about-api';

/**
 * The server's part of the About page. Its facts change only with a restart or a release, so
 * a reading stays fresh for a minute; the start time tells a restart apart.
 */
export function useAbout() {
  return useQuery({ queryKey: aboutKeys.all, queryFn: ({ signal }) => aboutApi.get(signal), staleTime: 60_000 });
}
