'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditDetail } from '@/lib/audit/actions';
import { detailLines } from '@/lib/audit/detail-text';

const cell = { py: 0.5, pr: 1.5, verticalAlign: 'top', wordBreak: 'break-word' } as const;

/** An entry's detail: each changed field before → after, then the other values it carries. */
export function AuditLogDetail({ detail }: { detail: AuditDetail }) {
  const lines = detailLines(detail);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        没有更多详情
      </Typography>
    );
  }
  const changes = lines.filter((line) => line.isChange);
  const values = lines.filter((line) => !line.isChange);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, typography: 'body2' }}>
      {changes.length > 0 && (
        <Box component="table" aria-label="修改内容" sx={{ borderCollapse: 'collapse', width: '100%' }}>
          <thead>
            <tr>
              {['字段', '修改前', '修改后'].map((header) => (
                <Box
                  component="th"
                  key={header}
                  sx={{ ...cell, textAlign: 'left', color: 'text.secondary', fontWeight: 500 }}
                >
                  {header}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {changes.map((line) => (
              <tr key={line.key}>
                <Box
                  component="td"
                  sx={{ ...cell, whiteSpace: 'nowrap', color: 'text.secondary' }}
                  title={line.key}
                >
                  {line.label}
                </Box>
                <Box
                  component="td"
                  sx={{
                    ...cell,
                    color: 'error.main',
                    textDecoration: 'line-through',
                    textDecorationColor: 'currentColor',
                  }}
                >
                  {line.from}
                </Box>
                <Box component="td" sx={{ ...cell, color: 'success.main' }}>
                  {line.to}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      {values.length > 0 && (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.5 }}
        >
          {values.map((line) => (
            <Box key={line.key} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {line.label}
              </Box>
              <Box component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {line.to}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
