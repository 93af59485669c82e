'use client';

import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

type FilePickButtonProps = {
  label: string;
  icon?: ReactNode;
  accept?: string;
  isMultiple?: boolean;
  isDisabled?: boolean;
  /** The input's accessible name, e.g. '上传封面图'. */
  inputLabel: string;
  onFiles: (files: File[]) => void;
};

/** A button that opens the file chooser (a real, visually hidden <input type=file>, so it is keyboard and test friendly). */
export function FilePickButton({
  label,
  icon,
  accept,
  isMultiple = false,
  isDisabled = false,
  inputLabel,
  onFiles,
}: FilePickButtonProps) {
  return (
    <Button
      component="label"
      variant="outlined"
      startIcon={icon}
      disabled={isDisabled}
      // The real control is the hidden input (it takes the focus and names itself): the label around
      // it is neither a second tab stop nor a button of its own.
      tabIndex={-1}
      role={undefined}
      // Show the input's keyboard focus on the button.
      sx={{
        alignSelf: 'flex-start',
        '&:has(input:focus-visible)': {
          outline: 2,
          outlineStyle: 'solid',
          outlineColor: 'primary.main',
          outlineOffset: 2,
        },
      }}
    >
      {label}
      <input
        type="file"
        aria-label={inputLabel}
        accept={accept}
        multiple={isMultiple}
        disabled={isDisabled}
        style={{
          position: 'absolute',
          width: 1,
          height: 1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
          opacity: 0,
        }}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so choosing the same file again (after a refusal) fires again.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </Button>
  );
}
