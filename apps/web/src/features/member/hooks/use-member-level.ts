import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { UserInfo } from '@agent-bo/shared';
import { memberApi, memberKeys } from '../api/member-api';
import type { ParentContext } from '../components/account-wizard';
import { canWrite } from '../rules';

/**
 * The level the member screen shows, from the URL (`?parent=ID&tab=…`): the signed-in user's own
 * level, or an agent inside its subtree. Gives that agent's user info, the agents between the
 * user and it (the breadcrumb), and the bounds of accounts created at this level.
 */
export function useMemberLevel(user: UserInfo | null) {
  const [search, setSearch] = useSearchParams();
  const requested = Number(search.get('parent'));
  const viewingId = Number.isInteger(requested) && requested > 0 && requested !== user?.id ? requested : null;
  const tab = search.get('tab') ?? 'agents';

  const level = useQuery({
    queryKey: memberKeys.account(viewingId ?? 0),
    queryFn: ({ signal }) => memberApi.accountInfo(viewingId!, signal),
    enabled: viewingId !== null,
  });
  const chain = useQuery({
    queryKey: memberKeys.upper(viewingId ?? 0),
    queryFn: ({ signal }) => memberApi.upperAgents(viewingId!, signal),
    enabled: viewingId !== null,
  });
  const myLvl = user?.lvl ?? 0;
  // Agents between me and the level being viewed (strictly below my own level).
  const between = (chain.data ?? [])
    .filter((a) => a.id !== viewingId && a.id !== user?.id && a.lvl > myLvl && (!level.data || a.lvl < level.data.lvl))
    .sort((a, b) => a.lvl - b.lvl);
  const grandParentId = between.length ? between[between.length - 1]!.id : undefined;

  // The ratio and bet limits of the level's agent bound what is created under it: the viewed
  // agent's, or my own at my own level (an admin holds everything, a reader creates nothing).
  const limitsId = viewingId ?? user?.id ?? 0;
  const limits = useQuery({
    queryKey: memberKeys.limits(limitsId),
    queryFn: ({ signal }) => memberApi.limits(limitsId, signal),
    enabled: !!user && (viewingId !== null || (user.lvl > 0 && canWrite(user))),
    retry: false,
    staleTime: 60_000,
  });

  const parent: ParentContext | null = user
    ? viewingId === null
      ? {
          id: user.id,
          accountNo: user.accountNo,
          ratio: user.lvl === 0 ? '100.00' : (limits.data?.ratio ?? null),
          betLimits: user.lvl === 0 ? null : (limits.data?.betLimits ?? null),
          limitsKnown: user.lvl === 0 || limits.isSuccess,
          isSelf: true,
        }
      : {
          id: viewingId,
          accountNo: level.data?.accountNo ?? String(viewingId),
          ratio: limits.data?.ratio ?? null,
          betLimits: limits.data?.betLimits ?? null,
          limitsKnown: limits.isSuccess,
          isSelf: false,
        }
    : null;

  /** Shows the level of `id` (null: my own), on `nextTab`. */
  function go(id: number | null, nextTab = 'agents') {
    const next = new URLSearchParams();
    if (id !== null) next.set('parent', String(id));
    if (nextTab !== 'agents') next.set('tab', nextTab);
    setSearch(next);
  }

  const levelBlocked = !!level.data && (level.data.isFullDisabled || level.data.isFullReadonly);
  return { viewingId, tab, level, between, grandParentId, parent, levelBlocked, go };
}
