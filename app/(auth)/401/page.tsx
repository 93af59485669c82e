import type { Metadata } from 'next';
import { ErrorPage } from '@/components/errors/ErrorPage';
import { getProductTitle } from '@/lib/routes/server-context';

export async function generateMetadata(): Promise<Metadata> {
  return { title: `没有权限 - ${await getProductTitle()}` };
}

export default function Page401() {
  return (
    <ErrorPage
      code="401"
      title="没有访问权限"
      description="您的账号没有打开此页面所需的角色，如需使用请联系管理员。"
    />
  );
}
