import type { ReactNode } from 'react';
import { MuiProviders } from '@/components/providers/MuiProviders';

/** 401, 404 and the sign-in redirect page: drawn with MUI, outside the admin shell. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return <MuiProviders>{children}</MuiProviders>;
}
