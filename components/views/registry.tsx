'use client';

import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import { ViewLoading } from '@/components/common/ViewLoading';
import type { ViewKey } from '@/lib/routes/types';
import type { ViewProps } from './view-props';

const loading = () => <ViewLoading />;

/** View key (route table) → component, each its own chunk. The compiler refuses a missing key. */
export const VIEW_REGISTRY = {
  home: dynamic(() => import('./HomeView').then((m) => m.HomeView), { loading }),
  'system-set': dynamic(() => import('./SystemSetView').then((m) => m.SystemSetView), { loading }),
  'sensitive-words': dynamic(
    () => import('@/components/sensitive-words/SensitiveWordsView').then((m) => m.SensitiveWordsView),
    { loading },
  ),
  'audit-log': dynamic(() => import('./AuditLogView').then((m) => m.AuditLogView), { loading }),
  'manage-user': dynamic(() => import('@/components/users/UserListView').then((m) => m.UserListView), {
    loading,
  }),
  'class-list': dynamic(() => import('./ClassListView').then((m) => m.ClassListView), {
    loading,
  }),
  'news-manage': dynamic(() => import('./NewsManageView').then((m) => m.NewsManageView), { loading }),
  'news-category': dynamic(() => import('./NewsCategoryView').then((m) => m.NewsCategoryView), { loading }),
  'my-info': dynamic(() => import('./MyInfoView').then((m) => m.MyInfoView), { loading }),
  'change-password': dynamic(() => import('./ChangePasswordView').then((m) => m.ChangePasswordView), {
    loading,
  }),
  logout: dynamic(() => import('./LogoutView').then((m) => m.LogoutView), { loading }),
} satisfies Record<ViewKey, ComponentType<ViewProps>>;
