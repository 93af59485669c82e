import Box from '@mui/material/Box';
import { splitFileUrls } from '@/lib/fields/file-url';
import { ADDED_SX, REMOVED_SX } from './diff-styles';
import { PlainValue } from './TwoSides';

const SIZE = 64;

/**
 * A picture field's pictures as thumbnails, each a link to the full picture; those the other side
 * lacks are framed (red: only this version, green: only the current state).
 */
export function PictureThumbs({
  value,
  other,
  side,
  title,
}: {
  value: unknown;
  other: unknown;
  side: 'before' | 'after';
  title: string;
}) {
  const urls = splitFileUrls(value);
  const others = new Set(splitFileUrls(other));
  if (urls.length === 0) return <PlainValue text="" />;
  const mark = side === 'before' ? REMOVED_SX : ADDED_SX;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {urls.map((url, index) => {
        const isOnlyHere = !others.has(url);
        return (
          <Box
            key={`${url}-${index}`}
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${title}第 ${index + 1} 张${isOnlyHere ? (side === 'before' ? '（当前没有）' : '（此版本没有）') : ''}`}
            sx={{
              display: 'block',
              p: '2px',
              borderRadius: 1,
              border: 2,
              borderColor: isOnlyHere ? mark.color : 'transparent',
              bgcolor: isOnlyHere ? mark.bgcolor : 'transparent',
            }}
          >
            <Box
              component="img"
              src={url}
              alt=""
              loading="lazy"
              sx={{ width: SIZE, height: SIZE, objectFit: 'cover', display: 'block', borderRadius: 0.5 }}
            />
          </Box>
        );
      })}
    </Box>
  );
}
