'use client';

import { usePathname } from 'next/navigation';
import { normalisePath } from '@/lib/routes/match';

/** The current path spelled as the route table spells it. */
export const useActivePath = () => normalisePath({ path: usePathname() });
