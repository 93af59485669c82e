import { isFileUrl, splitFileUrls } from '../file-url';
import { fail, ok, type FieldTypeDefinition, PLAIN_TRAITS } from '../type-definition';

const singleFileTraits = { ...PLAIN_TRAITS, defaultLimit: 1 } as const;

const parseSingle: FieldTypeDefinition['parse'] = ({ raw, field }) => {
  const urls = splitFileUrls(raw);
  if (urls.length > 1) return fail(`${field.title}只能上传 1 个文件`);
  return urls.length === 1 && isFileUrl(urls[0]) ? ok(urls[0]) : fail(`${field.title}的文件地址不正确`);
};

export const imgField: FieldTypeDefinition<'img'> = {
  type: 'img',
  label: '图片',
  ...singleFileTraits,
  parse: parseSingle,
};

export const onePictureField: FieldTypeDefinition<'one_picture'> = {
  type: 'one_picture',
  label: '单张图片',
  ...singleFileTraits,
  parse: parseSingle,
};

export const oneVideoField: FieldTypeDefinition<'one_video'> = {
  type: 'one_video',
  label: '视频',
  ...singleFileTraits,
  parse: (input) => {
    const result = parseSingle(input);
    if (result.ok && !/\.mp4(\?|$)/i.test(String(result.value)))
      return fail(`${input.field.title}只能是 mp4 视频`);
    return result;
  },
};

export const DEFAULT_PICTURE_LIMIT = 10;

export const multPicturesField: FieldTypeDefinition<'mult_pictures'> = {
  type: 'mult_pictures',
  label: '多张图片',
  ...PLAIN_TRAITS,
  defaultLimit: DEFAULT_PICTURE_LIMIT,
  parse: ({ raw, field }) => {
    const urls = splitFileUrls(raw);
    const limit = field.limit || DEFAULT_PICTURE_LIMIT;
    if (urls.length > limit) return fail(`${field.title}最多只能上传 ${limit} 张图片`);
    if (!urls.every(isFileUrl)) return fail(`${field.title}的图片地址不正确`);
    // Stored as one comma-joined string of urls (the API's format for several pictures).
    return ok(urls.join(','));
  },
};
