import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { UnseenBadgesResponse } from '@learn/shared';
import { api } from '../api-client';
import { useBadgeAwards } from './badge-dialog';

export const unseenBadgesKey = ['badges', 'unseen'] as const;

/**
 * A student's badges earned away from the page that awards them (First Exam at the deadline, Perfect
 * Score when a mate grades): asked for on every page the student opens and after live exam events, and
 * shown in the "Achievement Unlocked!" dialog, each once (the server remembers it was seen).
 */
export function BadgeWatcher() {
  const { pathname } = useLocation();
  const { announce, dialog } = useBadgeAwards();
  const unseen = useQuery({
    queryKey: unseenBadgesKey,
    queryFn: ({ signal }) => api<UnseenBadgesResponse>('badges/unseen', { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const { refetch } = unseen;
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
  useEffect(() => {
    if (unseen.data?.badges.length) announce(unseen.data.badges);
  }, [unseen.data, announce]);
  return <>{dialog}</>;
}
