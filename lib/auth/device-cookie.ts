import 'server-only';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { derivedKey } from './derived-key';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"). A browser that
 * signed in successfully as a user gets a signed cookie naming that user and a random device id.
 * When it tries that user again it is a *trusted* client: its guesses are counted per device
 * (N per window), not on the username's counter that every other client shares. So an attacker
 * who fails on the admin's username from many addresses exhausts the untrusted counter only; the
 * real admin, whose browser holds a device cookie, still signs in. An attacker who steals a device
 * cookie gains N guesses per window for that one user, no more.
 *
 * Value: `<device id>.<issued, seconds>.<HMAC-SHA256 of user, id and time>`, keyed by a key derived
 * from SESSION_SECRET. One cookie per username (the name carries a hash of it), sent only to the
 * sign-in calls (Path), httpOnly, valid DEVICE_DAYS.
 */
const DEVICE_DAYS = 180;
const MAX_AGE_SECONDS = DEVICE_DAYS * 86_400;
const COOKIE_PATH = '/api/v1/manage/login';
const PREFIX = 'cms_device_';

const normalise = (username: string) => username.trim().toLowerCase();

const sign = async (text: string) =>
  createHmac('sha256', await derivedKey('cms device cookie'))
    .update(text)
    .digest('base64url');

export const deviceCookieName = (username: string) =>
  `${PREFIX}${createHash('sha256').update(normalise(username)).digest('hex').slice(0, 16)}`;

const readCookie = ({ request, name }: { request: Request; name: string }) => {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [cookieName, ...rest] = part.trim().split('=');
    if (cookieName === name) return rest.join('=');
  }
  return undefined;
};

/** The device id of a valid, unexpired device cookie this request holds for `username`, or null. */
export const trustedDeviceId = async ({ request, username }: { request: Request; username: string }) => {
  const value = readCookie({ request, name: deviceCookieName(username) });
  const [deviceId, issued, mac] = value?.split('.') ?? [];
  if (!deviceId || !issued || !mac || !/^[\w-]{22}$/.test(deviceId) || !/^\d{1,12}$/.test(issued)) {
    return null;
  }
  const expected = Buffer.from(await sign(`${normalise(username)}|${deviceId}|${issued}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const ageSeconds = Date.now() / 1000 - Number(issued);
  return ageSeconds >= 0 && ageSeconds < MAX_AGE_SECONDS ? deviceId : null;
};

/** A new device cookie for `username` (a new device id each successful sign-in, as OWASP advises). */
export const deviceCookieHeader = async ({ request, username }: { request: Request; username: string }) => {
  const deviceId = randomBytes(16).toString('base64url');
  const issued = String(Math.floor(Date.now() / 1000));
  const value = `${deviceId}.${issued}.${await sign(`${normalise(username)}|${deviceId}|${issued}`)}`;
  const isSecure = process.env.COOKIE_SECURE === '1' || new URL(request.url).protocol === 'https:';
  return `${deviceCookieName(username)}=${value}; Max-Age=${MAX_AGE_SECONDS}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${isSecure ? '; Secure' : ''}`;
};
