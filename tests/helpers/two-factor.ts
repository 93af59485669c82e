import { generateSync } from 'otplib';
import { POST as confirmRoute } from '@/app/api/v1/manage/login/confirm_two_factor/route';
import { POST as startRoute } from '@/app/api/v1/manage/login/start_two_factor/route';
import { call } from './api';

/**
 * The clock of a test file, moved forward on purpose: an authenticator code is accepted once per
 * 30-second period, so each new code needs the next period. Date.now is the one edge mocked; the
 * server, otplib and the throttle all read it.
 */
let offsetMs = 0;
export const installClock = () => {
  const realNow = Date.now.bind(Date);
  jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
};
export const advanceClock = (seconds: number) => {
  offsetMs += seconds * 1000;
};

/** A code of the authenticator for `secret`, in the next 30-second period (so never one used before). */
export const nextCode = (secret: string) => {
  advanceClock(30);
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
};

/** Turns two-factor on for the token's user as 个人中心 does; answers the secret and recovery codes. */
export const enableTwoFactor = async ({ token }: { token: string }) => {
  const started = await call<{ secret: string; uri: string; qr: string }>(startRoute, {
    method: 'POST',
    token,
  });
  if (started.body.code !== 200) throw new Error(`start_two_factor: ${started.body.message}`);
  const secret = started.body.data.secret.replace(/\s/g, '');
  const confirmed = await call<{ recovery_codes: string[] }>(confirmRoute, {
    method: 'POST',
    token,
    body: { code: nextCode(secret) },
  });
  if (confirmed.body.code !== 200) throw new Error(`confirm_two_factor: ${confirmed.body.message}`);
  return { secret, recoveryCodes: confirmed.body.data.recovery_codes, started: started.body.data };
};
