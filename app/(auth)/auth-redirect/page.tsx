import type { Metadata } from 'next';
import { AuthRedirectView } from '@/components/auth/AuthRedirectView';
import { getProductTitle } from '@/lib/routes/server-context';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `正在跳转 - ${await getProductTitle()}` };
}

export default function AuthRedirectPage() {
  return <AuthRedirectView />;
}
