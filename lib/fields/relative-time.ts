import dayjs from 'dayjs';
import { epochSeconds, toSeconds } from './types/time';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** yyyy-mm-dd hh:mm of a timestamp (10 digits: seconds, 13: milliseconds), '' when it is not one. */
export const formatDateTime = ({ time }: { time: unknown }) => {
  const seconds = toSeconds(time);
  return seconds === null ? '' : dayjs.unix(seconds).format('YYYY-MM-DD HH:mm');
};

/**
 * The relative time shown for a timestamp: under 30 s 刚刚, under an hour N分钟前, under a day N小时前, under two
 * days 1天前, otherwise the date and time. A time in the future is shown as its date.
 */
export const relativeTime = ({ time, now = Date.now() }: { time: unknown; now?: number }) => {
  const seconds = toSeconds(time);
  if (seconds === null) return '';
  const ago = epochSeconds(now) - seconds;
  if (ago < 0) return formatDateTime({ time: seconds });
  if (ago < 30) return '刚刚';
  if (ago < HOUR) return `${Math.max(1, Math.floor(ago / MINUTE))}分钟前`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}小时前`;
  if (ago < 2 * DAY) return '1天前';
  return formatDateTime({ time: seconds });
};
