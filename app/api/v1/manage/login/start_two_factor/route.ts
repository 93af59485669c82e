import { startTwoFactorSetup } from '@/lib/auth/two-factor/setup';
import { manageRoute } from '@/lib/http/manage-route';

// POST /api/v1/manage/login/start_two_factor — 开始设置两步验证：新密钥 {secret, uri, qr}（仅此一次返回），
// 用 login/confirm_two_factor 提交验证码后生效
export const POST = manageRoute({
  isOpenBeforeTwoFactor: true,
  handler: ({ session }) => startTwoFactorSetup({ userId: session.user.id, username: session.user.username }),
});
