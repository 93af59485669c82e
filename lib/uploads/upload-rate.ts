import 'server-only';
import { takePoint, type RateLimit } from '@/lib/auth/rate-limit';

/**
 * Uploads per user: 120 a minute, counted in the shared store (lib/auth/rate-limit.ts), so the
 * instances behind a load balancer count together. Every upload call that reaches the service
 * takes a point, refused ones too (their body was read all the same); the 121st in a window
 * answers 429 before its body is read. A window starts at the user's first upload and lasts 60 s.
 */
export const UPLOAD_RATE: RateLimit = {
  prefix: 'upload_user',
  points: 120,
  seconds: 60,
  message: '上传过于频繁，每分钟最多上传 120 个文件，请稍后再试',
};

export const takeUploadPoint = ({ userId }: { userId: number }) =>
  takePoint({ limit: UPLOAD_RATE, key: String(userId) });
