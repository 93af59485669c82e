import type { Metadata } from 'next';
import { NotFoundPage } from '@/components/errors/NotFoundPage';
import { MuiProviders } from '@/components/providers/MuiProviders';

export const metadata: Metadata = { title: '页面不存在' };

export default function NotFound() {
  return (
    <MuiProviders>
      <NotFoundPage />
    </MuiProviders>
  );
}
