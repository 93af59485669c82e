'use client';

import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ImportAnswer } from '@/lib/client/api/news-import';
import { isKeyTargetType } from '@/lib/news/import/key-types';
import { headCell, tableBox } from './ImportAnswerParts';

// The 导入 dialog's second step: each column of the file (with sample values) mapped to a field
// or ignored, filled in from the server's automatic / remembered mapping; the key that finds the
// items a row updates; and what a bad row does (nothing imported, or the row skipped).

export type OnError = 'all' | 'skip';

export function ImportMappingStep({
  answer,
  mapping,
  onMappingChange,
  importKey,
  onKeyChange,
  onError,
  onOnErrorChange,
  isPhone,
}: {
  answer: ImportAnswer;
  mapping: Record<string, string>;
  onMappingChange: (update: (current: Record<string, string>) => Record<string, string>) => void;
  importKey: string;
  onKeyChange: (key: string) => void;
  onError: OnError;
  onOnErrorChange: (onError: OnError) => void;
  isPhone: boolean;
}) {
  const { targets } = answer;
  const mappedKeys = new Set(Object.values(mapping).filter(Boolean));
  const keyChoices = targets.filter((target) => isKeyTargetType(target.type) && mappedKeys.has(target.key));
  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        为文件的每一列选择对应的字段；选「不导入」的列会被忽略。
      </Typography>
      <Box sx={tableBox}>
        <Table size="small" aria-label="字段对应">
          <TableHead>
            <TableRow>
              <TableCell sx={headCell}>列</TableCell>
              {!isPhone && <TableCell sx={headCell}>示例</TableCell>}
              <TableCell sx={{ ...headCell, width: isPhone ? '55%' : 200 }}>对应字段</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.columns.map((column) => (
              <TableRow key={column.header}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {column.column}：{column.header}
                  </Typography>
                  {isPhone && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {column.samples.filter(Boolean).join('、') || '（空）'}
                    </Typography>
                  )}
                </TableCell>
                {!isPhone && (
                  <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere', maxWidth: 220 }}>
                    {column.samples.filter(Boolean).join('、') || '（空）'}
                  </TableCell>
                )}
                <TableCell>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    value={mapping[column.header] ?? ''}
                    onChange={(event) =>
                      onMappingChange((current) => {
                        const next = { ...current };
                        // A field takes one column: choosing it here frees it elsewhere.
                        for (const [header, value] of Object.entries(next))
                          if (value === event.target.value) next[header] = '';
                        next[column.header] = event.target.value;
                        return next;
                      })
                    }
                    slotProps={{
                      select: { displayEmpty: true },
                      htmlInput: { 'aria-label': `「${column.header}」对应的字段` },
                    }}
                  >
                    <MenuItem value="">
                      <em>不导入</em>
                    </MenuItem>
                    {targets.map((target) => (
                      <MenuItem key={target.key} value={target.key}>
                        {target.title}
                        {target.required ? '（必填）' : ''}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <TextField
          select
          size="small"
          label="已有内容"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          value={keyChoices.some((choice) => choice.key === importKey) ? importKey : ''}
          onChange={(event) => onKeyChange(event.target.value)}
          sx={{ minWidth: 220, flex: isPhone ? '1 1 100%' : undefined }}
          helperText="按所选列找到已有内容时更新它，其余新建"
        >
          <MenuItem value="">全部新建</MenuItem>
          {keyChoices.map((choice) => (
            <MenuItem key={choice.key} value={choice.key}>
              按「{choice.title}」更新
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="有错误行时"
          value={onError}
          onChange={(event) => onOnErrorChange(event.target.value as OnError)}
          sx={{ minWidth: 220, flex: isPhone ? '1 1 100%' : undefined }}
          helperText={onError === 'all' ? '任何一行有错误都不导入' : '导入正确的行，跳过错误行'}
        >
          <MenuItem value="all">全部不导入</MenuItem>
          <MenuItem value="skip">跳过错误行</MenuItem>
        </TextField>
      </Box>
    </>
  );
}
