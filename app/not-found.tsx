import type { Metadata } from 'next';
import styles from '@/components/errors/not-found.module.css';

export const metadata: Metadata = { title: '页面不存在' };

// Part of the root layout's bundle, which the login page loads too: plain HTML, no MUI. (Admin
// paths that match nothing go to /404, drawn by ErrorPage.)
export default function NotFound() {
  return (
    <main className={styles.page}>
      <div>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>页面不存在</h1>
        <p className={styles.text}>您访问的页面不存在或已被移除，请检查网址是否正确。</p>
        {/* A full page load: the admin area's layout is not part of this page. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a className={styles.link} href="/">
          返回首页
        </a>
      </div>
    </main>
  );
}
