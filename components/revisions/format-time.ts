import dayjs from 'dayjs';

/** A revision's or a deletion's moment (seconds) as yyyy-mm-dd hh:mm:ss. */
export const formatSeconds = (seconds: number) => dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss');
