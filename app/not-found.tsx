import type { Metadata } from 'next';
import { NotFoundPage } from '@/components/errors/NotFoundPage';

export const metadata: Metadata = { title: '页面不存在' };

export default function NotFound() {
  return <NotFoundPage />;
}
