import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { SchemaChange } from './schema-changes';

/** Before saving: what the change does to data already stored (hidden fields, checked type changes). */
export function SchemaChangeNotice({ changes }: { changes: SchemaChange[] }) {
  if (changes.length === 0) return null;
  const hasWarning = changes.some((change) => change.tone === 'warning');
  return (
    <Alert severity={hasWarning ? 'warning' : 'info'} aria-label="保存后的变化" sx={{ py: 0.5 }}>
      <AlertTitle sx={{ mb: 0.25, fontSize: '0.95em' }}>保存后将发生以下变化</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {changes.map((change) => (
          <li key={change.text}>{change.text}</li>
        ))}
      </Box>
    </Alert>
  );
}
