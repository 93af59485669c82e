'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FieldDiff } from '@/lib/revisions/revision-types';
import { ChildRowsDiff } from './ChildRowsDiff';
import { PictureThumbs } from './PictureThumbs';
import { diffKindOf, type RevisionSchema } from './revision-fields';
import { RichTextDiff } from './RichTextDiff';
import { PlainValue, TwoSides } from './TwoSides';

/** One field that differs between the chosen version and the current state, drawn by its kind. */
export function FieldDiffView({ schema, entry }: { schema: RevisionSchema; entry: FieldDiff }) {
  const field = schema.fieldOf(entry.key);
  const kind = diffKindOf({ field, hasTextDiff: Array.isArray(entry.diff) });
  const title = entry.title || field?.title || entry.key;
  const body = (() => {
    if (kind === 'rich') return <RichTextDiff ops={entry.diff ?? []} />;
    if (kind === 'rows' && field)
      return <ChildRowsDiff field={field} before={entry.before} after={entry.after} />;
    if (kind === 'pictures')
      return (
        <TwoSides
          before={<PictureThumbs value={entry.before} other={entry.after} side="before" title={title} />}
          after={<PictureThumbs value={entry.after} other={entry.before} side="after" title={title} />}
        />
      );
    const label = (value: unknown) => schema.labelOf(entry.key, value);
    return (
      <TwoSides
        before={<PlainValue text={label(entry.before)} />}
        after={<PlainValue text={label(entry.after)} />}
      />
    );
  })();
  return (
    <Box component="section" aria-label={title} data-field-key={entry.key}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.75 }}>
        {title}
      </Typography>
      {body}
    </Box>
  );
}
