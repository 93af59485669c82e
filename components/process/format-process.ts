import dayjs from 'dayjs';

/** A timestamp in seconds as yyyy-mm-dd hh:mm. */
export const formatMoment = (seconds: number) => dayjs.unix(seconds).format('YYYY-MM-DD HH:mm');

const UNITS = [
  { seconds: 86_400, name: '天' },
  { seconds: 3_600, name: '小时' },
  { seconds: 60, name: '分钟' },
] as const;

/** A duration in Chinese, its two largest units: 2天3小时, 5小时, 12分钟; under a minute 不到1分钟. */
export const formatDuration = (totalSeconds: number) => {
  let rest = Math.max(0, Math.round(totalSeconds));
  const parts: string[] = [];
  for (const unit of UNITS) {
    const count = Math.floor(rest / unit.seconds);
    rest -= count * unit.seconds;
    if (count > 0 || parts.length > 0) parts.push(count > 0 ? `${count}${unit.name}` : '');
    if (parts.length === 2) break;
  }
  const text = parts.join('');
  return text === '' ? '不到1分钟' : text;
};

/** The comma-joined URLs of a record's attachments as a list. */
export const splitAttachments = (joined: string) =>
  joined
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);

/** The file name a URL ends with, for a link's text. */
export const fileNameOf = (url: string) => {
  const last = url.split('?')[0].split('/').pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};
