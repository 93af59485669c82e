import 'server-only';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 s. */
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the previous or next period is accepted too (clocks drift). */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export const newTotpSecret = () => generateSecret({ length: 20 });

/** The manual key, in groups of four as authenticator apps show it. */
export const formatManualKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export const totpUri = ({ issuer, username, secret }: { issuer: string; username: string; secret: string }) =>
  generateURI({ issuer, label: username, secret, period: TOTP_PERIOD_SECONDS });

/** The otpauth URI as an SVG QR code (a data: URL the page shows as an image). */
export const qrDataUrl = async (uri: string) => {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

export const isTotpCodeShape = (code: string) => /^\d{6}$/.test(code);

/**
 * The time step the code belongs to when it is right and newer than `afterStep` (a code already
 * used is refused: replay protection), otherwise null.
 */
export const matchTotp = async ({
  secret,
  code,
  afterStep,
}: {
  secret: string;
  code: string;
  afterStep?: number | null;
}) => {
  if (!isTotpCodeShape(code)) return null;
  const result = await verify({
    secret,
    token: code,
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null || afterStep === undefined ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
};
