import { z } from '@/lib/validation/z';
import { isStoredName } from '@/lib/storage/keys';

// The last path segment of an upload URL, exactly as the server makes it: anything else, a path
// or '..' above all, is refused before the name reaches storage.
export const ZDeleteFileInput = z.object({
  name: z
    .string({ error: '请指定要删除的文件' })
    .trim()
    .min(1, '请指定要删除的文件')
    .refine((name) => !/[\\/]|\.\./.test(name), '文件名不正确')
    .refine((name) => isStoredName(name), '文件名不正确'),
});
export type TDeleteFileInput = z.infer<typeof ZDeleteFileInput>;
