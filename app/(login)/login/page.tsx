import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginView } from '@/components/auth/LoginView';
import { getPageSession, getProductTitle, getSiteSettings } from '@/lib/routes/server-context';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `登录 - ${await getProductTitle()}` };
}

/** A browser with a live session has nothing to do here and goes straight in. */
export default async function LoginPage() {
  if (await getPageSession()) redirect('/');
  const { title, logo, login_subtitle, footer } = await getSiteSettings();
  return <LoginView site={{ title, logo, subtitle: login_subtitle, footer }} />;
}
