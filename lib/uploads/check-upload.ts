import { AppError, ErrorCode } from '@/lib/http/app-error';
import { KIND_FORBIDDEN_MESSAGE, kindRule, mayUploadKind, tooLargeMessage, type UploadKind } from './kinds';
import type { StoredType } from './resolve-stored-type';

/** Refuses a type the kind does not allow (415) or a size over its limit (413). */
export const assertUploadAllowed = ({
  kind,
  type,
  size,
}: {
  kind: UploadKind;
  type: StoredType;
  size?: number;
}) => {
  const rule = kindRule({ kind });
  const isAllowed = rule.formats === 'any' || Boolean(type.format && rule.formats.includes(type.format));
  if (!isAllowed) throw new AppError({ code: ErrorCode.unsupportedType, message: rule.wrongTypeMessage });
  if (size !== undefined && size > rule.maxBytes) {
    throw new AppError({ code: ErrorCode.tooLarge, message: tooLargeMessage({ maxBytes: rule.maxBytes }) });
  }
};

/** Refuses (403) a kind none of the caller's roles uploads (kinds.ts: a role gets what its screens need). */
export const assertKindPermitted = ({ kind, roles }: { kind: UploadKind; roles: readonly string[] }) => {
  if (!mayUploadKind({ kind, roles }))
    throw new AppError({ code: ErrorCode.forbidden, message: KIND_FORBIDDEN_MESSAGE });
};
