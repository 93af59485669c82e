'use client';

import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Button from '@mui/material/Button';
import { showToast, TOAST_MS } from '@/lib/client/toast';
import { useState, type RefObject } from 'react';
import { saveSvgAsPng } from './svg-to-png';

/** 保存为图片: the drawing as a PNG download. */
export function SaveImageButton({
  svgRef,
  filename,
  isDisabled = false,
}: {
  svgRef: RefObject<SVGSVGElement | null>;
  filename: string;
  isDisabled?: boolean;
}) {
  const [isSaving, setIsSaving] = useState(false);
  const save = async () => {
    const svg = svgRef.current;
    if (!svg || isSaving) return;
    setIsSaving(true);
    try {
      await saveSvgAsPng({ svg, filename });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      showToast(`保存图片失败：${detail}`, { variant: 'error', autoHideDuration: TOAST_MS });
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<ImageOutlined />}
      onClick={save}
      loading={isSaving}
      loadingPosition="start"
      disabled={isDisabled}
    >
      保存为图片
    </Button>
  );
}
