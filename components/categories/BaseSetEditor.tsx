'use client';

import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BASE_SET_KEYS,
  DEFAULT_BASE_SET,
  type BaseSet,
  type BaseSetEntry,
  type BaseSetKey,
} from '@/lib/categories/schemas';

type BaseSetEditorProps = { value: BaseSet; onChange: (value: BaseSet) => void };

/** The four base columns of an item: the label shown, list column or not, in the form or not. */
export function BaseSetEditor({ value, onChange }: BaseSetEditorProps) {
  const set = (key: BaseSetKey, patch: Partial<BaseSetEntry>) =>
    onChange({ ...value, [key]: { ...value[key], ...patch } });
  return (
    <Paper variant="outlined">
      <Typography variant="body2" sx={{ p: 2, pb: 1, color: 'text.secondary' }}>
        每条内容都有标题、副标题、简介和内容四个基础字段。可以改它们在本栏目中的名称，并决定是否作为列表列、是否出现在表单中。
      </Typography>
      <Table aria-label="基础字段">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 140 }}>字段</TableCell>
            <TableCell>显示名称</TableCell>
            <TableCell align="center" sx={{ width: 120 }}>
              列表显示
            </TableCell>
            <TableCell align="center" sx={{ width: 120 }}>
              表单中显示
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {BASE_SET_KEYS.map((key) => (
            <TableRow key={key}>
              <TableCell>
                {DEFAULT_BASE_SET[key].name}
                <Typography
                  component="code"
                  variant="caption"
                  sx={{
                    display: 'block',
                    color: 'text.secondary',
                    fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
                  }}
                >
                  {key}
                </Typography>
              </TableCell>
              <TableCell>
                <TextField
                  fullWidth
                  size="small"
                  value={value[key].name}
                  placeholder={DEFAULT_BASE_SET[key].name}
                  onChange={(event) => set(key, { name: event.target.value })}
                  slotProps={{
                    htmlInput: { maxLength: 32, 'aria-label': `${DEFAULT_BASE_SET[key].name}的显示名称` },
                  }}
                />
              </TableCell>
              <TableCell align="center">
                <Switch
                  checked={value[key].showlist}
                  onChange={(event) => set(key, { showlist: event.target.checked })}
                  slotProps={{ input: { 'aria-label': `${DEFAULT_BASE_SET[key].name}列表显示` } }}
                />
              </TableCell>
              <TableCell align="center">
                <Switch
                  checked={value[key].isshow}
                  onChange={(event) => set(key, { isshow: event.target.checked })}
                  slotProps={{ input: { 'aria-label': `${DEFAULT_BASE_SET[key].name}表单中显示` } }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
