'use client';

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { SensitiveHit } from '@/lib/sensitive/levels';
import { contextParts, LEVEL_COLORS, levelLabel, replacementOf } from './hit-text';

/** The text around a hit with the hit marked (as written: `敏 感*词` for the word 敏感词). */
export function HitContext({ hit }: { hit: SensitiveHit }) {
  const { before, match, after, isCutBefore, isCutAfter } = contextParts(hit);
  return (
    <Typography
      variant="body2"
      component="p"
      sx={{ color: 'text.secondary', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
    >
      {isCutBefore && '…'}
      {before}
      <Box
        component="mark"
        sx={(theme) => ({
          bgcolor: alpha(theme.palette[LEVEL_COLORS[hit.level]].main, 0.16),
          color: `${LEVEL_COLORS[hit.level]}.dark`,
          fontWeight: 600,
          borderRadius: 0.5,
          px: 0.25,
          ...theme.applyStyles('dark', { color: `${LEVEL_COLORS[hit.level]}.light` }),
        })}
      >
        {match}
      </Box>
      {after}
      {isCutAfter && '…'}
    </Typography>
  );
}

function HitBody({ hit, isFieldShown }: { hit: SensitiveHit; isFieldShown: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0, width: '100%' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip
          size="small"
          variant="outlined"
          color={LEVEL_COLORS[hit.level]}
          label={levelLabel(hit.level)}
          sx={{ fontWeight: 600 }}
        />
        {isFieldShown && (
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {hit.title}
          </Typography>
        )}
        <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
          「{hit.word}」{hit.level === 'replace' && ` 替换为「${replacementOf(hit)}」`}
        </Typography>
      </Box>
      <HitContext hit={hit} />
      {hit.note && (
        <Typography
          variant="caption"
          component="p"
          sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
        >
          说明：{hit.note}
        </Typography>
      )}
    </Box>
  );
}

type SensitiveHitListProps = {
  hits: readonly SensitiveHit[];
  label: string;
  /** Each hit a button that takes the user to it (its field). */
  onSelect?: (hit: SensitiveHit) => void;
  /** Name the field of each hit (a form with several fields). */
  isFieldShown?: boolean;
  dense?: boolean;
};

/** Hits as a list: level, field, word (and its replacement), the text around it marked, the note. */
export function SensitiveHitList({
  hits,
  label,
  onSelect,
  isFieldShown = true,
  dense = false,
}: SensitiveHitListProps) {
  return (
    <List component="ol" aria-label={label} dense={dense} disablePadding>
      {hits.map((hit, index) => (
        <ListItem
          key={`${hit.field}:${hit.index}:${index}`}
          disablePadding
          divider={index < hits.length - 1}
          sx={{ display: 'block' }}
        >
          {onSelect ? (
            <ListItemButton
              onClick={() => onSelect(hit)}
              title={`定位到「${hit.title}」`}
              sx={{ px: 1.5, py: 1, alignItems: 'flex-start' }}
            >
              <HitBody hit={hit} isFieldShown={isFieldShown} />
            </ListItemButton>
          ) : (
            <Box sx={{ px: 1.5, py: 1 }}>
              <HitBody hit={hit} isFieldShown={isFieldShown} />
            </Box>
          )}
        </ListItem>
      ))}
    </List>
  );
}
