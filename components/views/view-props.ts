import type { AppRoute } from '@/lib/routes/types';

/** What the shell hands every view: its own route entry. */
export type ViewProps = { route: AppRoute };
