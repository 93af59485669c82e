import type { Metadata } from 'next';
import { NotFoundPage } from '@/components/errors/NotFoundPage';
import { getProductTitle } from '@/lib/routes/server-context';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `页面不存在 - ${await getProductTitle()}` };
}

export default function Page404() {
  return <NotFoundPage />;
}
