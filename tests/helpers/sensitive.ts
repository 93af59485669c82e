import { POST as checkRoute } from '@/app/api/v1/manage/news_manage/check_sensitive/route';
import { POST as scanRoute } from '@/app/api/v1/manage/news_manage/scan_sensitive/route';
import { DELETE as delRoute } from '@/app/api/v1/manage/system_set/del_sensitive_word/route';
import { GET as exportRoute } from '@/app/api/v1/manage/system_set/export_sensitive_words/route';
import { GET as listRoute } from '@/app/api/v1/manage/system_set/get_sensitive_words/route';
import { POST as importRoute } from '@/app/api/v1/manage/system_set/import_sensitive_words/route';
import { POST as saveRoute } from '@/app/api/v1/manage/system_set/save_sensitive_word/route';
import { getDb } from '@/lib/db/client';
import type { SensitiveHit, SensitiveWordRow } from '@/lib/sensitive/levels';
import type { ScanItem } from '@/lib/sensitive/scan';
import { forgetWordList } from '@/lib/sensitive/word-list';
import { multipartBody } from '../storage/helpers/multipart';
import { call, type ApiResult } from './api';

export const saveWord = (token: string, body: Record<string, unknown>) =>
  call<{ id: number }>(saveRoute, { method: 'POST', token, body });

/** Adds a word that must be accepted; its id. */
export const addWord = async (token: string, body: Record<string, unknown>) => {
  const result = await saveWord(token, body);
  if (result.body.code !== 200) throw new Error(`save_sensitive_word failed: ${result.body.message}`);
  return result.body.data.id;
};

/** get_sensitive_words: its status, and its page (`data`, `total`). */
export const listWords = async (token: string, query: Record<string, string | number> = {}) => {
  const result = await call<{ data: SensitiveWordRow[]; total: number } | null>(listRoute, {
    token,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
  });
  return {
    status: result.status,
    message: result.body.message,
    data: result.body.data?.data ?? [],
    total: result.body.data?.total ?? 0,
  };
};

export const delWords = (token: string, body: unknown) =>
  call<{ count: number }>(delRoute, { method: 'DELETE', token, body });

export type ImportAnswer = {
  added: number;
  skipped: { line: number; reason: string }[];
  skipped_total: number;
};

/** import_sensitive_words with a file of these bytes (streamed as a browser sends it). */
export const importWords = async (
  token: string,
  {
    bytes,
    filename = 'words.txt',
    fields = {},
    query,
  }: { bytes: Uint8Array; filename?: string; fields?: Record<string, string>; query?: string },
): Promise<ApiResult<ImportAnswer>> => {
  const { body, contentType } = multipartBody({
    fields,
    file: {
      filename,
      contentType: 'text/plain',
      chunks: async function* chunks() {
        for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
      },
    },
  });
  const response = await importRoute(
    new Request(`http://127.0.0.1:3000/api/v1/manage/system_set/import_sensitive_words${query ?? ''}`, {
      method: 'POST',
      headers: { 'x-token': token, 'content-type': contentType, 'x-forwarded-for': '127.0.0.1' },
      body,
      duplex: 'half',
    } as RequestInit),
  );
  return { status: response.status, body: await response.json(), headers: response.headers };
};

/** export_sensitive_words: the file's bytes and headers. */
export const exportWords = async (token: string, list = 'deny') => {
  const response = await exportRoute(
    new Request(`http://127.0.0.1:3000/api/v1/manage/system_set/export_sensitive_words?list=${list}`, {
      headers: { 'x-token': token, 'x-forwarded-for': '127.0.0.1' },
    }),
  );
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
};

export const checkSensitive = (token: string, body: Record<string, unknown>) =>
  call<{ hits: SensitiveHit[] }>(checkRoute, { method: 'POST', token, body });

export type ScanAnswer = { data: ScanItem[]; total: number; scanned: number; next_after_id: number | null };
export const scanSensitive = (token: string, body: Record<string, unknown>) =>
  call<ScanAnswer>(scanRoute, { method: 'POST', token, body });

/** Empties both lists behind the API's back (and tells this process, as a change of its own would). */
export const clearWords = async () => {
  const db = await getDb();
  await db.$executeRaw`DELETE FROM sensitive_word`;
  await db.$executeRaw`
      INSERT INTO sensitive_word_version (id, version) VALUES (1, 1)
      ON CONFLICT (id) DO UPDATE SET version = sensitive_word_version.version + 1`;
  forgetWordList();
};

/** Every stored word, for comparing before and after a refused call. */
export const storedWords = async () => {
  const db = await getDb();
  return db.sensitiveWord.findMany({ orderBy: { id: 'asc' } });
};

/**
 * Bytes of `text` in GB18030 (Node decodes GB18030 but has no encoder): each character is looked
 * up among the two-byte codes of GBK, ASCII as it is.
 */
let gbkTable: Map<string, number[]> | null = null;
export const encodeGb18030 = (text: string) => {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gb18030');
    for (let lead = 0x81; lead <= 0xfe; lead += 1)
      for (let trail = 0x40; trail <= 0xfe; trail += 1) {
        if (trail === 0x7f) continue;
        const char = decoder.decode(new Uint8Array([lead, trail]));
        if (char.length === 1 && !gbkTable.has(char)) gbkTable.set(char, [lead, trail]);
      }
  }
  const bytes: number[] = [];
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) bytes.push(char.charCodeAt(0));
    else {
      const code = gbkTable.get(char);
      if (!code) throw new Error(`not in GBK: ${char}`);
      bytes.push(...code);
    }
  }
  return new Uint8Array(bytes);
};
