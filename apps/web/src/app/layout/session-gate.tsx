// The guarded group's outlet: its screens render only while someone is logged in, so none of them fetches without a token.
import { useEffect } from 'react';
import { Outlet, useRevalidator } from 'react-router';
import { useCurrentUser } from '../../lib/session';

export function SessionGate() {
  const user = useCurrentUser();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    // The session ended while a guarded screen was open (a 401, a logout in another tab): the route's guard says
    // where to go, as on a fresh load. (During a logout this repeats the logout's own navigation, which is harmless.)
    if (!user) void revalidate();
  }, [user, revalidate]);
  return user ? <Outlet /> : null;
}
