// The relation url of an out_auto field, read the same way by the server (who may read a
// relation's options) and the browser (which options to ask for). No server-only imports here.

/** The manage API path of a field url ('news_manage/x?…' or '/api/v1/manage/news_manage/x?…'), with a leading '/'. */
export const outOptionsPath = ({ url }: { url: string }) =>
  `/${url.trim().replace(/^\/?(api\/v1\/manage\/)?/, '')}`;

const OWN_PATH = '/news_manage/get_out_options';

/** The url is our own relation API (news_manage/get_out_options), searched on the server. */
export const isOwnOutOptions = ({ url }: { url: string }) => {
  const path = outOptionsPath({ url });
  return path === OWN_PATH || path.startsWith(`${OWN_PATH}?`);
};

/** The category a field url of our own relation API takes its options from, or null. */
export const outOptionsSourceClass = ({ url }: { url: string }): number | null => {
  if (!isOwnOutOptions({ url })) return null;
  const path = outOptionsPath({ url });
  const query = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
  const classId = new URLSearchParams(query).get('class_id') ?? '';
  return /^[1-9]\d{0,9}$/.test(classId) ? Number(classId) : null;
};
