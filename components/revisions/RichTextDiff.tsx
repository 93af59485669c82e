'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import type { TextDiffOp } from '@/lib/revisions/revision-types';
import { ADDED_SX, REMOVED_SX } from './diff-styles';

// Unchanged text longer than this is cut to its ends around the changes, unless 显示全文.
const COLLAPSE_AT = 240;
const KEEP = 80;

const shorten = ({ text, isFirst, isLast }: { text: string; isFirst: boolean; isLast: boolean }) => {
  const chars = [...text];
  if (chars.length <= COLLAPSE_AT) return text;
  const head = isFirst ? '' : chars.slice(0, KEEP).join('');
  const tail = isLast ? '' : chars.slice(-KEEP).join('');
  return `${head} … ${tail}`;
};

/** A rich text's words compared: removed ones struck through in red, added ones underlined in green. */
export function RichTextDiff({ ops }: { ops: readonly TextDiffOp[] }) {
  const [isFull, setIsFull] = useState(false);
  const canCollapse = ops.some((op) => op.op === 'equal' && [...op.text].length > COLLAPSE_AT);
  if (!ops.some((op) => op.op !== 'equal'))
    return (
      <Box component="p" sx={{ m: 0, color: 'text.secondary' }}>
        文字相同，只有格式（如粗体、链接、图片）不同。
      </Box>
    );
  return (
    <Box>
      <Box
        component="p"
        sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.9 }}
        data-testid="rich-text-diff"
      >
        {ops.map((op, index) => {
          if (op.op === 'delete')
            return (
              <Box component="del" key={index} sx={REMOVED_SX}>
                <Box component="span" sx={visuallyHidden}>
                  [此版本有：
                </Box>
                {op.text}
                <Box component="span" sx={visuallyHidden}>
                  ]
                </Box>
              </Box>
            );
          if (op.op === 'insert')
            return (
              <Box component="ins" key={index} sx={ADDED_SX}>
                <Box component="span" sx={visuallyHidden}>
                  [当前新增：
                </Box>
                {op.text}
                <Box component="span" sx={visuallyHidden}>
                  ]
                </Box>
              </Box>
            );
          const text = isFull
            ? op.text
            : shorten({ text: op.text, isFirst: index === 0, isLast: index === ops.length - 1 });
          return <span key={index}>{text}</span>;
        })}
      </Box>
      {canCollapse && (
        <Button size="small" onClick={() => setIsFull((full) => !full)} sx={{ mt: 0.5, px: 0 }}>
          {isFull ? '只看改动附近' : '显示全文'}
        </Button>
      )}
    </Box>
  );
}
