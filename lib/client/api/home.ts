import { apiGet } from '@/lib/client/api/core';
import type { HomeOverview } from '@/lib/home/home-types';

/** The 首页's overview of the caller's categories (news_manage/get_home_overview). */
export const fetchHomeOverview = () => apiGet<HomeOverview>({ path: '/news_manage/get_home_overview' });
