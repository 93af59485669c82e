'use client';

import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { AppLink } from '@/components/common/AppLink';
import { LEVEL_COLORS, levelLabel } from '@/components/sensitive/hit-text';
import type { HomeClass, HomeSensitive, HomeSensitiveClass, HomeSensitiveItem } from '@/lib/home/home-types';

type Paths = Map<number, { path: string; title: string }>;

const count = (value: number) => value.toLocaleString('zh-CN');
/** Words shown per item; the item's 检测 lists every hit. */
const WORDS_SHOWN = 4;

/** The 首页 tile's figure: items holding listed words in the categories whose count is known. */
export const sensitiveFigure = (sensitive: HomeSensitive) => {
  if (!sensitive.has_words) return { value: '—', note: '未设置敏感词' };
  const known = sensitive.classes.filter((entry) => !entry.stale);
  const total = known.reduce((sum, entry) => sum + entry.items, 0);
  const stale = sensitive.classes.length - known.length;
  return {
    value: `${count(total)}${known.some((entry) => entry.capped) ? '+' : ''}`,
    note: stale > 0 ? `${stale} 个栏目需重新检查` : '',
  };
};

function ClassLine({ entry, path, name }: { entry: HomeSensitiveClass; path?: string; name: string }) {
  return (
    <Box
      component="li"
      data-class-id={entry.class_id}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        py: 0.75,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Typography
        component="span"
        sx={{ fontWeight: 600, flex: '1 1 8em', minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {name}
      </Typography>
      <Typography
        component="span"
        variant="body2"
        sx={{ color: entry.stale ? 'warning.main' : 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
      >
        {entry.stale
          ? '词库或字段已更新，请重新检查'
          : `${count(entry.items)}${entry.capped ? '+' : ''} 条含敏感词`}
      </Typography>
      {path && (
        <Button
          size="small"
          component={AppLink}
          href={`${path}?scan=1`}
          aria-label={`${entry.stale ? '重新检查' : '检查'}「${name}」的敏感词`}
        >
          {entry.stale ? '重新检查' : '检查'}
        </Button>
      )}
    </Box>
  );
}

function ItemLine({ item, path }: { item: HomeSensitiveItem; path?: string }) {
  const words = item.words.slice(0, WORDS_SHOWN);
  const rest = item.words.length - words.length;
  const text = (
    <ListItemText
      primary={item.title || '（无标题）'}
      secondary={
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
          {words.map((word) => (
            <Chip
              key={word.word}
              component="span"
              size="small"
              variant="outlined"
              color={LEVEL_COLORS[word.level]}
              label={`${levelLabel(word.level)} ${word.word}`}
            />
          ))}
          {rest > 0 && <span>等 {item.words.length} 个</span>}
          <span>· {dayjs.unix(item.time).format('MM-DD HH:mm')}</span>
        </Box>
      }
      slotProps={{ primary: { noWrap: true, title: item.title } }}
    />
  );
  return path ? (
    <ListItem disablePadding>
      <ListItemButton
        component={AppLink}
        href={`${path}?edit=${item.news_id}&check=1`}
        sx={{ px: 1, borderRadius: 1 }}
      >
        {text}
      </ListItemButton>
    </ListItem>
  ) : (
    <ListItem sx={{ px: 1 }}>{text}</ListItem>
  );
}

/**
 * The 首页's 敏感词 section: each category with items holding listed words (or needing a new
 * 敏感词检查, with a button that opens it in the category) and the newest such items, each opening
 * in its 编辑 dialog with 检测 run. Nothing when no category has any.
 */
export function HomeSensitiveCard({
  sensitive,
  classes,
  paths,
}: {
  sensitive: HomeSensitive;
  classes: HomeClass[];
  paths: Paths;
}) {
  if (!sensitive.has_words || sensitive.classes.length === 0) return null;
  const nameOf = (id: number) => paths.get(id)?.title || classes.find((entry) => entry.id === id)?.name || '';
  return (
    <Card variant="outlined" component="section" aria-labelledby="home-sensitive-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <GppMaybeOutlined fontSize="small" sx={{ color: 'warning.main' }} aria-hidden />
          <Typography id="home-sensitive-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            敏感词
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' }, mt: 1 }}>
          <Box component="ul" aria-label="各栏目含敏感词的内容" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {sensitive.classes.map((entry) => {
              return (
                <ClassLine
                  key={entry.class_id}
                  entry={entry}
                  path={paths.get(entry.class_id)?.path}
                  name={nameOf(entry.class_id)}
                />
              );
            })}
          </Box>
          {sensitive.items.length > 0 && (
            <List dense aria-label="最近含敏感词的内容" sx={{ mx: -1, py: 0 }}>
              {sensitive.items.map((item) => (
                <ItemLine key={item.news_id} item={item} path={paths.get(item.class_id)?.path} />
              ))}
            </List>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
