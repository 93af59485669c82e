'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { UserInfo } from '@/lib/client/api/auth';
import { filterRoutesByRoles } from '@/lib/routes/access';
import { buildRouteTable, type NewsRouteNode } from '@/lib/routes/news-routes';
import type { AppRoute } from '@/lib/routes/types';

type SessionContextValue = {
  user: UserInfo;
  /** The route tree this user may open: the menu, tags, breadcrumb and search read it. */
  routes: readonly AppRoute[];
  setUser: (user: UserInfo) => void;
  /** Forgets user and routes (logout). */
  resetSession: () => void;
};

const EMPTY_USER: UserInfo = { name: '', avatar: '', introduction: '', roles: [], username: '' };

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({
  initialUser,
  newsRouteNodes,
  children,
}: {
  initialUser: UserInfo;
  newsRouteNodes: readonly NewsRouteNode[];
  children: ReactNode;
}) {
  const [user, setUser] = useState(initialUser);
  const routes = useMemo(
    () =>
      filterRoutesByRoles({ routes: buildRouteTable({ newsChildren: newsRouteNodes }), roles: user.roles }),
    [newsRouteNodes, user.roles],
  );
  const value = useMemo<SessionContextValue>(
    () => ({ user, routes, setUser, resetSession: () => setUser(EMPTY_USER) }),
    [user, routes],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export const useSession = () => {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
};
