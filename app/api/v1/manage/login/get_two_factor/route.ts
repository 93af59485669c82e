import { getTwoFactorStatus } from '@/lib/auth/two-factor/setup';
import { manageRoute } from '@/lib/http/manage-route';

// GET /api/v1/manage/login/get_two_factor — 自己的两步验证状态 {enabled, enabled_at, recovery_codes_left, required}
export const GET = manageRoute({
  isOpenBeforeTwoFactor: true,
  handler: ({ session }) => getTwoFactorStatus({ userId: session.user.id, roles: session.user.roles }),
});
