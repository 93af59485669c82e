'use client';

import { usePathname } from 'next/navigation';
import { normalizePath } from '@/lib/routes/match';

/** The current path spelled as the route table spells it. */
export const useActivePath = () => normalizePath({ path: usePathname() });
