import { ErrorPage } from './ErrorPage';

export function NotFoundPage() {
  return (
    <ErrorPage
      code="404"
      title="页面不存在"
      description="您访问的页面不存在或已被移除，请检查网址是否正确。"
    />
  );
}
