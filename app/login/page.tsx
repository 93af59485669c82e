export default function LoginPage() {
  return <main>登录</main>;
}
